import { describe, expect, it } from 'vitest';
import { ModelAgent } from '../../models/index.js';
import { PromptModeAdapter } from '../../models/providers/prompt-mode-adapter.js';
import { ScriptedModel, type ScriptedReply } from '../../testing/index.js';
import { loadToolscanQueries, type ToolscanCase } from './load-cases.js';
import type { ToolscanSettings } from './options.js';
import { playQuery } from './play.js';
import { scoreEpisode } from './score.js';

const settings: ToolscanSettings = { feedback: true, output: 'native', steps: 10 };
const item = loadToolscanQueries(undefined, 'main').cases.find(
  (candidate) => candidate.id === 'movies-001',
) as ToolscanCase;
const [[search, details]] = item.query.trajectories as [
  [{ api: string; arguments: Record<string, unknown> }, { api: string; arguments: Record<string, unknown> }],
];
const movieId = details.arguments.movie_id as number;
const runtime = item.query.answer.type === 'number' ? item.query.answer.value : -1;
const tool = (name: string, args: Record<string, unknown> | string): ScriptedReply => ({
  toolCalls: [{ name, arguments: args }],
});
const finish = (answer: unknown) => tool('finish', { answer } as Record<string, unknown>);
const goodSearch = tool(search.api, search.arguments);
const goodDetails = tool(details.api, details.arguments);

async function play(replies: ScriptedReply[], with_: Partial<ToolscanSettings> = {}) {
  const model = new ScriptedModel(replies);
  const { trajectory, budgetExhausted } = await playQuery(item, new ModelAgent(model), { ...settings, ...with_ });
  return { score: scoreEpisode(trajectory, item.query, item.environment), model, budgetExhausted, trajectory };
}

describe('ToolScan episodes: one hand-made trajectory per pattern', () => {
  it('the gold play scores 1 everywhere', async () => {
    const { score } = await play([goodSearch, goodDetails, finish(runtime)]);
    expect(score.success).toBe(true);
    expect(score.calls).toBe(2);
    expect(Object.values(score.scores)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });

  it('IFN: an unknown function is rejected with the list of available ones and not run', async () => {
    const { score, model } = await play([
      tool('get_movie_info', { movie_id: movieId }),
      goodSearch,
      goodDetails,
      finish(runtime),
    ]);
    expect(score.counts).toEqual({ RAC: 0, IFE: 0, IAT: 0, IAN: 0, IFN: 1 });
    expect(score.scores.IFN).toBeCloseTo(2 / 3);
    expect(score.marks[0]).toMatchObject({ patterns: ['IFN'], executed: false });
    const feedback = model.requests[1]?.messages.at(-1);
    expect(feedback?.role === 'tool' && feedback.text).toContain('get_movie_details');
    expect(score.success).toBe(true);
  });

  it('IAN: an unknown argument name, and a missing required argument, each count once', async () => {
    const { score, model } = await play([
      tool(search.api, { title: search.arguments.query }),
      tool(details.api, {}),
      goodSearch,
      goodDetails,
      finish(runtime),
    ]);
    expect(score.counts.IAN).toBe(2);
    expect(score.scores.IAN).toBeCloseTo(0.5);
    const first = model.requests[1]?.messages.at(-1);
    expect(first?.role === 'tool' && first.text).toMatch(/"query"/);
  });

  it('IAT: a string where an integer is declared', async () => {
    const { score } = await play([
      goodSearch,
      tool(details.api, { movie_id: String(movieId) }),
      goodDetails,
      finish(runtime),
    ]);
    expect(score.counts).toEqual({ RAC: 0, IFE: 0, IAT: 1, IAN: 0, IFN: 0 });
    expect(score.scores.IAT).toBeCloseTo(2 / 3);
  });

  it('IFE: arguments that do not parse are a format error with feedback, never a crash', async () => {
    const { score, model } = await play([
      goodSearch,
      tool(details.api, `{"movie_id": ${movieId}`),
      goodDetails,
      finish(runtime),
    ]);
    expect(score.counts.IFE).toBe(1);
    const feedback = model.requests[2]?.messages.at(-1);
    expect(feedback?.role === 'tool' && feedback.isError).toBe(true);
  });

  it('RAC: the exact same call again (a left-out default equals the default given)', async () => {
    const { score } = await play([
      goodSearch,
      tool(search.api, { ...search.arguments, page: 1 }),
      goodDetails,
      finish(runtime),
    ]);
    expect(score.counts.RAC).toBe(1);
    expect(score.scores.RAC).toBeCloseTo(2 / 3);
    expect(score.scores.IAC).toBe(1);
  });

  it('IAC: a gold call never made; the answer is then wrong too', async () => {
    const { score } = await play([goodSearch, finish(runtime + 7)]);
    expect(score.scores.IAC).toBe(0.5);
    expect(score.success).toBe(false);
  });

  it('IAV: the right API with a wrong value', async () => {
    const { score } = await play([goodSearch, tool(details.api, { movie_id: movieId + 13 }), finish(runtime)]);
    expect(score.scores.IAC).toBe(1);
    expect(score.scores.IAV).toBe(0.5);
  });
});

describe('ToolScan protocol', () => {
  it('with feedback off, a rejected call gets a bare failure that names nothing', async () => {
    const { model, score } = await play([tool(search.api, { title: 'x' }), goodSearch, goodDetails, finish(runtime)], {
      feedback: false,
    });
    const seen = model.requests[1]?.messages.at(-1);
    expect(seen?.role === 'tool' && seen.text).toBe('Error (invalid-value): The call failed.');
    expect(score.counts.IAN).toBe(1);
    expect(score.marks[0]?.feedback).toContain('query');
  });

  it('ends the episode when the step budget is spent', async () => {
    const replies = Array.from({ length: 5 }, (_, page) => tool(search.api, { ...search.arguments, page: page + 1 }));
    const { score, budgetExhausted, model } = await play(replies, { steps: 3 });
    expect(model.requests).toHaveLength(3);
    expect(budgetExhausted).toBe(true);
    expect(score.success).toBe(false);
    expect(score.finished).toBe(false);
  });

  it('accepts an answer in text instead of finish', async () => {
    const { score } = await play([goodSearch, goodDetails, `It runs ${runtime} minutes.`]);
    expect(score.success).toBe(true);
    expect(score.finished).toBe(false);
  });

  it('reads prompt-mode replies in both formats; a broken one is an IFE with feedback', async () => {
    const model = new ScriptedModel([
      `Action: ${details.api}\nAction Input: {"movie_id": ${movieId}`,
      `Action: ${search.api}\nAction Input: ${JSON.stringify(search.arguments)}`,
      JSON.stringify({ name: details.api, arguments: details.arguments }),
      JSON.stringify({ name: 'finish', arguments: { answer: runtime } }),
    ]);
    const { trajectory } = await playQuery(item, new ModelAgent(new PromptModeAdapter(model)), {
      ...settings,
      output: 'text',
    });
    const score = scoreEpisode(trajectory, item.query, item.environment);
    expect(score.counts.IFE).toBe(1);
    expect(score.success).toBe(true);
    expect(model.requests[0]?.messages[0]?.text).toContain('Action Input: <arguments as a JSON object>');
  });
});
