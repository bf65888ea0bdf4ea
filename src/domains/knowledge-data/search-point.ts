/**
 * Where a search happens: the latitude and longitude given, or the device's current position when both are
 * left out (which needs location service, as in the reference).
 */
import { fail } from '../../tools/index.js';
import { currentLocation, type TableReader } from '../settings/index.js';
import { checkLatitude, checkLongitude } from './coordinates.js';
import type { LatLon } from './geodesic-distance.js';

export function resolveSearchPoint(
  world: TableReader,
  latitude: number | undefined,
  longitude: number | undefined,
  toolName: string,
): LatLon {
  if (latitude === undefined && longitude === undefined) return currentLocation(world, toolName);
  if (latitude === undefined || longitude === undefined) {
    const given = latitude === undefined ? 'longitude' : 'latitude';
    const missing = latitude === undefined ? 'latitude' : 'longitude';
    throw fail(
      'invalid-value',
      `Only ${given} was given. ${toolName} needs both latitude and longitude, or neither to search around the current location.`,
      `Add ${missing}, or leave out ${given} as well.`,
      { missing },
    );
  }
  checkLatitude(latitude, 'latitude');
  checkLongitude(longitude, 'longitude');
  return { latitude, longitude };
}
