import { createRequire } from 'node:module';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { SqlDatabase, SqlRow, SqlValue } from './sql-database.js';
import {
  migrateFromVersion2,
  migrateFromVersion3,
  POSTGRES_SCHEMA,
  STORE_FORMAT_VERSION,
  storedFormatVersion,
} from './store-schema.js';
import type { StoreMigrationNotice } from './stored-run.js';

/** Longest wait for one answer from the server before the store gives up with an error. */
const ANSWER_TIMEOUT_MS = 120_000;
/** Any constant: the advisory lock that serialises creating the tables when several workers start at once. */
const SCHEMA_LOCK = 7_215_001;
/**
 * SQLSTATEs after which PostgreSQL has rolled the transaction back and running it again is the remedy:
 * `deadlock_detected` (two processes' claim and store transactions can take the same claim rows in
 * opposite orders: an `INSERT … ON CONFLICT` locks a row another process is deleting) and
 * `serialization_failure`.
 */
const RETRYABLE_CODES: ReadonlySet<string> = new Set(['40P01', '40001']);
/** How often a transaction (or a statement outside one) is tried before its error is given up. */
const MAX_ATTEMPTS = 8;

/**
 * The thread that talks to PostgreSQL through `pg`. The store's API is synchronous (SQLite's is), so the
 * calling thread posts each request here and blocks on a shared flag until the answer is posted back:
 * one connection, requests in order, every statement prepared once by name.
 */
const BRIDGE_THREAD = `
const { workerData } = require('node:worker_threads');
const { Client } = require(workerData.pgPath);
const { port, flag } = workerData;
const client = new Client({ connectionString: workerData.url, application_name: 'toolgauge' });
let broken;
client.on('error', (error) => { broken = error; });
const names = new Map();
const connected = client.connect();
function reply(message) {
  port.postMessage(message);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}
port.on('message', async (request) => {
  try {
    await connected;
    if (broken) throw broken;
    if (request.kind === 'end') {
      await client.end();
      reply({ ok: true });
      return;
    }
    let query;
    if (request.values === undefined) query = request.text;
    else {
      let name = names.get(request.text);
      if (name === undefined) {
        name = 'toolgauge_' + names.size;
        names.set(request.text, name);
      }
      query = { name, text: request.text, values: request.values };
    }
    const result = await client.query(query);
    const last = Array.isArray(result) ? result[result.length - 1] : result;
    reply({ ok: true, rows: last.rows ?? [], changes: last.rowCount ?? 0 });
  } catch (error) {
    reply({ ok: false, message: String(error && error.message || error), code: error && error.code });
  }
});
`;

interface BridgeAnswer {
  readonly ok: boolean;
  readonly rows?: SqlRow[];
  readonly changes?: number;
  readonly message?: string;
  readonly code?: string;
}

/** The URL as shown in errors and reports: without its password. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = 'redacted';
    return parsed.toString();
  } catch {
    return 'postgres://(unparsable URL)';
  }
}

/** `?` placeholders → `$1, $2, …` (outside quoted text). */
export function numberPlaceholders(sql: string): string {
  let index = 0;
  let quote: string | undefined;
  let out = '';
  for (const character of sql) {
    if (quote) {
      if (character === quote) quote = undefined;
    } else if (character === "'" || character === '"') quote = character;
    else if (character === '?') {
      index += 1;
      out += `$${index}`;
      continue;
    }
    out += character;
  }
  return out;
}

/** A text PostgreSQL can hold: it refuses NUL characters, which become U+FFFD. */
function storable(value: SqlValue): SqlValue {
  return typeof value === 'string' && value.includes('\u0000') ? value.replaceAll('\u0000', '\uFFFD') : value;
}

/** Blocks the calling thread for `ms` milliseconds (the store's API is synchronous). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Math.max(1, Math.round(ms)));
}

/** A PostgreSQL database behind the store's synchronous interface (see {@link BRIDGE_THREAD}). */
export class PostgresDatabase implements SqlDatabase {
  readonly dialect = 'postgres';
  readonly name: string;
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly flag = new Int32Array(new SharedArrayBuffer(4));
  private readonly texts = new Map<string, string>();
  private depth = 0;
  private closed = false;
  /** Transactions and statements run again after a deadlock or serialization failure (for tests). */
  retries = 0;

  constructor(url: string) {
    this.name = describePostgresUrl(url);
    const channel = new MessageChannel();
    this.port = channel.port1;
    const pgPath = createRequire(import.meta.url).resolve('pg');
    this.worker = new Worker(BRIDGE_THREAD, {
      eval: true,
      workerData: { pgPath, url, port: channel.port2, flag: this.flag },
      transferList: [channel.port2],
    });
    this.worker.unref();
  }

  private request(message: { kind: 'query' | 'end'; text?: string; values?: SqlValue[] }): BridgeAnswer {
    if (this.closed) throw new Error(`${this.name}: the store is closed`);
    Atomics.store(this.flag, 0, 0);
    this.port.postMessage(message);
    if (Atomics.wait(this.flag, 0, 0, ANSWER_TIMEOUT_MS) === 'timed-out') {
      throw new Error(`${this.name}: no answer from PostgreSQL within ${ANSWER_TIMEOUT_MS / 1000} s`);
    }
    const received = receiveMessageOnPort(this.port);
    const answer = received?.message as BridgeAnswer | undefined;
    if (!answer) throw new Error(`${this.name}: the PostgreSQL connection thread did not answer`);
    if (!answer.ok) {
      throw Object.assign(new Error(`${this.name}: ${answer.message ?? 'PostgreSQL error'}`), {
        code: answer.code,
      });
    }
    return answer;
  }

