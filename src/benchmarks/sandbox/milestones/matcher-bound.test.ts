import { describe, expect, it } from 'vitest';
import { byDecreasingBound } from './matcher-bound.js';

/** The order by sorting every index with the comparator (what `byDecreasingBound` must equal). */
function sortedByComparator(values: Float64Array): number[] {
  const orderable = (value: number) => (Number.isNaN(value) ? -1 : value);
  return [...values.keys()].sort((a, b) => orderable(values[b] as number) - orderable(values[a] as number) || a - b);
}

describe('byDecreasingBound', () => {
  it('orders candidates as a full sort by decreasing bound (NaN as -1), ties by index', () => {
    let state = 42;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const pool = [0, 0, 0, -0, 1, 0.5, 0.25, Number.NaN, -1, -0.5, 0.5, 1e-9, 2];
    for (let round = 0; round < 500; round += 1) {
      const length = Math.floor(random() * 20);
      const values = Float64Array.from({ length }, () => pool[Math.floor(random() * pool.length)] as number);
      expect([...byDecreasingBound(values)], `[${[...values].join(', ')}]`).toEqual(sortedByComparator(values));
    }
    expect([...byDecreasingBound(Float64Array.from([0, 0.5, Number.NaN, 1, 0, 0.5]))]).toEqual([3, 1, 5, 0, 4, 2]);
  });
});
