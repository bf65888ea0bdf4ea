import { z } from 'zod';
import type { CellValue } from '../../spec/index.js';
import { defineTool, fail } from '../../tools/index.js';
import { checkedTimestamp } from '../messaging/index.js';
import { checkedPlace } from './coordinates.js';
import { checkedContent, requireReminder } from './reminder-checks.js';
import { REMINDERS_TABLE } from './reminders-table.js';

/**
 * Unlike the reference (which removed the row and added it again), this updates the reminder in place.
 * A place cannot be cleared here, because an omitted and a null argument mean the same; remove the
 * reminder and add it again without a place instead.
 */
export const modifyReminder = defineTool({
  name: 'modify_reminder',
  description:
    'Changes an existing reminder. Give its reminder_id and at least one new value; details left out ' +
    'stay as they are. A new place needs latitude and longitude together. The creation time is set to now.',
  parameters: z.object({
    reminder_id: z.string().describe('The reminder_id of the reminder to change (search_reminder finds it).'),
    content: z.string().optional().describe('The new text.'),
    reminder_timestamp: z.number().optional().describe('The new due time, as a POSIX timestamp in seconds.'),
    latitude: z.number().optional().describe('Latitude of the new place, in decimal degrees (needs longitude too).'),
    longitude: z.number().optional().describe('Longitude of the new place, in decimal degrees (needs latitude too).'),
  }),
  returns: 'Nothing.',
  kind: 'action',
  domain: 'reminders',
  run({ reminder_id, content, reminder_timestamp, latitude, longitude }, context) {
    if (
      content === undefined &&
      reminder_timestamp === undefined &&
      latitude === undefined &&
      longitude === undefined
    ) {
      throw fail(
        'invalid-value',
        'modify_reminder was given nothing to change.',
        'Give at least one of: content, reminder_timestamp, or latitude with longitude.',
      );
    }
    requireReminder(context.world, reminder_id);
    const patch: Record<string, CellValue> = { creation_timestamp: context.clock.now() };
    if (content !== undefined) patch.content = checkedContent(content);
    if (reminder_timestamp !== undefined) {
      patch.reminder_timestamp = checkedTimestamp(reminder_timestamp, 'reminder_timestamp');
    }
    const place = checkedPlace(latitude, longitude);
    if (place) Object.assign(patch, place);
    context.world.update(REMINDERS_TABLE.name, reminder_id, patch);
  },
});
