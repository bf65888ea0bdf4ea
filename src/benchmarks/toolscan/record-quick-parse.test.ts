import { describe, expect, it } from 'vitest';
import { ModelAgent } from '../../models/index.js';
import type { Agent, BenchmarkOptionValues } from '../../spec/index.js';
import { ScriptedModel } from '../../testing/index.js';
import { toolscanBenchmark } from './benchmark.js';
import type { ToolscanCase } from './load-cases.js';
import { parseToolscanRecordQuickly, toolscanReader } from './reader.js';
import { parseToolscanRecord } from './record-schema.js';

const options = { feedback: 'on', 'toolscan-output': 'native', 'toolscan-steps': '10', 'toolscan-set': 'main' };
const { cases } = await toolscanBenchmark.loadCases({ options });
const first = cases[0] as ToolscanCase;
const builtIn = (name: string, item: ToolscanCase) =>
  toolscanBenchmark.agents.find((agent) => agent.name === name)?.create(item, options) as Agent;

/** The stored form (JSON) of the record of `item` played by `agent`. */
async function storedRecord(item: ToolscanCase, agent: Agent, values: BenchmarkOptionValues = options) {
  const result = await toolscanBenchmark.play({
    case: item,
    trial: 0,
    agent,
    options: values,
    services: { embedder: () => Promise.reject(new Error('ToolScan needs no embedder')) },
    limits: {},
    signal: new AbortController().signal,
  });
  return JSON.parse(JSON.stringify(result.record)) as Record<string, unknown>;
}

/** An agent that calls an unknown API, a known one with a wrong argument name and type, then gives up. */
function clumsyAgent(): Agent {
  return new ModelAgent(
    new ScriptedModel([
      { toolCalls: [{ name: 'get_movie_info', arguments: { movie_id: 1 } }] },
      { toolCalls: [{ name: 'get_movie_details', arguments: { id: '1' } }] },
      { toolCalls: [{ name: 'get_movie_details', arguments: { movie_id: 'one' } }] },
      'I could not find it.',
    ]),
  );
}

/** Records of the oracle on every query, the unhelpful agent, and a clumsy agent in each output format. */
async function storedRecords(): Promise<Record<string, unknown>[]> {
  const records = [];
  for (const item of cases) records.push(await storedRecord(item, builtIn('oracle', item)));
  records.push(await storedRecord(first, builtIn('unhelpful', first)));
  for (const output of ['native', 'json', 'text']) {
    const values = { ...options, feedback: output === 'json' ? 'off' : 'on', 'toolscan-output': output };
    records.push(await storedRecord(first, clumsyAgent(), { ...values, 'toolscan-steps': '3' }));
  }
  return records;
}

describe("the ToolScan record's quick parse (no zod)", () => {
  it('reads every record the benchmark stores exactly as the schema does', async () => {
    const records = await storedRecords();
    expect(records).toHaveLength(cases.length + 4);
    const patterns = new Set(
      records.flatMap((record) =>
        (record.score as { marks: { patterns: string[] }[] }).marks.flatMap((mark) => mark.patterns),
      ),
    );
    expect([...patterns].sort()).toEqual(expect.arrayContaining(['IAN', 'IAT', 'IFN']));
    expect(records.some((record) => record.budgetExhausted === true)).toBe(true);
    for (const record of records) {
      const quick = parseToolscanRecordQuickly(record);
      expect(quick).toBeDefined();
      expect(quick).toEqual(parseToolscanRecord(record));
      expect(toolscanReader.parseRecord(record)).toEqual(quick);
    }
  });

  it('is not sure of a record the schema refuses, which then names the field as before', async () => {
    const record = await storedRecord(first, builtIn('unhelpful', first));
    const trajectory = record.trajectory as Record<string, unknown>;
    const score = record.score as Record<string, unknown>;
    const broken: [unknown, string][] = [
      [{ ...record, queryId: 7 }, 'toolscan record: queryId: Invalid input: expected string, received number'],
      [{ ...record, formatVersion: 2 }, 'toolscan record: formatVersion: Invalid input: expected 1'],
      [{ ...record, settings: { ...(record.settings as object), steps: 0 } }, 'toolscan record: settings.steps:'],
      [{ ...record, score: { ...score, calls: -1 } }, 'toolscan record: score.calls: Too small'],
      [{ ...record, trajectory: { ...trajectory, episodeId: 3 } }, 'record.trajectory.episodeId: Invalid input'],
      [[], 'toolscan record: (root): Invalid input: expected object, received array'],
    ];
    for (const [value, message] of broken) {
      expect(parseToolscanRecordQuickly(value)).toBeUndefined();
      await toolscanReader.loadRecordSchema?.(value);
      expect(() => toolscanReader.parseRecord(value)).toThrow(message);
    }
  });
});
