import type { DatabaseSync } from 'node:sqlite';

/**
 * Opens a SQLite database with Node's built-in driver. `node:sqlite` prints an "experimental" warning
 * on first load; that warning is noise for toolgauge's users, so it is filtered out (other warnings
 * pass through).
 */
export async function openSqlite(path: string): Promise<DatabaseSync> {
  const emit = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const text = typeof warning === 'string' ? warning : warning.message;
    if (/SQLite is an experimental feature/.test(text)) return;
    (emit as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    const { DatabaseSync } = await import('node:sqlite');
    const database = new DatabaseSync(path);
    database.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
    return database;
  } finally {
    process.emitWarning = emit;
  }
}
