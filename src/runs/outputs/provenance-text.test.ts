import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../util/index.js';
import { provenanceLine, withThousands } from './provenance-text.js';

describe('provenance text', () => {
  it('writes integers with thousands separators exactly as toLocaleString("en-US") does', () => {
    const random = seededRandom('thousands');
    const values = [0, 7, -7, 999, 1000, -1000, 3159, 1_234_567, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];
    for (let index = 0; index < 2000; index += 1) values.push(Math.floor((random() - 0.5) * 10 ** (1 + (index % 15))));
    for (const value of values) expect(withThousands(value), String(value)).toBe(value.toLocaleString('en-US'));
  });

  it('names the cases with their count and set hash', () => {
    expect(
      provenanceLine({ scoring: 'paper', cases: { source: 'built-in', count: 3159, hash: 'abcdef0123456789' } }),
    ).toBe('paper · cases built-in (3,159, set abcdef01)');
  });
});
