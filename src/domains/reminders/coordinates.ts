import { fail } from '../../tools/index.js';

/** Fails with `invalid-value` unless `latitude` is within ±90 degrees. */
export function checkedLatitude(latitude: number): number {
  if (latitude >= -90 && latitude <= 90) return latitude;
  throw fail(
    'invalid-value',
    `latitude ${latitude} is outside -90 to 90 degrees.`,
    'Give latitude in decimal degrees, north positive (e.g. 37.7955); check that latitude and longitude are not swapped.',
    { argument: 'latitude' },
  );
}

/** Fails with `invalid-value` unless `longitude` is within ±180 degrees. */
export function checkedLongitude(longitude: number): number {
  if (longitude >= -180 && longitude <= 180) return longitude;
  throw fail(
    'invalid-value',
    `longitude ${longitude} is outside -180 to 180 degrees.`,
    'Give longitude in decimal degrees, east positive (e.g. -122.3937 for San Francisco).',
    { argument: 'longitude' },
  );
}

/**
 * A place given as an optional latitude and longitude: both or neither. Returns the checked pair, or
 * `undefined` when neither is given.
 */
export function checkedPlace(
  latitude: number | undefined,
  longitude: number | undefined,
): { latitude: number; longitude: number } | undefined {
  if (latitude === undefined && longitude === undefined) return undefined;
  if (latitude === undefined || longitude === undefined) {
    const given = latitude === undefined ? 'longitude' : 'latitude';
    const missing = latitude === undefined ? 'latitude' : 'longitude';
    throw fail(
      'invalid-value',
      `${given} was given without ${missing}; a place needs both.`,
      `Give ${missing} as well, or leave both out.`,
      { argument: missing },
    );
  }
  return { latitude: checkedLatitude(latitude), longitude: checkedLongitude(longitude) };
}
