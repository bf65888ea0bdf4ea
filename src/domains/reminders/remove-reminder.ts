import { z } from 'zod';
import { defineTool } from '../../tools/index.js';
import { requireReminder } from './reminder-checks.js';
import { REMINDERS_TABLE } from './reminders-table.js';

export const removeReminder = defineTool({
  name: 'remove_reminder',
  description: 'Deletes a reminder.',
  parameters: z.object({
    reminder_id: z.string().describe('The reminder_id of the reminder to delete (search_reminder finds it).'),
  }),
  returns: 'Nothing.',
  kind: 'action',
  domain: 'reminders',
  run({ reminder_id }, context) {
    requireReminder(context.world, reminder_id);
    context.world.remove(REMINDERS_TABLE.name, reminder_id);
  },
});
