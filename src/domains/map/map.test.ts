import { describe, expect, it } from 'vitest';
import { runTool } from '../../testing/run-tool.js';
import { loadPlaces } from '../knowledge-data/places.js';
import { APPLE_PARK, testPhoneWorld } from '../knowledge-data/test-phone-world.test-helpers.js';
import { searchLatLon } from './search-lat-lon.js';
import { MAX_RESULTS, SEARCH_RADIUS_KM, searchLocationAroundLatLon } from './search-location-around-lat-lon.js';

/** Union Square, San Francisco. */
const UNION_SQUARE = { latitude: 37.7879, longitude: -122.4075 };

interface PlaceResult {
  name: string;
  address: string;
  latitude: number;
  longitude: number;
  category: string;
  phone_number: string | null;
  distance_km: number;
}

async function search(args: Record<string, unknown>, world = testPhoneWorld()): Promise<PlaceResult[]> {
  const { outcome } = await runTool(searchLocationAroundLatLon, args, world);
  if (outcome.type !== 'result') throw new Error(`expected places, got ${JSON.stringify(outcome.error)}`);
  return outcome.value as PlaceResult[];
}

async function searchError(args: Record<string, unknown>, world = testPhoneWorld()) {
  const { outcome } = await runTool(searchLocationAroundLatLon, args, world);
  if (outcome.type !== 'error') throw new Error(`expected an error, got ${JSON.stringify(outcome.value)}`);
  return outcome.error;
}

describe('search_lat_lon', () => {
  it('gives the address of the nearest known place, as the reference did for Apple Park', async () => {
    const { outcome } = await runTool(searchLatLon, APPLE_PARK, testPhoneWorld());
    expect(outcome).toEqual({ type: 'result', value: 'One Apple Park Way, Cupertino, CA 95014, USA' });
  });

  it('returns null far from every known place', async () => {
    const { outcome } = await runTool(searchLatLon, { latitude: 40, longitude: -100 }, testPhoneWorld());
    expect(outcome).toEqual({ type: 'result', value: null });
  });

  it('rejects a latitude out of range', async () => {
    const { outcome } = await runTool(searchLatLon, { latitude: 137.3, longitude: -122 }, testPhoneWorld());
    expect(outcome.type === 'error' && outcome.error.kind).toBe('invalid-value');
  });

  it('needs wifi', async () => {
    const { outcome } = await runTool(searchLatLon, APPLE_PARK, testPhoneWorld({ wifi: false }));
    expect(outcome.type === 'error' && outcome.error.kind).toBe('connection');
  });
});

describe('search_location_around_lat_lon', () => {
  it('disambiguates the Starbucks branches of San Francisco by distance', async () => {
    const results = await search({ location: 'Starbucks', ...UNION_SQUARE });
    const branchesInCity = loadPlaces().places.filter(
      (place) => place.brand === 'Starbucks' && place.city === 'San Francisco',
    );
    expect(branchesInCity.length).toBeGreaterThanOrEqual(3);
    expect(results).toHaveLength(Math.min(MAX_RESULTS, branchesInCity.length));
    expect(results.every((result) => result.name.includes('Starbucks'))).toBe(true);
    expect(new Set(results.map((result) => result.address)).size).toBe(results.length);
    const distances = results.map((result) => result.distance_km);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeLessThan(1);
  });

  it('returns the documented keys for each place', async () => {
    const [first] = await search({ location: 'Golden Gate Bridge', ...UNION_SQUARE });
    expect(first).toMatchObject({ name: 'Golden Gate Bridge', category: 'landmark' });
    expect(Object.keys(first ?? {}).sort()).toEqual(
      ['address', 'category', 'distance_km', 'latitude', 'longitude', 'name', 'phone_number'].sort(),
    );
  });

  it('finds places by kind, including words people use for the category', async () => {
    const cafes = await search({ location: 'coffee shop', ...UNION_SQUARE });
    expect(cafes.length).toBeGreaterThan(0);
    expect(cafes.every((place) => place.category === 'cafe')).toBe(true);
    const museums = await search({ location: 'museums', ...UNION_SQUARE });
    expect(museums.every((place) => place.category === 'museum')).toBe(true);
  });

  it('ranks a better match above a nearer weaker one', async () => {
    const results = await search({ location: 'apple store', ...APPLE_PARK });
    expect(results[0]?.category).toBe('store');
    expect(results[1]?.distance_km).toBeLessThan(results[0]?.distance_km ?? 0);
  });

  it('tolerates spelling slips and finds addresses', async () => {
    expect((await search({ location: 'Phillz Coffee', ...UNION_SQUARE }))[0]?.name).toBe('Philz Coffee');
    expect((await search({ location: '1 Infinite Loop', ...APPLE_PARK }))[0]?.address).toContain('1 Infinite Loop');
  });

  it('does not let a shared generic word make a match', async () => {
    const results = await search({ location: 'gas station', ...APPLE_PARK });
    expect(results.every((place) => place.category === 'gas station')).toBe(true);
  });

  it(`keeps to ${SEARCH_RADIUS_KM} km of the point and returns [] when nothing matches`, async () => {
    const results = await search({ location: 'Starbucks', ...APPLE_PARK });
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((place) => place.distance_km <= SEARCH_RADIUS_KM)).toBe(true);
    expect(await search({ location: 'Zyxwv Qqq', ...UNION_SQUARE })).toEqual([]);
  });

  it('searches around the current location when no coordinates are given', async () => {
    const aroundMe = await search({ location: 'Starbucks' });
    expect(aroundMe).toEqual(await search({ location: 'Starbucks', ...APPLE_PARK }));
  });

  it('needs location service only when searching around the current location', async () => {
    const locationOff = testPhoneWorld({ location_service: false });
    const failure = await searchError({ location: 'Starbucks' }, locationOff);
    expect(failure.kind).toBe('permission');
    expect(failure.hint).toContain('set_location_service_status');
    expect((await search({ location: 'Starbucks', ...UNION_SQUARE }, locationOff)).length).toBeGreaterThan(0);
  });

  it('rejects only one of latitude and longitude', async () => {
    const failure = await searchError({ location: 'Starbucks', latitude: 37.78 });
    expect(failure.kind).toBe('invalid-value');
    expect(failure.message).toContain('Only latitude was given');
  });

  it('rejects a longitude out of range', async () => {
    const failure = await searchError({ location: 'Starbucks', latitude: 37.78, longitude: -222.4 });
    expect(failure.kind).toBe('invalid-value');
  });

  it('needs wifi', async () => {
    const failure = await searchError({ location: 'Starbucks', ...UNION_SQUARE }, testPhoneWorld({ wifi: false }));
    expect(failure.kind).toBe('connection');
  });
});
