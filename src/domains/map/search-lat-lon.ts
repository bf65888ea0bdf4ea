import { z } from 'zod';
import { defineTool } from '../../tools/index.js';
import { checkLatitude, checkLongitude } from '../knowledge-data/coordinates.js';
import { nearest } from '../knowledge-data/geodesic-distance.js';
import { loadPlaces } from '../knowledge-data/places.js';
import { requireSetting } from '../settings/index.js';

/** How close the nearest known place must be for its address to count as the point's address. */
export const REVERSE_GEOCODE_RADIUS_KM = 1.5;

/**
 * Deliberate difference from the reference: the address comes from the nearest place of a fixed gazetteer
 * (`data/sandbox/places.json`) instead of a live reverse geocoder, so points far from every known place
 * have no address.
 */
export const searchLatLon = defineTool({
  name: 'search_lat_lon',
  description: 'Finds the street address at a latitude and longitude (reverse geocoding). Needs wifi.',
  parameters: z.object({
    latitude: z.number().describe('Latitude of the point, in degrees (-90 to 90).'),
    longitude: z.number().describe('Longitude of the point, in degrees (-180 to 180).'),
  }),
  returns:
    'The address as one line of text, e.g. "1 Ferry Building, San Francisco, CA 94111, USA", or null when no address is known there.',
  kind: 'read',
  domain: 'map',
  dependsOn: ['wifi'],
  run({ latitude, longitude }, context) {
    checkLatitude(latitude, 'latitude');
    checkLongitude(longitude, 'longitude');
    requireSetting(context.world, 'wifi', 'search_lat_lon');
    const closest = nearest(loadPlaces().places, { latitude, longitude });
    return closest && closest.distanceKm <= REVERSE_GEOCODE_RADIUS_KM ? closest.item.address : null;
  },
});
