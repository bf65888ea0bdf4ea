/**
 * The mock databases in ToolTalk's original JSON layout (one file per database, named by it), their
 * zod schemas, and how they become the world's rows.
 */
import { z } from 'zod';
import type { Row } from '../../spec/index.js';
import { defineWorldSchema, type WorldSchema, WorldSnapshot } from '../../world/index.js';
import { ownedKey, TABLES, TOOLTALK_TABLES } from './tooltalk-tables.js';

const nullableText = z.string().nullable().optional();

const account = z.object({
  username: z.string(),
  email: z.string(),
  phone: nullableText,
  name: nullableText,
  password: z.string(),
  session_token: nullableText,
  verification_code: nullableText,
});
const alarm = z.object({ alarm_id: z.string(), time: z.string() });
const event = z.object({
  event_id: z.string(),
  name: z.string(),
  event_type: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  location: nullableText,
  description: nullableText,
  attendees: z.array(z.string()).nullable().optional(),
});
const email = z.object({
  email_id: z.string(),
  date: z.string(),
  sender: z.string(),
  receivers: z.array(z.string()),
  subject: z.string(),
  body: z.string(),
});
const message = z.object({ message_id: z.string(), timestamp: z.string(), sender: z.string(), message: z.string() });
const reminder = z.object({
  reminder_id: z.string(),
  task: z.string(),
  due_date: nullableText,
  status: z.string(),
});
const dailyWeather = z.object({ date: z.string(), high: z.number(), low: z.number(), conditions: z.string() });
const monthlyWeather = z.object({
  min_temp: z.number(),
  max_temp: z.number(),
  record_min_temp: z.number(),
  record_max_temp: z.number(),
  avg_rainfall: z.number(),
  snow_days: z.number(),
});

const owned = <T extends z.ZodType>(record: T) => z.record(z.string(), z.record(z.string(), record));

/** Each database file's schema, by the file's stem (as the reference names them). */
export const DATABASE_SCHEMAS = {
  Account: z.record(z.string(), account),
  Alarm: owned(alarm),
  Calendar: owned(event),
  Email: owned(email),
  Message: owned(message),
  Reminder: owned(reminder),
  Weather: owned(dailyWeather),
  HistoricWeather: owned(monthlyWeather),
} as const;

export type DatabaseName = keyof typeof DATABASE_SCHEMAS;
export const DATABASE_NAMES = Object.keys(DATABASE_SCHEMAS) as DatabaseName[];

export type ToolTalkDatabases = { readonly [K in DatabaseName]: z.output<(typeof DATABASE_SCHEMAS)[K]> };

export const TOOLTALK_WORLD_SCHEMA: WorldSchema = defineWorldSchema(TOOLTALK_TABLES);

/** What a conversation's `user` block may set before the first turn. */
export interface StartingSession {
  readonly username: string;
  readonly sessionToken?: string;
  readonly verificationCode?: string;
}

/**
 * The world a ToolTalk turn starts from: every database loaded, and, when the conversation's user starts
 * logged in (or holds a verification code), that written into their account and the session, as the
 * reference's `init_conversation_state` does.
 */
export function worldFromDatabases(databases: ToolTalkDatabases, start?: StartingSession): WorldSnapshot {
  let world = loadedWorlds.get(databases);
  if (!world) {
    world = loadedWorld(databases);
    loadedWorlds.set(databases, world);
  }
  if (!start) return world;
  // The starting user's account and the session: two rows changed, every other row (thousands) shared
  // and already checked.
  const account = world.find(TABLES.accounts, start.username);
  if (account) {
    world = world.update(TABLES.accounts, start.username, {
      session_token: start.sessionToken ?? account.session_token ?? null,
      verification_code: start.verificationCode ?? account.verification_code ?? null,
    });
  }
  return world.update(TABLES.session, 'current', { token: start.sessionToken ?? null });
}

/**
 * The world of the databases alone, made once per loaded databases: every turn of every conversation
 * starts from it, so its rows are built and checked once, not once per turn.
 */
const loadedWorlds = new WeakMap<ToolTalkDatabases, WorldSnapshot>();

function loadedWorld(databases: ToolTalkDatabases): WorldSnapshot {
  const accounts: Row[] = Object.entries(databases.Account).map(([username, record]) => ({
    username,
    email: record.email,
    phone: record.phone ?? null,
    name: record.name ?? null,
    password: record.password,
    session_token: record.session_token ?? null,
    verification_code: record.verification_code ?? null,
  }));
  const owners: Row[] = [];
  const ownedRows = <T>(
    database: string,
    records: Record<string, Record<string, T>>,
    toRow: (owner: string, id: string, record: T) => Row,
  ) => {
    const rows: Row[] = [];
    for (const [owner, byId] of Object.entries(records)) {
      owners.push({ key: ownedKey(database, owner), database, username: owner });
      for (const [id, record] of Object.entries(byId)) rows.push(toRow(owner, id, record));
    }
    return rows;
  };
  const tables: Record<string, Row[]> = {
    [TABLES.accounts]: accounts,
    [TABLES.alarms]: ownedRows('Alarm', databases.Alarm, (owner, id, record) => ({
      key: ownedKey(owner, id),
      owner,
      alarm_id: record.alarm_id,
      time: record.time,
    })),
    [TABLES.events]: ownedRows('Calendar', databases.Calendar, (owner, id, record) => ({
      key: ownedKey(owner, id),
      owner,
      event_id: record.event_id,
      name: record.name,
      event_type: record.event_type,
      start_time: record.start_time,
      end_time: record.end_time,
      location: record.location ?? null,
      description: record.description ?? null,
      attendees: record.attendees ? JSON.stringify(record.attendees) : null,
    })),
    [TABLES.emails]: ownedRows('Email', databases.Email, (owner, id, record) => ({
      key: ownedKey(owner, id),
      owner,
      email_id: record.email_id,
      date: record.date,
      sender: record.sender,
      receivers: JSON.stringify(record.receivers),
      subject: record.subject,
      body: record.body,
    })),
    [TABLES.messages]: ownedRows('Message', databases.Message, (owner, id, record) => ({
      key: ownedKey(owner, id),
      owner,
      message_id: record.message_id,
      timestamp: record.timestamp,
      sender: record.sender,
      message: record.message,
    })),
    [TABLES.reminders]: ownedRows('Reminder', databases.Reminder, (owner, id, record) => ({
      key: ownedKey(owner, id),
      owner,
      reminder_id: record.reminder_id,
      task: record.task,
      due_date: record.due_date ?? null,
      status: record.status,
    })),
    [TABLES.weather]: Object.entries(databases.Weather).flatMap(([location, days]) =>
      Object.entries(days).map(([date, day]) => ({ key: ownedKey(location, date), location, ...day })),
    ),
    [TABLES.historicWeather]: Object.entries(databases.HistoricWeather).flatMap(([location, months]) =>
      Object.entries(months).map(([month, values]) => ({ key: ownedKey(location, month), location, month, ...values })),
    ),
    [TABLES.session]: [{ key: 'current', token: null }],
  };
  tables[TABLES.owners] = owners;
  return WorldSnapshot.create(TOOLTALK_WORLD_SCHEMA, tables);
}
