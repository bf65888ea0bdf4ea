import { getBenchmarkReader } from '../../benchmarks/registry.js';
import type { AnyBenchmarkReader } from '../../spec/index.js';
import type { EpisodeRow } from './run-store.js';
import { StoredRowError } from './stored-json.js';

/**
 * An episode's stored record, checked by its benchmark (`parseRecord`); undefined when the episode failed
 * before producing one. A malformed record is an error naming the run and case.
 */
export function readRecord(
  row: EpisodeRow,
  benchmark: Pick<AnyBenchmarkReader, 'parseRecord'> = getBenchmarkReader(row.benchmark),
  storePath?: string,
): unknown {
  return checkRecord(row, recordJson(row, storePath), benchmark, storePath);
}

/**
 * {@link readRecord} through a reader that may import its record schema only for a record that needs it
 * (`loadRecordSchema`): what `show` uses, so that a well-formed record is shown without that schema.
 */
export async function loadRecord(
  row: EpisodeRow,
  benchmark: Pick<AnyBenchmarkReader, 'parseRecord' | 'loadRecordSchema'>,
  storePath?: string,
): Promise<unknown> {
  const value = recordJson(row, storePath);
  if (value !== null && value !== undefined) await benchmark.loadRecordSchema?.(value);
  return checkRecord(row, value, benchmark, storePath);
}

/** `<store>: run "…", <benchmark> case "…" trial N`, as every stored-row error begins. */
function where(row: EpisodeRow, storePath: string | undefined): string {
  return `${storePath ? `${storePath}: ` : ''}run "${row.runId}", ${row.benchmark} case "${row.caseId}" trial ${row.trial}`;
}

function recordJson(row: EpisodeRow, storePath: string | undefined): unknown {
  try {
    return JSON.parse(row.record);
  } catch (error) {
    throw new StoredRowError(
      `${where(row, storePath)}: record is not JSON (${error instanceof Error ? error.message : error})`,
    );
  }
}

function checkRecord(
  row: EpisodeRow,
  value: unknown,
  benchmark: Pick<AnyBenchmarkReader, 'parseRecord'>,
  storePath: string | undefined,
): unknown {
  if (value === null || value === undefined) return undefined;
  try {
    return benchmark.parseRecord(value);
  } catch (error) {
    throw new StoredRowError(`${where(row, storePath)}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
