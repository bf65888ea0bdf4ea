import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { NOT_SURE } from '../../engine/compiled-parser-helpers.generated.js';
import { parseTrajectoryFields } from '../../engine/trajectory-parser.generated.js';
import { RunStore } from '../../runs/store/run-store.js';
import { parseSandboxRecord } from './record.js';
import { parseRecordFields } from './record-parser.generated.js';
import { parseSandboxRecordQuickly } from './record-quick-parse.js';

/** The stored records of a store written by toolgauge 0.1.0: an unhelpful and an oracle run. */
async function storedRecords(): Promise<unknown[]> {
  const path = join(await mkdtemp(join(tmpdir(), 'record-quick-parse-')), 'toolgauge.db');
  const fixture = new URL('../../../test/fixtures/store-v1/toolgauge-v1.db.gz', import.meta.url);
  await writeFile(path, gunzipSync(await readFile(fixture)));
  const store = await RunStore.open(path);
  try {
    return ['v1-unhelpful', 'v1-oracle'].flatMap((runId) =>
      store.episodes(runId).map((episode) => JSON.parse(episode.record) as unknown),
    );
  } finally {
    store.close();
  }
}

/** The error `parseSandboxRecord` (zod) gives for a record. */
function schemaError(value: unknown): string {
  try {
    parseSandboxRecord(value);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the record to be refused');
}

describe("the sandbox record's quick parse (no zod)", () => {
  it('reads every stored record exactly as the schema does', async () => {
    const records = await storedRecords();
    expect(records.length).toBeGreaterThan(100);
    for (const record of records) {
      const quick = parseSandboxRecordQuickly(record);
      expect(quick).toBeDefined();
      expect(quick).toEqual(parseSandboxRecord(record));
    }
  });

  it('is not sure of any record the schema refuses, which then names the field', async () => {
    const [record] = (await storedRecords()) as Record<string, unknown>[];
    const trajectory = record?.trajectory as Record<string, unknown>;
    const broken: [unknown, string][] = [
      [{ ...record, caseId: 7 }, 'record.caseId: Invalid input: expected string, received number'],
      [{ ...record, trial: -1 }, 'record.trial: Too small: expected number to be >=0'],
      [{ ...record, formatVersion: 2 }, 'record.formatVersion: Invalid input: expected 1'],
      [{ ...record, milestones: [{ milestone: 'm', messageIndex: 1 }] }, 'record.milestones[0].similarity'],
      [{ ...record, trajectory: { ...trajectory, messages: [{ index: 0 }] } }, 'record.trajectory.messages[0].type'],
      [{ ...record, trajectory: { ...trajectory, termination: { type: 'max-messages' } } }, 'record.trajectory'],
      [{ ...record, score: Number.POSITIVE_INFINITY }, 'record.score'],
      [[], 'record: Invalid input: expected object, received array'],
    ];
    for (const [value, message] of broken) {
      expect(parseSandboxRecordQuickly(value)).toBeUndefined();
      expect(schemaError(value)).toContain(message);
    }
    expect(parseRecordFields('record')).toBe(NOT_SURE);
    expect(parseTrajectoryFields(null)).toBe(NOT_SURE);
  });
});
