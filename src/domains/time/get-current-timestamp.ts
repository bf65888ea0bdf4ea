import { z } from 'zod';
import { defineTool } from '../../tools/index.js';

export const getCurrentTimestamp = defineTool({
  name: 'get_current_timestamp',
  description: 'Gives the current moment as a POSIX timestamp: seconds since 1970-01-01 00:00 UTC.',
  parameters: z.object({}),
  returns: 'The current POSIX timestamp in seconds, as a float.',
  kind: 'read',
  domain: 'time',
  run(_args, context) {
    return context.clock.now();
  },
});
