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
  const where = `run "${row.runId}", ${row.benchmark} case "${row.caseId}" trial ${row.trial}`;
  let value: unknown;
  try {
    value = JSON.parse(row.record);
  } catch (error) {
    throw new StoredRowError(`${where}: record is not JSON (${error instanceof Error ? error.message : error})`);
  }
  if (value === null || value === undefined) return undefined;
  try {
    return benchmark.parseRecord(value);
  } catch (error) {
    throw new StoredRowError(`${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
