import { z } from 'zod';
import { defineTool } from '../../tools/index.js';
import { currentLocation } from './require-setting.js';

export const getCurrentLocation = defineTool({
  name: 'get_current_location',
  description:
    'Gives the current position of the phone as latitude and longitude in degrees. Needs location service on.',
  parameters: z.object({}),
  returns: 'An object { latitude, longitude } in degrees.',
  kind: 'read',
  domain: 'settings',
  dependsOn: ['location_service'],
  run(_args, context) {
    return currentLocation(context.world, 'get_current_location');
  },
});
