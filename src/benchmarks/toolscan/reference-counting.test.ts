import { describe, expect, it } from 'vitest';
import type { Agent, Turn } from '../../spec/index.js';
import { loadToolscanQueries, type ToolscanCase } from './load-cases.js';
import { settingsFrom, type ToolscanSettings } from './options.js';
import { playQuery, rescoreToolscanEpisode } from './play.js';
import { TOOLSCAN_RECORD_VERSION, type ToolscanRecord } from './record.js';
import { scoreEpisode } from './score.js';

/**
 * Hand-worked examples for `--toolscan-reference on`, beside the default's: scripted episodes whose
 * reference figures were worked out from the reference code's rules (N = 10, no recorded call → all 0,
 * RAC over calls that ran, IAV without assignment, success on any finish). The proof against the
 * reference code itself is `reference-recorded.test.ts`.
 */
const item = loadToolscanQueries(undefined, 'main').cases.find((c) => c.id === 'movies-001') as ToolscanCase;
const base: ToolscanSettings = { feedback: true, output: 'native', steps: 10 };

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
const call = (name: string, args: Record<string, unknown>): Turn => ({
  type: 'tool-calls',
  calls: [{ id: `${name}`, name, arguments: args }],
});
const search = call('search_movie', { query: 'The Silent Mirror' });
const details = call('get_movie_details', { movie_id: 4166 });
const finish = (answer: unknown) => call('finish', { answer });

async function both(turns: readonly Turn[]) {
  const { trajectory } = await playQuery(item, turnsAgent(turns), base);
  return {
    paper: scoreEpisode(trajectory, item.query, item.environment, base),
    reference: scoreEpisode(trajectory, item.query, item.environment, { ...base, reference: true }),
  };
}

describe('--toolscan-reference: the reference code counting', () => {
  it('reads the option', () => {
    expect(settingsFrom({ 'toolscan-reference': 'on' }).reference).toBe(true);
    expect(settingsFrom({}).reference).toBeUndefined();
    expect(() => settingsFrom({ 'toolscan-reference': 'maybe' })).toThrow(/toolscan-reference/);
  });

  it('divides by the reference N (10), and counts only repeats of calls that ran', async () => {
    // IFN, IFN again (rejected, repeated), search, search again (ran, repeated), details, finish.
    const { paper, reference } = await both([
      call('get_movie_info', { movie_id: 4166 }),
      call('get_movie_info', { movie_id: 4166 }),
      search,
      search,
      details,
      finish(166),
    ]);
    expect(paper.calls).toBe(5);
    expect(paper.counts).toMatchObject({ IFN: 2, RAC: 2 });
    expect(paper.scores).toMatchObject({ IFN: 1 - 2 / 5, RAC: 1 - 2 / 5, IAC: 1, IAV: 1 });
    expect(reference.counts).toMatchObject({ IFN: 2, RAC: 1 });
    expect(reference.scores).toEqual({ IAC: 1, RAC: 0.9, IAV: 1, IFE: 1, IAT: 1, IAN: 1, IFN: 0.8 });
  });

  it('counts a missing argument as IAN and a wrong value as IAV over the budget', async () => {
    const { paper, reference } = await both([
      search,
      call('get_movie_details', {}),
      call('get_movie_details', { movie_id: 1 }),
      finish(166),
    ]);
    expect(paper.scores).toMatchObject({ IAN: 1 - 1 / 3, IAV: 0.5 });
    expect(reference.scores).toMatchObject({ IAN: 0.9, IAV: 0.9, IAC: 1 });
  });

  it('takes any finish as success, and no executed call as 0 everywhere', async () => {
    const wrong = await both([search, details, finish(999)]);
    expect(wrong.paper.success).toBe(false);
    expect(wrong.reference.success).toBe(true);
    const none = await both([{ type: 'text', text: 'It runs 166 minutes.' }]);
    expect(none.paper.success).toBe(true);
    expect(none.paper.scores.IFN).toBeNull();
    expect(none.reference.success).toBe(false);
    expect(Object.values(none.reference.scores)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });
});

describe('--toolscan-reference: rescoring', () => {
  it('counts with the feedback the episode was played with, not the options default', async () => {
    // Feedback off: the rejected details call runs in the reference and is repeated (RAC), and it is
    // the only details call, so IAC is 1 and IAV counts it wrong.
    const settings: ToolscanSettings = { ...base, feedback: false };
    const played = await playQuery(
      item,
      turnsAgent([search, call('get_movie_details', {}), call('get_movie_details', {}), finish(166)]),
      settings,
    );
    const record: ToolscanRecord = {
      formatVersion: TOOLSCAN_RECORD_VERSION,
      queryId: item.id,
      environment: item.environment,
      settings,
      budgetExhausted: played.budgetExhausted,
      callsNotRun: [],
      trajectory: played.trajectory,
      score: scoreEpisode(played.trajectory, item.query, item.environment, settings),
    };
    const rescored = await rescoreToolscanEpisode({
      case: item,
      trial: 0,
      record,
      options: { 'toolscan-reference': 'on' },
      services: {} as never,
      signal: new AbortController().signal,
    });
    expect(rescored.record.settings).toMatchObject({ feedback: false, reference: true });
    expect(rescored.metrics).toMatchObject({ RAC: 0.9, IAN: 0.8, IAC: 1, IAV: 0.9 });
  });
});
