import { getBenchmarkReader } from '../benchmarks/registry.js';
import type { AnyBenchmarkReader } from '../spec/index.js';
import type { EpisodeRow } from './run-store.js';
import { StoredRowError } from './stored-json.js';

/**
 * An episode's stored record, checked by its benchmark (`parseRecord`); undefined when the episode failed
 * before producing one. A malformed record is an error naming the run and case.
 */
export function readRecord(
  row: EpisodeRow,
  benchmark: Pick<AnyBenchmarkReader, 'parseRecord'> = getBenchmarkReader(row.benchmark),
): unknown {
  return checkRecord(row, recordJson(row), benchmark);
}

/**
 * {@link readRecord} through a reader that may import its record schema only for a record that needs it
 * (`loadRecordSchema`): what `show` uses, so that a well-formed record is shown without that schema.
 */
export async function loadRecord(
  row: EpisodeRow,
  benchmark: Pick<AnyBenchmarkReader, 'parseRecord' | 'loadRecordSchema'>,
): Promise<unknown> {
  const value = recordJson(row);
  if (value !== null && value !== undefined) await benchmark.loadRecordSchema?.(value);
  return checkRecord(row, value, benchmark);
}

function where(row: EpisodeRow): string {
  return `run "${row.runId}", ${row.benchmark} case "${row.caseId}" trial ${row.trial}`;
}

function recordJson(row: EpisodeRow): unknown {
  try {
    return JSON.parse(row.record);
  } catch (error) {
    throw new StoredRowError(`${where(row)}: record is not JSON (${error instanceof Error ? error.message : error})`);
  }
}

function checkRecord(row: EpisodeRow, value: unknown, benchmark: Pick<AnyBenchmarkReader, 'parseRecord'>): unknown {
  if (value === null || value === undefined) return undefined;
  try {
    return benchmark.parseRecord(value);
  } catch (error) {
    throw new StoredRowError(`${where(row)}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
