import { z } from 'zod';
import { defineTool, fail } from '../../tools/index.js';
import { rememberedUpTo } from '../../util/index.js';
import { isCertainlyFartherThan } from '../knowledge-data/distance-lower-bound.js';
import { geodesicDistanceKm, type LatLon } from '../knowledge-data/geodesic-distance.js';
import { loadPlaces } from '../knowledge-data/places.js';
import { resolveSearchPoint } from '../knowledge-data/search-point.js';
import { normalizeSearchText } from '../knowledge-data/search-text.js';
import { requireSetting } from '../settings/index.js';
import { indexPlace, MATCH_TIERS, type MatchTier, matchTier, type PlaceIndex } from './place-matching.js';

/** How far from the search point a place may be. */
export const SEARCH_RADIUS_KM = 50;
/** How many places a search returns at most. */
export const MAX_RESULTS = 5;

let placeIndexes: readonly PlaceIndex[] | undefined;

/**
 * Deliberate difference from the reference: places come from a fixed gazetteer (`data/sandbox/places.json`)
 * instead of a live maps service, every result carries its distance, and up to 5 come back (the reference
 * asked for 4).
 */
export const searchLocationAroundLatLon = defineTool({
  name: 'search_location_around_lat_lon',
  description:
    'Searches for places near a point: a business or brand (e.g. "Starbucks"), a kind of place (e.g. ' +
    '"coffee shop", "museum"), a landmark by name, or an address. Without latitude and longitude it ' +
    'searches around the current location (needs location service). Needs wifi.',
  parameters: z.object({
    location: z.string().describe('What to look for, e.g. "Starbucks", "pharmacy" or "Golden Gate Bridge".'),
    latitude: z
      .number()
      .optional()
      .describe(
        'Latitude of the point to search around, in degrees. Leave out with longitude to use the current location.',
      ),
    longitude: z
      .number()
      .optional()
      .describe(
        'Longitude of the point to search around, in degrees. Leave out with latitude to use the current location.',
      ),
  }),
  returns:
    `A list of up to ${MAX_RESULTS} places within ${SEARCH_RADIUS_KM} km, best match first and nearer first among ` +
    'equally good matches; each { name, address, latitude, longitude, category, phone_number, distance_km } ' +
    '(phone_number may be null). An empty list when nothing matches.',
  kind: 'read',
  domain: 'map',
  dependsOn: ['wifi', 'location_service'],
  run({ location, latitude, longitude }, context) {
    const point = resolveSearchPoint(context.world, latitude, longitude, 'search_location_around_lat_lon');
    requireSetting(context.world, 'wifi', 'search_location_around_lat_lon');
    const query = normalizeSearchText(location);
    if (query.length < 2) {
      throw fail(
        'invalid-value',
        `location "${location}" is too short to search for.`,
        'Give a name, a kind of place or an address, e.g. "Starbucks" or "museum".',
      );
    }
    return searchPlaces(query, point);
  },
});

/**
 * Match tiers already computed, by query and place: the gazetteer never changes and the same queries
 * come back in every trial and augmentation of a scenario. Cleared when it grows large, so a long run
 * with inventive queries cannot grow it without bound.
 */
const tiers = new Map<string, MatchTier | null>();
const MAX_REMEMBERED_TIERS = 200_000;

function rememberedTier(query: string, index: PlaceIndex): MatchTier | undefined {
  const key = `${query}\u0000${index.place.id}`;
  let tier = tiers.get(key);
  if (tier === undefined) {
    if (tiers.size >= MAX_REMEMBERED_TIERS) tiers.clear();
    tier = matchTier(query, index) ?? null;
    tiers.set(key, tier);
  }
  return tier ?? undefined;
}

/** A place as a search returns it. */
interface FoundPlace {
  readonly name: string;
  readonly address: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly category: string;
  readonly phone_number: string | null;
  readonly distance_km: number;
}

/**
 * Whole searches already done, by query and point (the gazetteer never changes; every opening and
 * augmentation of a scenario searches the same). Each call gets its own copies. Cleared when large.
 */
const searches = new Map<string, readonly FoundPlace[]>();
const MAX_REMEMBERED_SEARCHES = 20_000;

function searchPlaces(query: string, point: LatLon): FoundPlace[] {
  const key = `${query}\u0000${point.latitude}\u0000${point.longitude}`;
  let found = searches.get(key);
  if (!found) {
    if (searches.size >= MAX_REMEMBERED_SEARCHES) searches.clear();
    found = searchGazetteer(query, point);
    searches.set(key, found);
  }
  return found.map((place) => ({ ...place }));
}

/**
 * Geodesic distances already computed, per search point and place (by its position in the gazetteer;
 * NaN where not computed yet): agents search several things around the same few points. Cleared when
 * it holds many points.
 */
const distancesByPoint = new Map<string, Float64Array>();
const MAX_REMEMBERED_POINTS = 2000;

function searchGazetteer(query: string, point: LatLon): FoundPlace[] {
  placeIndexes ??= loadPlaces().places.map(indexPlace);
  const indexes = placeIndexes;
  const distances = rememberedUpTo(
    distancesByPoint,
    MAX_REMEMBERED_POINTS,
    `${point.latitude},${point.longitude}`,
    () => new Float64Array(indexes.length).fill(Number.NaN),
  );
  const matches: { index: PlaceIndex; tier: MatchTier; distanceKm: number }[] = [];
  for (let position = 0; position < indexes.length; position += 1) {
    const index = indexes[position] as PlaceIndex;
    if (isCertainlyFartherThan(point, index.place, SEARCH_RADIUS_KM)) continue;
    let distanceKm = distances[position] as number;
    if (Number.isNaN(distanceKm)) {
      distanceKm = geodesicDistanceKm(point, index.place);
      distances[position] = distanceKm;
    }
    if (distanceKm > SEARCH_RADIUS_KM) continue;
    const tier = rememberedTier(query, index);
    if (tier) matches.push({ index, tier, distanceKm });
  }
  matches.sort(
    (a, b) =>
      MATCH_TIERS.indexOf(a.tier) - MATCH_TIERS.indexOf(b.tier) ||
      a.distanceKm - b.distanceKm ||
      a.index.place.id.localeCompare(b.index.place.id),
  );
  return matches.slice(0, MAX_RESULTS).map(({ index: { place }, distanceKm }) => ({
    name: place.name,
    address: place.address,
    latitude: place.latitude,
    longitude: place.longitude,
    category: place.category.replaceAll('_', ' '),
    phone_number: place.phone,
    distance_km: Math.round(distanceKm * 100) / 100,
  }));
}
