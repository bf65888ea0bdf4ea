import { describe, expect, it } from 'vitest';
import { ModelAgent } from '../../models/index.js';
import { PromptModeAdapter } from '../../models/providers/prompt-mode-adapter.js';
import { exampleOf } from '../../scoring/call-patterns.js';
import type { Agent, Turn } from '../../spec/index.js';
import { ScriptedModel } from '../../testing/index.js';
import { brokenCallName } from './broken-calls.js';
import { loadToolscanQueries, type ToolscanCase } from './load-cases.js';
import type { ToolscanSettings } from './options.js';
import { playQuery } from './play.js';
import { proveQuery } from './prove.js';
import { scoreEpisode } from './score.js';

const settings: ToolscanSettings = { feedback: true, output: 'native', steps: 10 };
const { cases } = loadToolscanQueries(undefined, 'main');
const query = (id: string) => cases.find((candidate) => candidate.id === id) as ToolscanCase;

/** Plays fixed turns in order (native tool calls or text). */
function turnsAgent(turns: readonly Turn[]): Agent {
  let next = 0;
  return {
    name: 'turns',
    async respond() {
      const turn = turns[next] ?? { type: 'text', text: '' };
      next += 1;
      return turn;
    },
  };
}
const calls = (...made: { name: string; arguments: Record<string, unknown> }[]): Turn => ({
  type: 'tool-calls',
  calls: made.map((call, index) => ({ id: `c${index}`, ...call })),
});

describe('ToolScan protocol rules (issue 25)', () => {
  it('the answer ends the episode: calls after finish in the same turn are not run nor counted', async () => {
    const item = query('movies-001');
    const { trajectory, notRun } = await playQuery(
      item,
      turnsAgent([
        calls(
          { name: 'finish', arguments: { answer: 166 } },
          { name: 'get_movie_details', arguments: { movie_id: 4166 } },
        ),
      ]),
      settings,
    );
    const score = scoreEpisode(trajectory, item.query, item.environment);
    expect(notRun.map((call) => call.name)).toEqual(['get_movie_details']);
    expect(trajectory.traces.map((trace) => trace.requestedName)).toEqual(['finish']);
    expect(score).toMatchObject({ calls: 0, success: true, callPrecision: null });
    expect(score.scores.IAC).toBe(0);
  });

  it('IAV does not depend on which of two same-API gold calls the agent made (optimal assignment)', async () => {
    const item = query('weather-006');
    const gold = item.query.trajectories[0] ?? [];
    const play = (picked: typeof gold) =>
      turnsAgent([
        ...picked.map((call) =>
          calls({
            name: call.api,
            arguments: Object.fromEntries(
              Object.entries(call.arguments).map(([key, value]) => [key, exampleOf(value)]),
            ),
          }),
        ),
        calls({ name: 'finish', arguments: { answer: 0 } }),
      ]);
    for (const city of [gold.slice(0, 2), gold.slice(2, 4)]) {
      const { trajectory } = await playQuery(item, play(city), settings);
      const score = scoreEpisode(trajectory, item.query, item.environment);
      expect(score.scores.IAC).toBe(0.5);
      expect(score.scores.IAV).toBe(1);
      expect(score.callPrecision).toBe(1);
    }
  });

  it('call precision shows a spray of calls that IAC (a count by API name) does not', async () => {
    const item = query('movies-001');
    const { trajectory } = await playQuery(
      item,
      turnsAgent([
        calls({ name: 'search_movie', arguments: { query: 'x' } }),
        calls({ name: 'get_movie_details', arguments: { movie_id: 1 } }),
        calls({ name: 'get_movie_cast', arguments: { movie_id: 1 } }),
        calls({ name: 'search_movie', arguments: { query: 'The Silent Mirror' } }),
      ]),
      settings,
    );
    const score = scoreEpisode(trajectory, item.query, item.environment);
    expect(score.scores.IAC).toBe(1);
    expect(score.callPrecision).toBe(0.25);
  });

  it.each([
    ['text', 'Action: search_movie with Action Input: {"query": "The Silent Mirror"}'],
    ['json', 'search_movie(query="The Silent Mirror")'],
    ['json', '{"name": "search_movie", "arguments": {"query": "The Silent Mirror"'],
    ['text', 'I will call search_movie with the query The Silent Mirror.'],
    ['text', 'Action: search_movie(query="The Silent Mirror")'],
  ] as const)(
    'in prompt mode (%s) a broken call is an IFE with feedback and the episode goes on: %s',
    async (output, broken) => {
      const item = query('movies-001');
      const model = new ScriptedModel([broken, '{"name": "finish", "arguments": {"answer": 166}}']);
      const { trajectory } = await playQuery(item, new ModelAgent(new PromptModeAdapter(model)), {
        ...settings,
        output,
      });
      const score = scoreEpisode(trajectory, item.query, item.environment);
      expect(score).toMatchObject({ calls: 1, success: true, finished: true });
      expect(score.counts).toEqual({ RAC: 0, IFE: 1, IAT: 0, IAN: 0, IFN: 0 });
      expect(model.requests).toHaveLength(2);
      expect(model.requests[1]?.messages.at(-1)?.text).toMatch(/not a JSON object/);
      expect(model.requests[1]?.messages.at(-1)?.text).toMatch(/Format error: write the call in the requested format/);
    },
  );

  it('a plain text answer in prompt mode is still the answer', () => {
    expect(brokenCallName('The film runs 166 minutes.', ['search_movie'])).toBeUndefined();
    expect(brokenCallName('Final Answer: Yusuf Eastwood', ['search_movie'])).toBeUndefined();
    expect(brokenCallName('["US10120037", "US10120000"]', ['search_movie'])).toBeUndefined();
    expect(brokenCallName('[{"name": "search_movie", "arguments": {', ['search_movie'])).toBe('search_movie');
    expect(brokenCallName('send_email(to="boss")', ['search_movie'])).toBe('send_email');
  });
});

describe('the loophole proof (issue 25)', () => {
  it('fails a query whose alternative accepts the look-alike API or a dropped constraint', async () => {
    const settings: ToolscanSettings = { feedback: true, output: 'native', steps: 10 };
    const patents = query('patents-002');
    const repaired = await proveQuery(patents, settings);
    expect(repaired.checks.find((check) => check.name.startsWith('no gold accepts'))?.ok).toBe(true);
    const first = patents.query.trajectories[0]?.[0];
    const title = first?.arguments.title;
    // The old loophole: the look-alike title search as a second trajectory.
    const lookAlike = {
      ...patents,
      query: {
        ...patents.query,
        trajectories: [
          ...patents.query.trajectories,
          [{ api: 'get_patent_with_title', arguments: { title, count: { $any: 100 } } }],
        ],
      },
    };
    const check = (await proveQuery(lookAlike, settings)).checks.find((c) => c.name.startsWith('no gold accepts'));
    expect(check?.ok).toBe(false);
    expect(check?.detail).toMatch(/look-alike get_patent_with_title/);
  });
});
