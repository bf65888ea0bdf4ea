/** Calendar: meetings and events, per user. */
import { z } from 'zod';
import type { Row } from '../../spec/index.js';
import { DATE_TIME_FORMAT } from './python-time.js';
import { ownedKey, TABLES } from './tooltalk-tables.js';
import {
  conversationNow,
  defineToolTalkTool,
  ensureOwner,
  failWith,
  hasOwner,
  listColumn,
  loggedInAccount,
  nextToolId,
  parseTime,
  usernameOf,
} from './tooltalk-tool.js';

const SUITE = 'Calendar';
const EVENT_TYPES = ['meeting', 'event'];

const eventRecord = (row: Row) => ({
  event_id: row.event_id,
  name: row.name,
  event_type: row.event_type,
  start_time: row.start_time,
  end_time: row.end_time,
  location: row.location,
  description: row.description,
  attendees: listColumn(row.attendees),
});

export const createEvent = defineToolTalkTool(SUITE, true, {
  name: 'CreateEvent',
  description:
    "Puts a new meeting or event on the logged-in user's calendar. Meetings need attendees; the user is added to them.",
  parameters: z.object({
    name: z.string().describe('What the event is called.'),
    event_type: z.string().describe('Either "meeting" or "event".'),
    description: z.string().optional().describe('Details about the event, up to 1024 characters.'),
    start_time: z.string().describe('When it starts, YYYY-MM-DD HH:MM:SS.'),
    end_time: z.string().describe('When it ends, YYYY-MM-DD HH:MM:SS.'),
    location: z.string().optional().describe('Where it takes place.'),
    attendees: z.array(z.string()).optional().describe('Usernames of the people attending; required for meetings.'),
  }),
  returns: '{event_id}',
  kind: 'action',
  run(args, context) {
    const { world } = context;
    if (!EVENT_TYPES.includes(args.event_type))
      failWith('invalid-value', `Event type ${args.event_type} not supported.`);
    if (args.event_type === 'meeting' && (args.attendees === undefined || args.attendees.length === 0)) {
      failWith('invalid-value', 'Meeting must have attendees.');
    }
    const username = usernameOf(loggedInAccount(world));
    const start = parseTime(args.start_time, DATE_TIME_FORMAT).key;
    const end = parseTime(args.end_time, DATE_TIME_FORMAT).key;
    if (start > end) failWith('invalid-value', 'Start time must be before end time.');
    const now = conversationNow(context).key;
    if (start < now || end < now) failWith('invalid-value', 'Start time and end time must be in the future.');
    let attendees = args.attendees;
    if (attendees !== undefined && !attendees.includes(username)) attendees = [...attendees, username];
    const eventId = nextToolId(world, 'CreateEvent', 'event');
    ensureOwner(world, 'Calendar', username);
    world.insert(TABLES.events, {
      key: ownedKey(username, eventId),
      owner: username,
      event_id: eventId,
      name: args.name,
      event_type: args.event_type,
      description: args.description ?? null,
      start_time: args.start_time,
      end_time: args.end_time,
      location: args.location ?? null,
      attendees: attendees === undefined ? null : JSON.stringify(attendees),
    });
    return { event_id: eventId };
  },
});

function requireEvent(
  world: Parameters<typeof loggedInAccount>[0],
  eventId: string,
): { key: string; username: string } {
  const username = usernameOf(loggedInAccount(world));
  const key = ownedKey(username, eventId);
  if (!world.find(TABLES.events, key)) failWith('not-found', `Event ${eventId} not found.`);
  return { key, username };
}

export const deleteEvent = defineToolTalkTool(SUITE, true, {
  name: 'DeleteEvent',
  description: "Removes an event from the logged-in user's calendar by its id.",
  parameters: z.object({ event_id: z.string().describe('The id of the event to remove.') }),
  returns: '{status: "success"}',
  kind: 'action',
  run(args, { world }) {
    const { key } = requireEvent(world, args.event_id);
    world.remove(TABLES.events, key);
    return { status: 'success' };
  },
});

