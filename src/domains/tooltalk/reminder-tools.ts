/** Reminder: a to-do list per user. */
import { z } from 'zod';
import { DATE_TIME_FORMAT, isValidDateTime } from './python-time.js';
import { ownedKey, TABLES } from './tooltalk-tables.js';
import {
  defineToolTalkTool,
  ensureOwner,
  failWith,
  hasOwner,
  loggedInAccount,
  nextToolId,
  usernameOf,
} from './tooltalk-tool.js';

const SUITE = 'Reminder';

export const addReminder = defineToolTalkTool(SUITE, true, {
  name: 'AddReminder',
  description: "Adds a task to the logged-in user's reminders, optionally with a due date.",
  parameters: z.object({
    task: z.string().describe('What to be reminded of.'),
    due_date: z.string().optional().describe('When the task is due, YYYY-MM-DD HH:MM:SS.'),
  }),
  returns: '{reminder_id} (xx-xxxx)',
  kind: 'action',
  run(args, { world }) {
    const username = usernameOf(loggedInAccount(world));
    ensureOwner(world, 'Reminder', username);
    if (args.due_date !== undefined && !isValidDateTime(args.due_date, DATE_TIME_FORMAT)) {
      failWith('invalid-value', `Invalid due_date: ${args.due_date}`);
    }
    const reminderId = nextToolId(world, 'AddReminder', 'reminder');
    world.insert(TABLES.reminders, {
      key: ownedKey(username, reminderId),
      owner: username,
      reminder_id: reminderId,
      task: args.task,
      due_date: args.due_date ?? null,
      status: 'pending',
    });
    return { reminder_id: reminderId };
  },
});

/** The reminder's key, failing as the reference does (a user with no reminder list fails with a KeyError). */
function requireReminder(world: Parameters<typeof loggedInAccount>[0], reminderId: string): string {
  const username = usernameOf(loggedInAccount(world));
  if (!hasOwner(world, 'Reminder', username)) failWith('not-found', `'${username}'`);
  const key = ownedKey(username, reminderId);
  if (!world.find(TABLES.reminders, key)) failWith('not-found', `Reminder ${reminderId} not found in database`);
  return key;
}

export const completeReminder = defineToolTalkTool(SUITE, true, {
  name: 'CompleteReminder',
  description: "Marks one of the logged-in user's reminders as done.",
  parameters: z.object({ reminder_id: z.string().describe('The id of the reminder to mark done.') }),
  returns: '{status: "success"}',
  kind: 'action',
  run(args, { world }) {
    const key = requireReminder(world, args.reminder_id);
    if (world.find(TABLES.reminders, key)?.status === 'complete') {
      failWith('invalid-value', `Reminder ${args.reminder_id} already completed`);
    }
    world.update(TABLES.reminders, key, { status: 'complete' });
    return { status: 'success' };
  },
});

export const deleteReminder = defineToolTalkTool(SUITE, true, {
  name: 'DeleteReminder',
  description: "Removes one of the logged-in user's reminders.",
  parameters: z.object({ reminder_id: z.string().describe('The id of the reminder to remove.') }),
  returns: '{status: "success"}',
  kind: 'action',
  run(args, { world }) {
    world.remove(TABLES.reminders, requireReminder(world, args.reminder_id));
    return { status: 'success' };
  },
});

export const getReminders = defineToolTalkTool(SUITE, true, {
  name: 'GetReminders',
  description: "Lists all of the logged-in user's reminders with their status (pending or complete).",
  parameters: z.object({}),
  returns: '{reminders: [{reminder_id, task, due_date, status}]}',
  kind: 'read',
  run(_args, { world }) {
    const username = usernameOf(loggedInAccount(world));
    const reminders = world
      .rows(TABLES.reminders)
      .filter((row) => row.owner === username)
      .map((row) => ({ reminder_id: row.reminder_id, task: row.task, due_date: row.due_date, status: row.status }));
    return { reminders };
  },
});

export const REMINDER_TOOLS = [addReminder, getReminders, deleteReminder, completeReminder];
