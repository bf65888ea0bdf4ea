/**
 * An episode through the model-facing path (a model agent over a scripted model): what the model is
 * shown, the call cap, the stored record, and an embedding failure that must not count against the agent.
 */
import { describe, expect, it } from 'vitest';
import { LexicalEmbedder } from '../../embeddings/index.js';
import { ModelAgent } from '../../models/index.js';
import { InfrastructureError } from '../../spec/index.js';
import { ScriptedModel } from '../../testing/index.js';
import { tooltalkBenchmark } from './index.js';

const loaded = await tooltalkBenchmark.loadCases({ options: {} });
const find = (id: string) => {
  const found = loaded.cases.find((c) => c.id === id);
  if (!found) throw new Error(`no case ${id}`);
  return found;
};
const services = { embedder: async () => new LexicalEmbedder() };
const input = (caseId: string, model: ScriptedModel, options = {}) => ({
  case: find(caseId),
  trial: 0,
  agent: new ModelAgent(model),
  options,
  services,
  limits: {},
  signal: new AbortController().signal,
});

describe('a ToolTalk episode played by a model', () => {
  it('shows the history without session tokens, scores paraphrased text and stores a valid record', async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ name: 'ForecastWeather', arguments: { location: 'boston' } }] },
      'Snow on Friday.',
      {
        toolCalls: [
          { name: 'AddReminder', arguments: { task: 'bring the snow shovel in', due_date: '2024-03-14 08:00:00' } },
        ],
      },
      'Reminder set.',
    ]);
    const result = await tooltalkBenchmark.play(input('hard/hannah-snow-shovel', model));
    expect(result.status).toBe('scored');
    expect(result.metrics).toMatchObject({ success: 1, precision: 1, recall: 1, predictions: 2, matches: 2 });
    const secondTurn = model.requests[2];
    expect(secondTurn?.messages[0]).toMatchObject({ role: 'system' });
    expect(JSON.stringify(secondTurn?.messages)).not.toContain('session_token');
    expect(JSON.stringify(secondTurn?.messages)).toContain('ForecastWeather');
    expect(secondTurn?.tools).toHaveLength(28);
    expect(JSON.stringify(secondTurn?.tools)).not.toContain('session_token');
    const record = tooltalkBenchmark.parseRecord(JSON.parse(JSON.stringify(result.record)));
    expect(record.turns.map((turn) => turn.predictions.map((p) => [p.request.api_name, p.match]))).toEqual([
      [['ForecastWeather', true]],
      [['AddReminder', true]],
    ]);
    expect(record.turns[1]?.predictions[0]?.request.parameters?.session_token).toBe('e82a4c61-0f9b-d237');
    expect(tooltalkBenchmark.trajectories(record)).toHaveLength(2);
    expect(() => tooltalkBenchmark.parseRecord({ ...record, formatVersion: 2 })).toThrow(/formatVersion/);
  });

  it('caps the calls of a turn and records it', async () => {
    const model = new ScriptedModel(() => ({ toolCalls: [{ name: 'FindAlarms', arguments: {} }] }));
    const result = await tooltalkBenchmark.play(input('easy/FindAlarms-easy', model, { 'tooltalk-max-calls': '3' }));
    // Repeated reads lower precision only: success needs recall 1 and no incorrect action.
    expect(result.metrics).toMatchObject({ capped_turns: 1, predictions: 3, precision: 1 / 3, success: 1 });
    expect(result.record.turns[0]).toMatchObject({ callCapHit: true, reply: null });
  });

  it("offers only the conversation's tools with --tooltalk-tools exact, blank docs with --tooltalk-no-docs", async () => {
    const model = new ScriptedModel(['ok']);
    await tooltalkBenchmark.play(
      input('easy/AddAlarm-easy', model, { 'tooltalk-tools': 'exact', 'tooltalk-no-docs': true }),
    );
    expect(model.requests[0]?.tools.map((tool) => tool.name)).toEqual(['AddAlarm']);
    expect(model.requests[0]?.tools[0]?.description).toBe('');
  });

  it('does not score an episode whose embedder fails', async () => {
    const model = new ScriptedModel([
      {
        toolCalls: [
          { name: 'AddReminder', arguments: { task: 'dry cleaning pickup', due_date: '2024-03-15 00:00:00' } },
        ],
      },
      'Done.',
    ]);
    const result = await tooltalkBenchmark.play({
      ...input('easy/AddReminder-easy', model),
      services: {
        embedder: async () => {
          throw new InfrastructureError('embedding server down');
        },
      },
    });
    expect(result).toMatchObject({ status: 'failed', error: 'embedding server down', metrics: {} });
  });
});
