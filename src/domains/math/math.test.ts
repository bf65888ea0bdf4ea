import { describe, expect, it } from 'vitest';
import { runTool } from '../../testing/run-tool.js';
import { testPhoneWorld } from '../knowledge-data/test-phone-world.test-helpers.js';
import { calculateLatLonDistance } from './calculate-lat-lon-distance.js';
import { unitConversion } from './unit-conversion.js';

const world = testPhoneWorld();

async function convert(amount: number, from_unit: string, to_unit: string) {
  return (await runTool(unitConversion, { amount, from_unit, to_unit }, world)).outcome;
}

describe('unit_conversion', () => {
  it.each([
    [100, 'celsius', 'fahrenheit', 212],
    [212, '°F', 'degC', 100],
    [-40, 'Fahrenheit', 'Celsius', -40],
    [300, 'K', 'C', 26.85],
    [10, 'km', 'miles', 6.21371192237],
    [26.2, 'Miles', 'kilometres', 42.1648128],
    [1, 'mi', 'm', 1609.344],
    [10, 'pounds', 'kg', 4.5359237],
    [2, 'lbs', 'ounces', 32],
    [1, 'gallons', 'liters', 3.785411784],
    [60, 'mph', 'kph', 96.56064],
    [100, 'square feet', 'sq m', 9.290304],
    [1, 'hours', 'minutes', 60],
    [3, 'feet', 'inches', 36],
    [1, 'kcal', 'kJ', 4.184],
    [10, 'knots', 'km/h', 18.519984],
  ])('converts %d %s to %s', async (amount, from, to, expected) => {
    const outcome = await convert(amount, from, to);
    expect(outcome.type).toBe('result');
    if (outcome.type === 'result') expect(outcome.value).toBeCloseTo(expected, 6);
  });

  it('returns a clean float without binary noise', async () => {
    expect(await convert(300, 'K', 'C')).toEqual({ type: 'result', value: 26.85 });
  });

  it('names an unknown unit and suggests known ones', async () => {
    const outcome = await convert(1, 'furlongs', 'km');
    expect(outcome.type).toBe('error');
    if (outcome.type !== 'error') return;
    expect(outcome.error.kind).toBe('invalid-value');
    expect(outcome.error.message).toContain('from_unit "furlongs"');
    expect(outcome.error.hint).toContain('fahrenheit');
  });

  it('explains why two units do not convert', async () => {
    const outcome = await convert(5, 'km', 'kg');
    expect(outcome.type).toBe('error');
    if (outcome.type !== 'error') return;
    expect(outcome.error.kind).toBe('invalid-value');
    expect(outcome.error.message).toContain('a length');
    expect(outcome.error.message).toContain('a mass');
  });

  it('refuses text that is an expression rather than a unit', async () => {
    for (const text of ['5 km', 'km + 3', '(m)']) {
      const outcome = await convert(1, text, 'm');
      expect(outcome.type === 'error' && outcome.error.kind).toBe('invalid-value');
    }
  });
});

describe('calculate_lat_lon_distance', () => {
  it('measures along the WGS84 ellipsoid', async () => {
    const { outcome } = await runTool(
      calculateLatLonDistance,
      { latitude_0: 37.334606, longitude_0: -122.009102, latitude_1: 37.7749, longitude_1: -122.4194 },
      world,
    );
    expect(outcome.type).toBe('result');
    if (outcome.type === 'result') expect(outcome.value).toBeCloseTo(60.847, 2);
  });

  it('gives the ellipsoidal, not spherical, length of a meridian degree at the equator', async () => {
    const { outcome } = await runTool(
      calculateLatLonDistance,
      { latitude_0: 0, longitude_0: 0, latitude_1: 1, longitude_1: 0 },
      world,
    );
    if (outcome.type === 'result') expect(outcome.value).toBeCloseTo(110.574, 2);
    else throw new Error('expected a result');
  });

  it('rejects an out-of-range latitude, suspecting swapped coordinates', async () => {
    const { outcome } = await runTool(
      calculateLatLonDistance,
      { latitude_0: -122.0, longitude_0: 37.3, latitude_1: 0, longitude_1: 0 },
      world,
    );
    expect(outcome.type).toBe('error');
    if (outcome.type !== 'error') return;
    expect(outcome.error.kind).toBe('invalid-value');
    expect(outcome.error.message).toContain('latitude_0');
    expect(outcome.error.hint).toContain('swap');
  });

  it('rejects an out-of-range longitude', async () => {
    const { outcome } = await runTool(
      calculateLatLonDistance,
      { latitude_0: 0, longitude_0: 0, latitude_1: 0, longitude_1: 200 },
      world,
    );
    expect(outcome.type === 'error' && outcome.error.message).toContain('longitude_1');
  });
});
