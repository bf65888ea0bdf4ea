import { describe, expect, it } from 'vitest';
import { radarPoints } from './radar-chart';

describe('radar chart geometry', () => {
  it('puts the first axis straight up and turns clockwise, scaling each value by the radius', () => {
    const [top, right, bottom, left] = radarPoints([1, 0.5, 0.25, 1], 100);
    expect(top?.x).toBeCloseTo(0);
    expect(top?.y).toBeCloseTo(-100);
    expect(right?.x).toBeCloseTo(50);
    expect(right?.y).toBeCloseTo(0);
    expect(bottom?.y).toBeCloseTo(25);
    expect(left?.x).toBeCloseTo(-100);
  });

  it('clamps values outside [0, 1] and draws a missing value at the centre', () => {
    const [over, missing, under] = radarPoints([2, null, -1], 10);
    expect(Math.hypot(over?.x ?? 0, over?.y ?? 0)).toBeCloseTo(10);
    expect(Math.hypot(missing?.x ?? 0, missing?.y ?? 0)).toBeCloseTo(0);
    expect(Math.hypot(under?.x ?? 0, under?.y ?? 0)).toBeCloseTo(0);
  });
});