export const modifyEvent = defineToolTalkTool(SUITE, true, {
  name: 'ModifyEvent',
  description:
    'Changes an existing event: its name, times (give both start and end), description, location or attendees.',
  parameters: z.object({
    event_id: z.string().describe('The id of the event to change.'),
    new_name: z.string().optional().describe('The new name.'),
    new_start_time: z.string().optional().describe('The new start, YYYY-MM-DD HH:MM:SS.'),
    new_end_time: z.string().optional().describe('The new end, YYYY-MM-DD HH:MM:SS; required with a new start.'),
    new_description: z.string().optional().describe('The new description.'),
    new_location: z.string().optional().describe('The new location.'),
    new_attendees: z.array(z.string()).optional().describe('The new list of attendee usernames.'),
  }),
  returns: '{status: "success"}',
  kind: 'action',
  run(args, context) {
    const { world } = context;
    const { key, username } = requireEvent(world, args.event_id);
    const patch: Record<string, string | null> = {};
    if (args.new_name !== undefined) patch.name = args.new_name;
    if (args.new_start_time !== undefined) {
      if (args.new_end_time === undefined) {
        failWith('invalid-value', 'new_end_time must be provided if new_start_time is provided.');
      }
      const start = parseTime(args.new_start_time, DATE_TIME_FORMAT).key;
      const end = parseTime(args.new_end_time, DATE_TIME_FORMAT).key;
      if (start > end) failWith('invalid-value', 'Start time must be before end time.');
      const now = conversationNow(context).key;
      if (start < now || end < now) failWith('invalid-value', 'Start time and end time must be in the future.');
      patch.start_time = args.new_start_time;
    }
    if (args.new_end_time !== undefined) {
      if (args.new_start_time === undefined) {
        failWith('invalid-value', 'new_start_time must be provided if new_end_time is provided.');
      }
      patch.end_time = args.new_end_time;
    }
    if (args.new_description !== undefined) patch.description = args.new_description;
    if (args.new_location !== undefined) patch.location = args.new_location;
    if (args.new_attendees !== undefined) {
      const attendees = args.new_attendees.includes(username) ? args.new_attendees : [...args.new_attendees, username];
      patch.attendees = JSON.stringify(attendees);
    }
    world.update(TABLES.events, key, patch);
    return { status: 'success' };
  },
});

export const queryCalendar = defineToolTalkTool(SUITE, true, {
  name: 'QueryCalendar',
  description: "Lists the logged-in user's events that overlap a time range.",
  parameters: z.object({
    start_time: z.string().describe('Start of the range, YYYY-MM-DD HH:MM:SS.'),
    end_time: z.string().describe('End of the range, YYYY-MM-DD HH:MM:SS.'),
  }),
  returns: '{events: [{event_id, name, event_type, start_time, end_time, location, description, attendees}]}',
  kind: 'read',
  run(args, { world }) {
    const username = usernameOf(loggedInAccount(world));
    if (!hasOwner(world, 'Calendar', username)) failWith('not-found', `User ${username} has no events.`);
    const start = parseTime(args.start_time, DATE_TIME_FORMAT).key;
    const end = parseTime(args.end_time, DATE_TIME_FORMAT).key;
    if (start > end) failWith('invalid-value', 'Start time must be before end time.');
    const events = world
      .rows(TABLES.events)
      .filter((row) => row.owner === username)
      .filter((row) => {
        const eventStart = parseTime(String(row.start_time), DATE_TIME_FORMAT).key;
        const eventEnd = parseTime(String(row.end_time), DATE_TIME_FORMAT).key;
        return (
          (start <= eventStart && eventStart <= end) ||
          (start <= eventEnd && eventEnd <= end) ||
          (eventStart <= start && eventEnd >= end)
        );
      })
      .map(eventRecord);
    return { events };
  },
});

export const CALENDAR_TOOLS = [createEvent, deleteEvent, modifyEvent, queryCalendar];
