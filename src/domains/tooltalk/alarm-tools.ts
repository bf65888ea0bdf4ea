/** Alarm: alarms at a time of day, per user. */
import { z } from 'zod';
import { TIME_FORMAT } from './python-time.js';
import { ownedKey, TABLES } from './tooltalk-tables.js';
import {
  defineToolTalkTool,
  ensureOwner,
  failWith,
  hasOwner,
  loggedInAccount,
  nextToolId,
  parseTime,
  usernameOf,
} from './tooltalk-tool.js';

const SUITE = 'Alarm';

export const addAlarm = defineToolTalkTool(SUITE, true, {
  name: 'AddAlarm',
  description: 'Sets an alarm for the logged-in user at a time of day.',
  parameters: z.object({ time: z.string().describe('When the alarm rings, as HH:MM:SS in 24-hour time.') }),
  returns: '{alarm_id} (xxxx-xxxx)',
  kind: 'action',
  run(args, { world }) {
    parseTime(args.time, TIME_FORMAT);
    const username = usernameOf(loggedInAccount(world));
    ensureOwner(world, 'Alarm', username);
    const alarmId = nextToolId(world, 'AddAlarm', 'alarm');
    world.insert(TABLES.alarms, {
      key: ownedKey(username, alarmId),
      owner: username,
      alarm_id: alarmId,
      time: args.time,
    });
    return { alarm_id: alarmId };
  },
});

export const deleteAlarm = defineToolTalkTool(SUITE, true, {
  name: 'DeleteAlarm',
  description: "Removes one of the logged-in user's alarms by its id.",
  parameters: z.object({ alarm_id: z.string().describe('The id of the alarm, shaped xxxx-xxxx.') }),
  returns: '{status: "success"}',
  kind: 'action',
  run(args, { world }) {
    const username = usernameOf(loggedInAccount(world));
    const key = ownedKey(username, args.alarm_id);
    if (!world.find(TABLES.alarms, key)) failWith('not-found', `Alarm ${args.alarm_id} not found.`);
    world.remove(TABLES.alarms, key);
    return { status: 'success' };
  },
});

export const findAlarms = defineToolTalkTool(SUITE, true, {
  name: 'FindAlarms',
  description: "Lists the logged-in user's alarms, optionally only those between two times of day.",
  parameters: z.object({
    start_range: z.string().optional().describe('Earliest alarm time to include, HH:MM:SS.'),
    end_range: z.string().optional().describe('Latest alarm time to include, HH:MM:SS.'),
  }),
  returns: '{alarms: [{alarm_id, time}]}',
  kind: 'read',
  run(args, { world }) {
    const username = usernameOf(loggedInAccount(world));
    if (!hasOwner(world, 'Alarm', username)) return { alarms: [] };
    const start = args.start_range === undefined ? undefined : parseTime(args.start_range, TIME_FORMAT).key;
    const end = args.end_range === undefined ? undefined : parseTime(args.end_range, TIME_FORMAT).key;
    if (start !== undefined && end !== undefined && start > end) {
      failWith('invalid-value', 'Start range must be earlier than end range.');
    }
    const alarms = world
      .rows(TABLES.alarms)
      .filter((row) => row.owner === username)
      .filter((row) => {
        const time = parseTime(String(row.time), TIME_FORMAT).key;
        return !(start !== undefined && time < start) && !(end !== undefined && time > end);
      })
      .map((row) => ({ alarm_id: row.alarm_id, time: row.time }));
    return { alarms };
  },
});

export const ALARM_TOOLS = [addAlarm, deleteAlarm, findAlarms];
