/**
 * The ToolTalk world as typed tables. The reference keeps each database as nested JSON
 * (`owner → id → record`); here each record is a row keyed `owner/id`, in the same order, and
 * `tooltalk_owners` remembers which owners a database has (the tools answer "no events" and "no
 * emails" differently for an owner that is absent and one whose records were all deleted). Lists
 * (attendees, receivers) are stored as JSON text, since world cells are scalars.
 */
import type { TableSchema } from '../../spec/index.js';

export const TABLES = {
  accounts: 'tooltalk_accounts',
  owners: 'tooltalk_owners',
  alarms: 'tooltalk_alarms',
  events: 'tooltalk_events',
  emails: 'tooltalk_emails',
  messages: 'tooltalk_messages',
  reminders: 'tooltalk_reminders',
  weather: 'tooltalk_weather',
  historicWeather: 'tooltalk_historic_weather',
  session: 'tooltalk_session',
  idDraws: 'tooltalk_id_draws',
} as const;

/** The databases whose records belong to an owner (a username). */
export type OwnedDatabase = 'Alarm' | 'Calendar' | 'Email' | 'Message' | 'Reminder';

const text = (description: string) => ({ type: 'string', description }) as const;
const optionalText = (description: string) => ({ type: 'string', nullable: true, description }) as const;
const number = (description: string) => ({ type: 'number', description }) as const;

export const TOOLTALK_TABLES: readonly TableSchema[] = [
  {
    name: TABLES.accounts,
    primaryKey: 'username',
    description: 'Registered users; `session_token` is set while the user is logged in.',
    columns: {
      username: text('Login name'),
      email: text('Email address'),
      phone: optionalText('Phone number, xxx-xxx-xxxx'),
      name: optionalText('Full name'),
      password: text('Password'),
      session_token: optionalText('Token of the current login, if any'),
      verification_code: optionalText('Code sent for a password reset, if any'),
    },
  },
  {
    name: TABLES.owners,
    primaryKey: 'key',
    description: 'Which users have an entry in each per-user database (`Database/username`).',
    columns: { key: text('Database/username'), database: text('Database name'), username: text('Owner') },
  },
  {
    name: TABLES.alarms,
    primaryKey: 'key',
    columns: { key: text('owner/alarm_id'), owner: text('Owner'), alarm_id: text('xxxx-xxxx'), time: text('HH:MM:SS') },
  },
  {
    name: TABLES.events,
    primaryKey: 'key',
    columns: {
      key: text('owner/event_id'),
      owner: text('Owner'),
      event_id: text('Event id'),
      name: text('Event name'),
      event_type: text('meeting or event'),
      start_time: text('YYYY-MM-DD HH:MM:SS'),
      end_time: text('YYYY-MM-DD HH:MM:SS'),
      location: optionalText('Where'),
      description: optionalText('What'),
      attendees: optionalText('JSON array of usernames'),
    },
  },
  {
    name: TABLES.emails,
    primaryKey: 'key',
    columns: {
      key: text('owner/email_id'),
      owner: text('Mailbox owner'),
      email_id: text('Email id'),
      date: text('YYYY-MM-DD HH:MM:SS'),
      sender: text('Sender address'),
      receivers: text('JSON array of addresses'),
      subject: text('Subject'),
      body: text('Body'),
    },
  },
  {
    name: TABLES.messages,
    primaryKey: 'key',
    columns: {
      key: text('owner/message_id'),
      owner: text('Recipient'),
      message_id: text('Message id'),
      timestamp: text('YYYY-MM-DD HH:MM:SS'),
      sender: text('Sender username'),
      message: text('Text'),
    },
  },
  {
    name: TABLES.reminders,
    primaryKey: 'key',
    columns: {
      key: text('owner/reminder_id'),
      owner: text('Owner'),
      reminder_id: text('xx-xxxx'),
      task: text('Task'),
      due_date: optionalText('YYYY-MM-DD HH:MM:SS'),
      status: text('pending or complete'),
    },
  },
  {
    name: TABLES.weather,
    primaryKey: 'key',
    columns: {
      key: text('location/date'),
      location: text('Lower-case location'),
      date: text('YYYY-MM-DD'),
      high: number('High temperature, °F'),
      low: number('Low temperature, °F'),
      conditions: text('Conditions'),
    },
  },
  {
    name: TABLES.historicWeather,
    primaryKey: 'key',
    columns: {
      key: text('location/month'),
      location: text('Lower-case location'),
      month: text('Lower-case month name'),
      min_temp: number('°F'),
      max_temp: number('°F'),
      record_min_temp: number('°F'),
      record_max_temp: number('°F'),
      avg_rainfall: number('Inches'),
      snow_days: number('Days'),
    },
  },
  {
    name: TABLES.session,
    primaryKey: 'key',
    description: 'The executor session: the token injected into calls of tools that need a login.',
    columns: { key: text('Always "current"'), token: optionalText('Session token, or null when logged out') },
  },
  {
    name: TABLES.idDraws,
    primaryKey: 'tool',
    description: 'How many ids each tool has drawn from its own generator (seeded 489) in this replay.',
    columns: { tool: text('Tool name'), draws: number('Ids drawn so far') },
  },
];

export const ownedKey = (owner: string, id: string): string => `${owner}/${id}`;
