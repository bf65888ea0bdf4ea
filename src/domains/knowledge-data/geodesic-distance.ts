import geodesic from 'geographiclib-geodesic';
import { remembered, rememberedUpTo } from '../../util/index.js';
import { isCertainlyFartherThan } from './distance-lower-bound.js';

/** A point on the Earth, in degrees. */
export interface LatLon {
  readonly latitude: number;
  readonly longitude: number;
}

/** Distance in kilometres along the WGS84 ellipsoid (Karney's geodesic, accurate to nanometres). */
export function geodesicDistanceKm(from: LatLon, to: LatLon): number {
  const { s12 } = geodesic.Geodesic.WGS84.Inverse(from.latitude, from.longitude, to.latitude, to.longitude);
  if (s12 === undefined) throw new Error('geographiclib returned no distance for an inverse problem');
  return s12 / 1000;
}

/**
 * Nearest items already found, per list (the data files' lists never change) and point; the same points
 * come back in every case of a scenario. Bounded per list.
 */
const nearestByList = new WeakMap<readonly LatLon[], Map<string, { item: LatLon; distanceKm: number } | undefined>>();
const MAX_REMEMBERED_POINTS = 10_000;

/** The item nearest to `point`, with its distance; undefined for an empty list. Ties go to the earlier item. */
export function nearest<Item extends LatLon>(
  items: readonly Item[],
  point: LatLon,
): { item: Item; distanceKm: number } | undefined {
  const byPoint = remembered(nearestByList, items, () => new Map());
  const key = `${point.latitude}\u0000${point.longitude}`;
  const found = rememberedUpTo(byPoint, MAX_REMEMBERED_POINTS, key, () => nearestAfresh(items, point)) as
    | { item: Item; distanceKm: number }
    | undefined;
  return found && { ...found };
}

function nearestAfresh<Item extends LatLon>(
  items: readonly Item[],
  point: LatLon,
): { item: Item; distanceKm: number } | undefined {
  let best: { item: Item; distanceKm: number } | undefined;
  for (const item of items) {
    if (best && isCertainlyFartherThan(point, item, best.distanceKm)) continue;
    const distanceKm = geodesicDistanceKm(point, item);
    if (!best || distanceKm < best.distanceKm) best = { item, distanceKm };
  }
  return best;
}
