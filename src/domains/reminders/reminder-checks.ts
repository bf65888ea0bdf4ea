import type { Row } from '../../spec/index.js';
import { fail } from '../../tools/index.js';
import type { TableReader } from '../settings/index.js';
import { REMINDERS_TABLE } from './reminders-table.js';

/** The reminder with this id, or a `not-found` failure pointing at search_reminder. */
export function requireReminder(world: TableReader, reminderId: string): Row {
  const reminder = world.rows(REMINDERS_TABLE.name).find((row) => row.reminder_id === reminderId);
  if (reminder) return reminder;
  throw fail(
    'not-found',
    `No reminder has reminder_id "${reminderId}".`,
    'Look the reminder up with search_reminder (e.g. by content) and use the reminder_id it returns.',
    { reminder_id: reminderId },
  );
}

/** Reminder text: not blank. */
export function checkedContent(content: string): string {
  if (content.trim()) return content;
  throw fail('invalid-value', 'content is empty.', 'Give what the reminder should say, e.g. content="Buy milk".', {
    argument: 'content',
  });
}