  private text(sql: string): string {
    let text = this.texts.get(sql);
    if (text === undefined) {
      text = numberPlaceholders(sql);
      this.texts.set(sql, text);
    }
    return text;
  }

  exec(sql: string): void {
    this.query({ kind: 'query', text: sql });
  }

  run(sql: string, parameters: readonly SqlValue[] = []): { readonly changes: number } {
    return {
      changes: this.query({ kind: 'query', text: this.text(sql), values: parameters.map(storable) }).changes ?? 0,
    };
  }

  get(sql: string, parameters: readonly SqlValue[] = []): SqlRow | undefined {
    return this.all(sql, parameters)[0];
  }

  all(sql: string, parameters: readonly SqlValue[] = []): SqlRow[] {
    return this.query({ kind: 'query', text: this.text(sql), values: parameters.map(storable) }).rows ?? [];
  }

  /**
   * One statement. Outside a transaction, one that PostgreSQL chose as a deadlock's victim is run again
   * (it was rolled back whole); inside one, the error reaches {@link transaction}, which runs it all again.
   */
  private query(message: { kind: 'query'; text: string; values?: SqlValue[] }): BridgeAnswer {
    if (this.depth > 0) return this.request(message);
    return this.withRetries(() => this.request(message));
  }

  /** Runs `attempt` until it succeeds, or fails with an error retrying cannot cure, or too often. */
  private withRetries<T>(attempt: () => T): T {
    for (let tried = 1; ; tried += 1) {
      try {
        return attempt();
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (tried >= MAX_ATTEMPTS || typeof code !== 'string' || !RETRYABLE_CODES.has(code)) throw error;
        this.retries += 1;
        // A short random pause, longer each time, so the two sides do not collide again in step.
        sleepSync(Math.random() * 20 * 2 ** tried);
      }
    }
  }

  /** All rows at once (a cursor would hold the connection in a transaction while the caller reads). */
  iterate(sql: string, parameters: readonly SqlValue[] = []): Iterable<SqlRow> {
    return this.all(sql, parameters);
  }

  iterateValues(sql: string, parameters: readonly SqlValue[] = []): Iterable<readonly unknown[]> {
    return this.all(sql, parameters).map((row) => Object.values(row));
  }

  /**
   * Runs `work` in one transaction; a transaction PostgreSQL rolled back as a deadlock's victim (or for a
   * serialization failure) is run again from the start, so `work` must do nothing but its statements
   * (every caller's does) — or at least nothing that running it twice would spoil.
   */
  transaction<T>(work: () => T): T {
    if (this.depth > 0) return work();
    return this.withRetries(() => {
      this.request({ kind: 'query', text: 'BEGIN' });
      this.depth += 1;
      try {
        const result = work();
        this.request({ kind: 'query', text: 'COMMIT' });
        return result;
      } catch (error) {
        try {
          this.request({ kind: 'query', text: 'ROLLBACK' });
        } catch {
          // The connection is gone: the server rolls back by itself.
        }
        throw error;
      } finally {
        this.depth -= 1;
      }
    });
  }

  close(): void {
    if (this.closed) return;
    try {
      this.request({ kind: 'end' });
    } catch {
      // Closing anyway.
    } finally {
      this.closed = true;
      this.port.close();
      void this.worker.terminate();
    }
  }
}

/**
 * Connects to a PostgreSQL store; creates the tables on first use (under an advisory lock, so workers
 * starting together do not race), migrates a format-2 or format-3 store, refuses a newer format, and with
 * `readOnly` requires the store to exist.
 */
export async function openPostgresStore(
  url: string,
  options: {
    readonly readOnly: boolean;
    readonly onMigration?: (notice: StoreMigrationNotice) => void;
  },
): Promise<PostgresDatabase> {
  const database = new PostgresDatabase(url);
  try {
    const version = storedFormatVersion(database);
    if (version > STORE_FORMAT_VERSION) {
      throw new Error(
        `${database.name}: store format ${version} is newer than this toolgauge understands (${STORE_FORMAT_VERSION})`,
      );
    }
    if (options.readOnly && version === 0) {
      throw new Error(`no store at ${database.name} (a store is created by \`toolgauge run\`)`);
    }
    // An older store (format 2 or 3) is migrated by whichever process opens it first, reading or writing
    // (as a SQLite store is when its file can be written); the others wait on the lock and find it done.
    if (version === 2 || version === 3) {
      options.onMigration?.({ store: database.name, from: version, to: STORE_FORMAT_VERSION });
      database.transaction(() => {
        database.exec(`SELECT pg_advisory_xact_lock(${SCHEMA_LOCK})`);
        if (version === 2) migrateFromVersion2(database);
        else migrateFromVersion3(database);
      });
    }
    if (options.readOnly) return database;
    if (version === 0) {
      database.exec(
        `BEGIN; SELECT pg_advisory_xact_lock(${SCHEMA_LOCK}); ${POSTGRES_SCHEMA}
         INSERT INTO meta (key, value) VALUES ('formatVersion', '${STORE_FORMAT_VERSION}') ON CONFLICT (key) DO NOTHING;
         COMMIT;`,
      );
    }
    return database;
  } catch (error) {
    database.close();
    throw error;
  }
}
