import { fail } from '../../tools/index.js';

/** Fails with `invalid-value` unless `value` is a latitude in degrees (−90 to 90). */
export function checkLatitude(value: number, argument: string): void {
  if (value >= -90 && value <= 90) return;
  throw fail(
    'invalid-value',
    `${argument} = ${value} is not a latitude: latitudes run from -90 (south pole) to 90 (north pole) degrees.`,
    looksSwapped(value)
      ? `Did you swap latitude and longitude? ${value} looks like a longitude.`
      : 'Give the latitude in decimal degrees, e.g. 37.33.',
    { argument, value },
  );
}

/** Fails with `invalid-value` unless `value` is a longitude in degrees (−180 to 180). */
export function checkLongitude(value: number, argument: string): void {
  if (value >= -180 && value <= 180) return;
  throw fail(
    'invalid-value',
    `${argument} = ${value} is not a longitude: longitudes run from -180 to 180 degrees.`,
    'Give the longitude in decimal degrees, e.g. -122.01 (west of Greenwich is negative).',
    { argument, value },
  );
}

function looksSwapped(value: number): boolean {
  return Math.abs(value) > 90 && Math.abs(value) <= 180;
}
