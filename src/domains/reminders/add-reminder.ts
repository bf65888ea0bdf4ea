import { z } from 'zod';
import { defineTool } from '../../tools/index.js';
import { checkedTimestamp } from '../messaging/index.js';
import { checkedPlace } from './coordinates.js';
import { checkedContent } from './reminder-checks.js';
import { REMINDERS_TABLE } from './reminders-table.js';

export const addReminder = defineTool({
  name: 'add_reminder',
  description:
    'Creates a reminder and returns its reminder_id. A reminder can also be tied to a place: give ' +
    'latitude and longitude together, or neither.',
  parameters: z.object({
    content: z.string().describe('What to be reminded of.'),
    reminder_timestamp: z.number().describe('When the reminder is due, as a POSIX timestamp in seconds.'),
    latitude: z.number().optional().describe('Latitude of the place, in decimal degrees (needs longitude too).'),
    longitude: z.number().optional().describe('Longitude of the place, in decimal degrees (needs latitude too).'),
  }),
  returns: 'The reminder_id (a string) of the new reminder.',
  kind: 'action',
  domain: 'reminders',
  run({ content, reminder_timestamp, latitude, longitude }, context) {
    const checkedText = checkedContent(content);
    const dueAt = checkedTimestamp(reminder_timestamp, 'reminder_timestamp');
    const place = checkedPlace(latitude, longitude);
    const reminder_id = context.world.newId();
    context.world.insert(REMINDERS_TABLE.name, {
      reminder_id,
      content: checkedText,
      creation_timestamp: context.clock.now(),
      reminder_timestamp: dueAt,
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
    });
    return reminder_id;
  },
});
