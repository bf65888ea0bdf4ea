import type { Domain } from '../domain.js';
import { searchWeatherAroundLatLon } from './search-weather-around-lat-lon.js';

export const weatherDomain: Domain = {
  name: 'weather',
  description:
    'Weather today and up to 14 days ahead near major cities, simulated deterministically from climate normals.',
  tables: [],
  tools: [searchWeatherAroundLatLon],
};
