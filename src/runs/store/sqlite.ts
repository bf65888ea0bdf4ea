import { existsSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';

/** How to open a store file. */
export interface OpenSqliteOptions {
  /**
   * Open for reading only: the file must exist (a mistyped path is an error, never a new empty file),
   * nothing is written to it, and a read-only file or folder still works.
   */
  readonly readOnly?: boolean;
}

/** The path as shown in errors. */
function describePath(path: string): string {
  return path === ':memory:' ? 'the in-memory store' : path;
}

/**
 * Opens a SQLite database with Node's built-in driver. `node:sqlite` prints an "experimental" warning
 * on first load; that warning is noise for toolgauge's users, so it is filtered out (other warnings
 * pass through). Every failure names the file.
 */
export async function openSqlite(path: string, options: OpenSqliteOptions = {}): Promise<DatabaseSync> {
  if (options.readOnly && path !== ':memory:' && !existsSync(path)) {
    throw new Error(`no store at ${path} (check --db; a store is created by \`toolgauge run\`)`);
  }
  const { DatabaseSync } = await loadSqlite();
  let database: DatabaseSync;
  try {
    database = new DatabaseSync(path, options.readOnly ? { readOnly: true } : {});
  } catch (error) {
    throw new Error(`${describePath(path)}: cannot open the store: ${messageOf(error)}`, { cause: error });
  }
  try {
    database.exec(
      options.readOnly
        ? 'PRAGMA busy_timeout = 5000;'
        : // The wait first: switching a new file to WAL takes a lock that another process opening it may hold.
          'PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;',
    );
  } catch (error) {
    database.close();
    throw new Error(`${describePath(path)}: ${messageOf(error)}`, { cause: error });
  }
  return database;
}

/** Runs a store operation, naming the file in any database error (a full disk, a locked or corrupt file). */
export function inStore<T>(path: string, operation: () => T): T {
  try {
    return operation();
  } catch (error) {
    if (error instanceof Error && error.message.startsWith(`${describePath(path)}:`)) throw error;
    throw new Error(`${describePath(path)}: ${messageOf(error)}`, { cause: error });
  }
}

async function loadSqlite(): Promise<typeof import('node:sqlite')> {
  const emit = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (/SQLite is an experimental feature/.test(text)) return;
    (emit as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return await import('node:sqlite');
  } catch (error) {
    throw new Error(
      `toolgauge needs Node.js 22.12 or newer for its built-in SQLite store (node:sqlite); this is Node.js ${process.versions.node}`,
      { cause: error },
    );
  } finally {
    process.emitWarning = emit;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
