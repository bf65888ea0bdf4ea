import { describe, expect, it } from 'vitest';
import { isCertainlyFartherThan } from './distance-lower-bound.js';
import { geodesicDistanceKm } from './geodesic-distance.js';

describe('bounding-box prefilter', () => {
  it('never rules out a point within the distance (random pairs, every latitude, across the antimeridian)', () => {
    let state = 42;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    let ruledOut = 0;
    for (let trial = 0; trial < 1500; trial += 1) {
      const from = { latitude: random() * 178 - 89, longitude: random() * 360 - 180 };
      const spread = [0.05, 0.5, 3, 30][trial % 4] as number;
      const to = {
        latitude: Math.max(-89.9, Math.min(89.9, from.latitude + (random() - 0.5) * spread)),
        longitude: ((from.longitude + (random() - 0.5) * spread * 2 + 540) % 360) - 180,
      };
      const distance = geodesicDistanceKm(from, to);
      for (const km of [1.5, 50, 500]) {
        if (isCertainlyFartherThan(from, to, km)) {
          ruledOut += 1;
          expect(distance, JSON.stringify({ from, to, km })).toBeGreaterThan(km);
        }
      }
    }
    // It must also be useful: most far pairs are ruled out without the geodesic.
    expect(ruledOut).toBeGreaterThan(1500);
  });

  it('rules out the other side of the world and keeps a point next door', () => {
    const sanFrancisco = { latitude: 37.7749, longitude: -122.4194 };
    expect(isCertainlyFartherThan(sanFrancisco, { latitude: 51.5, longitude: -0.12 }, 50)).toBe(true);
    expect(isCertainlyFartherThan(sanFrancisco, { latitude: 37.8, longitude: -122.4 }, 50)).toBe(false);
  });
});
