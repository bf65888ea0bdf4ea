import type { TableSchema } from '../../spec/index.js';

/** The phone's reminders. */
export const REMINDERS_TABLE: TableSchema = {
  name: 'reminders',
  primaryKey: 'reminder_id',
  description: "The phone's reminders: what to remember, when, and optionally where.",
  columns: {
    reminder_id: { type: 'string', description: 'Identifier of the reminder.' },
    content: { type: 'string', description: 'What the reminder is about.' },
    creation_timestamp: {
      type: 'number',
      description: 'When the reminder was created or last changed, in seconds since the epoch.',
    },
    reminder_timestamp: { type: 'number', description: 'When the reminder is due, in seconds since the epoch.' },
    latitude: { type: 'number', nullable: true, description: 'Latitude of the place it is tied to, if any.' },
    longitude: { type: 'number', nullable: true, description: 'Longitude of the place it is tied to, if any.' },
  },
};
