import { z } from 'zod';
import { defineTool } from '../../tools/index.js';
import { searchRows } from '../contacts/index.js';
import { checkedBounds } from '../messaging/index.js';
import { checkedLatitude, checkedLongitude } from './coordinates.js';
import { REMINDERS_TABLE } from './reminders-table.js';

/** Lowest WRatio score for reminder content to match, as in the reference. */
export const REMINDER_CONTENT_THRESHOLD = 50;

export const searchReminder = defineTool({
  name: 'search_reminder',
  description:
    'Finds reminders that meet every criterion given (at least one is needed). Content matches ' +
    'approximately; the id, latitude and longitude must match exactly; the time bounds are inclusive.',
  parameters: z.object({
    reminder_id: z.string().optional().describe('The exact reminder_id.'),
    content: z.string().optional().describe('Words from the reminder text.'),
    creation_timestamp_lowerbound: z
      .number()
      .optional()
      .describe('Earliest creation (or last change) time to include, in POSIX seconds (inclusive).'),
    creation_timestamp_upperbound: z
      .number()
      .optional()
      .describe('Latest creation (or last change) time to include, in POSIX seconds (inclusive).'),
    reminder_timestamp_lowerbound: z
      .number()
      .optional()
      .describe('Earliest due time to include, in POSIX seconds (inclusive).'),
    reminder_timestamp_upperbound: z
      .number()
      .optional()
      .describe('Latest due time to include, in POSIX seconds (inclusive).'),
    latitude: z.number().optional().describe('Latitude of the place the reminder is tied to, in decimal degrees.'),
    longitude: z.number().optional().describe('Longitude of the place the reminder is tied to, in decimal degrees.'),
  }),
  returns:
    'A list (possibly empty) of reminders, each { reminder_id, content, creation_timestamp, ' +
    'reminder_timestamp, latitude, longitude }: closest content matches first, otherwise in the order they were stored.',
  kind: 'read',
  domain: 'reminders',
  run(args, context) {
    checkedBounds(
      args.creation_timestamp_lowerbound,
      args.creation_timestamp_upperbound,
      'creation_timestamp_lowerbound',
      'creation_timestamp_upperbound',
    );
    checkedBounds(
      args.reminder_timestamp_lowerbound,
      args.reminder_timestamp_upperbound,
      'reminder_timestamp_lowerbound',
      'reminder_timestamp_upperbound',
    );
    if (args.latitude !== undefined) checkedLatitude(args.latitude);
    if (args.longitude !== undefined) checkedLongitude(args.longitude);
    return searchRows(
      context.world.rows(REMINDERS_TABLE.name),
      [
        { argument: 'reminder_id', column: 'reminder_id', match: 'exact', value: args.reminder_id },
        {
          argument: 'content',
          column: 'content',
          match: 'fuzzy',
          value: args.content,
          threshold: REMINDER_CONTENT_THRESHOLD,
        },
        {
          argument: 'creation_timestamp_lowerbound',
          column: 'creation_timestamp',
          match: 'at-least',
          value: args.creation_timestamp_lowerbound,
        },
        {
          argument: 'creation_timestamp_upperbound',
          column: 'creation_timestamp',
          match: 'at-most',
          value: args.creation_timestamp_upperbound,
        },
        {
          argument: 'reminder_timestamp_lowerbound',
          column: 'reminder_timestamp',
          match: 'at-least',
          value: args.reminder_timestamp_lowerbound,
        },
        {
          argument: 'reminder_timestamp_upperbound',
          column: 'reminder_timestamp',
          match: 'at-most',
          value: args.reminder_timestamp_upperbound,
        },
        { argument: 'latitude', column: 'latitude', match: 'exact', value: args.latitude },
        { argument: 'longitude', column: 'longitude', match: 'exact', value: args.longitude },
      ],
      'search_reminder',
    );
  },
});
