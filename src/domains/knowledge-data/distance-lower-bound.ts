import type { LatLon } from './geodesic-distance.js';

/** WGS84 equatorial radius, km. */
const EQUATORIAL_RADIUS_KM = 6378.137;
/** The shortest meridian degree on WGS84 (at the equator), km: no path changes latitude faster. */
const MIN_KM_PER_DEGREE_LATITUDE = 110.574;
const RADIANS = Math.PI / 180;

/**
 * A bounding-box test before the exact and costly geodesic: true only when the geodesic distance is
 * certainly above `km`. If the distance were at most `km`, the path could not change latitude by more
 * than `km` at the shortest meridian degree, so it would stay within `km / 110.574`° of the endpoints'
 * latitudes, where a degree of longitude is at least a·cos φ·π/180 long (a parallel's radius N·cos φ is
 * at least a·cos φ); either difference needing more than `km` proves the distance is larger. Skipping a
 * point with it is therefore exact.
 */
export function isCertainlyFartherThan(from: LatLon, to: LatLon, km: number): boolean {
  const latitudeDegrees = Math.abs(from.latitude - to.latitude);
  if (latitudeDegrees * MIN_KM_PER_DEGREE_LATITUDE > km) return true;
  let longitudeDegrees = Math.abs(from.longitude - to.longitude) % 360;
  if (longitudeDegrees > 180) longitudeDegrees = 360 - longitudeDegrees;
  const poleward = Math.max(Math.abs(from.latitude), Math.abs(to.latitude)) + km / MIN_KM_PER_DEGREE_LATITUDE;
  if (poleward >= 89.9) return false;
  return longitudeDegrees * RADIANS * EQUATORIAL_RADIUS_KM * Math.cos(poleward * RADIANS) > km;
}
