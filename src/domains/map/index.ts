import type { Domain } from '../domain.js';
import { searchLatLon } from './search-lat-lon.js';
import { searchLocationAroundLatLon } from './search-location-around-lat-lon.js';

export const mapDomain: Domain = {
  name: 'map',
  description:
    'Places and addresses from an offline gazetteer of real places: reverse geocoding, and searching for businesses, kinds of places, landmarks and addresses near a point.',
  tables: [],
  tools: [searchLatLon, searchLocationAroundLatLon],
};
