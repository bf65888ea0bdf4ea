import type { Domain } from '../domain.js';
import { calculateLatLonDistance } from './calculate-lat-lon-distance.js';
import { unitConversion } from './unit-conversion.js';

export const mathDomain: Domain = {
  name: 'math',
  description: 'Offline calculations: converting amounts between units, and the distance between two coordinates.',
  tables: [],
  tools: [unitConversion, calculateLatLonDistance],
};
