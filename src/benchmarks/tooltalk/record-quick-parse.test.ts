import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../../embeddings/index.js';
import { ModelAgent } from '../../models/index.js';
import type { Agent, BenchmarkOptionValues, BenchmarkServices } from '../../spec/index.js';
import { InfrastructureError } from '../../spec/index.js';
import { ScriptedModel } from '../../testing/index.js';
import { tooltalkBenchmark } from './index.js';
import { parseToolTalkRecordQuickly, tooltalkReader } from './reader.js';
import { parseToolTalkRecord } from './record-schema.js';
import type { ToolTalkCase } from './tooltalk-case.js';

const { cases } = await tooltalkBenchmark.loadCases({ options: {} });
const services: BenchmarkServices = { embedder: async () => new LexicalEmbedder() };

/** The stored form (JSON) of the record of `item` played by `agent`. */
async function storedRecord(item: ToolTalkCase, agent: Agent, options: BenchmarkOptionValues = {}, with_ = services) {
  const result = await tooltalkBenchmark.play({
    case: item,
    trial: 0,
    agent,
    options,
    services: with_,
    limits: {},
    signal: new AbortController().signal,
  });
  return JSON.parse(JSON.stringify(result.record)) as Record<string, unknown>;
}

const oracle = (item: ToolTalkCase, options: BenchmarkOptionValues = {}) =>
  tooltalkBenchmark.agents.find((agent) => agent.name === 'oracle')?.create(item, options) as Agent;
const caseNamed = (id: string) => cases.find((item) => item.id === id) as ToolTalkCase;

/**
 * Records of the oracle on every conversation in both modes, of a model that hits the call cap and
 * writes unparsable arguments, and of an episode whose embedder failed (not scored).
 */
async function storedRecords(): Promise<Record<string, unknown>[]> {
  const records = [];
  for (const mode of ['default', 'reference-compatible']) {
    for (const item of cases) records.push(await storedRecord(item, oracle(item), { 'tooltalk-mode': mode }));
  }
  const capped = new ScriptedModel(() => ({ toolCalls: [{ name: 'FindAlarms', arguments: '{"broken' }] }));
  const options = { 'tooltalk-max-calls': '2', 'tooltalk-tools': 'exact', 'tooltalk-no-docs': true };
  records.push(await storedRecord(caseNamed('easy/FindAlarms-easy'), new ModelAgent(capped), options));
  const failing = { embedder: () => Promise.reject(new InfrastructureError('embedding server down')) };
  const paraphrase = new ScriptedModel([
    {
      toolCalls: [{ name: 'AddReminder', arguments: { task: 'dry cleaning pickup', due_date: '2024-03-15 00:00:00' } }],
    },
    'Done.',
  ]);
  records.push(await storedRecord(caseNamed('easy/AddReminder-easy'), new ModelAgent(paraphrase), {}, failing));
  return records;
}

describe("the ToolTalk record's quick parse (no zod)", () => {
  it('reads every record the benchmark stores exactly as the schema does', async () => {
    const records = await storedRecords();
    expect(records).toHaveLength(2 * cases.length + 2);
    expect(records.some((record) => record.metrics === null)).toBe(true);
    const turns = records.flatMap((record) => record.turns as Record<string, unknown>[]);
    expect(turns.some((turn) => turn.callCapHit === true)).toBe(true);
    expect(turns.some((turn) => (turn.termination as { type: string }).type !== 'user-ended')).toBe(true);
    for (const record of records) {
      const quick = parseToolTalkRecordQuickly(record);
      expect(quick).toBeDefined();
      expect(quick).toEqual(parseToolTalkRecord(record));
      expect(tooltalkReader.parseRecord(record)).toEqual(quick);
    }
  });

  it('is not sure of a record the schema refuses, which then names the field as before', async () => {
    const record = await storedRecord(caseNamed('easy/AddAlarm-easy'), oracle(caseNamed('easy/AddAlarm-easy')));
    const [turn] = record.turns as Record<string, unknown>[];
    const broken: [unknown, string][] = [
      [{ ...record, caseId: 7 }, 'ToolTalk record: caseId: Invalid input: expected string, received number'],
      [{ ...record, formatVersion: 2 }, 'ToolTalk record: formatVersion: Invalid input: expected 1'],
      [{ ...record, mode: 'strict' }, 'ToolTalk record: mode: Invalid option'],
      [{ ...record, turns: [{ ...turn, turnIndex: 0.5 }] }, 'ToolTalk record: turns.0.turnIndex:'],
      [
        { ...record, turns: [{ ...turn, termination: { type: 'max-messages' } }] },
        'ToolTalk record: turns.0.termination',
      ],
      [{ ...record, metrics: { success: 'yes' } }, 'ToolTalk record: metrics.success'],
      [[], 'ToolTalk record: (record): Invalid input: expected object, received array'],
    ];
    for (const [value, message] of broken) {
      expect(parseToolTalkRecordQuickly(value)).toBeUndefined();
      await tooltalkReader.loadRecordSchema?.(value);
      expect(() => tooltalkReader.parseRecord(value)).toThrow(message);
    }
  });
});
