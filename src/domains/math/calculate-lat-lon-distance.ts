import { z } from 'zod';
import { defineTool } from '../../tools/index.js';
import { checkLatitude, checkLongitude } from '../knowledge-data/coordinates.js';
import { geodesicDistanceKm } from '../knowledge-data/geodesic-distance.js';

export const calculateLatLonDistance = defineTool({
  name: 'calculate_lat_lon_distance',
  description:
    'Computes the distance between two points given by latitude and longitude, along the surface of the Earth (WGS84 ellipsoid).',
  parameters: z.object({
    latitude_0: z.number().describe('Latitude of the first point, in degrees (-90 to 90).'),
    longitude_0: z.number().describe('Longitude of the first point, in degrees (-180 to 180).'),
    latitude_1: z.number().describe('Latitude of the second point, in degrees (-90 to 90).'),
    longitude_1: z.number().describe('Longitude of the second point, in degrees (-180 to 180).'),
  }),
  returns: 'The distance in kilometres, as a float.',
  kind: 'read',
  domain: 'math',
  run({ latitude_0, longitude_0, latitude_1, longitude_1 }) {
    checkLatitude(latitude_0, 'latitude_0');
    checkLongitude(longitude_0, 'longitude_0');
    checkLatitude(latitude_1, 'latitude_1');
    checkLongitude(longitude_1, 'longitude_1');
    return geodesicDistanceKm(
      { latitude: latitude_0, longitude: longitude_0 },
      { latitude: latitude_1, longitude: longitude_1 },
    );
  },
});
