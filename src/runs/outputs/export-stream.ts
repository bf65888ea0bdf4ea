import { once } from 'node:events';
import type { Writable } from 'node:stream';

/**
 * Streaming export: rows are written to the stream one by one as they are read, honouring
 * backpressure, so a run of any size exports in constant memory (never one string of the whole run).
 */

/** Writes one chunk, waiting for the stream to drain when its buffer is full. */
async function write(out: Writable, chunk: string): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

/** JSON lines: one row per line. Returns how many rows were written. */
export async function writeJsonLines(rows: Iterable<unknown> | AsyncIterable<unknown>, out: Writable): Promise<number> {
  let count = 0;
  for await (const row of rows) {
    await write(out, `${JSON.stringify(row)}\n`);
    count += 1;
  }
  return count;
}

/** CSV with a header line; each row gives the values of `columns`. Returns how many rows were written. */
export async function writeCsv(
  columns: readonly string[],
  rows: Iterable<Readonly<Record<string, unknown>>> | AsyncIterable<Readonly<Record<string, unknown>>>,
  out: Writable,
): Promise<number> {
  await write(out, `${columns.map(csvCell).join(',')}\n`);
  let count = 0;
  for await (const row of rows) {
    await write(out, `${columns.map((column) => csvCell(row[column])).join(',')}\n`);
    count += 1;
  }
  return count;
}

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; objects as JSON. Text that a
 * spreadsheet would run as a formula (`=`, `+`, `@`, or `-` not starting a number) gets a leading `'`.
 */
export function csvCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (typeof value === 'string' && /^[=+@\t\r]|^-(?![\d.])/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Ends the stream (unless it is stdout or stderr) and waits until everything is flushed. */
export async function finish(out: Writable): Promise<void> {
  if (out === process.stdout || out === process.stderr) return;
  out.end();
  if (!out.writableFinished) await once(out, 'finish');
}
