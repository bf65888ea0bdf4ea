import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate, rescore } from '../../index.js';
import type { Agent, TurnRequest } from '../../spec/index.js';

/** Calls AddAlarm with a number for its time once per turn (a type error), then answers. */
const wronglyTyped = (): Agent => ({
  name: 'wrongly-typed',
  async respond(request: TurnRequest) {
    const last = request.messages.at(-1);
    if (last?.type === 'tool-result') return { type: 'text', text: 'Done.' };
    return { type: 'tool-calls', calls: [{ id: 'c1', name: 'AddAlarm', arguments: { time: 930 } }] };
  },
});

// ToolTalk's mode decides how calls run too (reference-compatible runs arguments as the reference's Python
// tools take them), so a rescore into another mode is exact only where every call runs the same.
describe('rescoring ToolTalk runs', () => {
  it('into the other mode equals a fresh run, or leaves the episode failed when a call would have run differently', async () => {
    const store = join(await mkdtemp(join(tmpdir(), 'toolgauge-tooltalk-rescore-')), 'runs.db');
    const common = { benchmark: 'tooltalk', store, cases: 'easy/*', limit: 6, embedder: 'lexical' } as const;
    await evaluate({ ...common, agent: 'oracle', runId: 'oracle' });
    await evaluate({
      ...common,
      agent: 'oracle',
      runId: 'oracle-ref',
      options: { 'tooltalk-mode': 'reference-compatible' },
    });
    const rescored = await rescore({
      store,
      runId: 'oracle',
      as: 'oracle-as-ref',
      options: { 'tooltalk-mode': 'reference-compatible' },
    });
    const fresh = await evaluate({
      ...common,
      agent: 'oracle',
      runId: 'oracle-ref-again',
      options: { 'tooltalk-mode': 'reference-compatible' },
    });
    const scores = (report: typeof fresh) =>
      report.benchmarks.tooltalk?.episodes.map((episode) => [episode.caseId, episode.metrics]) ?? [];
    expect(scores(rescored)).toEqual(scores(fresh));
    expect(rescored.benchmarks.tooltalk?.status).toEqual({ scored: 6, failed: 0 });

    await evaluate({ ...common, agent: wronglyTyped, runId: 'typed' });
    const typed = await rescore({
      store,
      runId: 'typed',
      as: 'typed-as-ref',
      options: { 'tooltalk-mode': 'reference-compatible' },
    });
    const freshTyped = await evaluate({
      ...common,
      agent: wronglyTyped,
      runId: 'typed-ref',
      options: { 'tooltalk-mode': 'reference-compatible' },
    });
    const episodes = typed.benchmarks.tooltalk?.episodes ?? [];
    // Where the call runs differently (a logged-in user: the argument is checked), the episode is left for a
    // replay; where it runs the same (no one logged in: refused before its arguments are read), it is scored
    // as a fresh run in that mode scores it.
    const failed = episodes.filter((episode) => episode.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    for (const episode of failed) {
      expect(episode.error).toMatch(
        /not rescored: under --tooltalk-mode reference-compatible the agent's call 1 of turn \d+ \(AddAlarm\) would have run differently/,
      );
    }
    const freshByCase = new Map(
      freshTyped.benchmarks.tooltalk?.episodes.map((episode) => [episode.caseId, episode.metrics]),
    );
    for (const episode of episodes.filter((candidate) => candidate.status === 'scored')) {
      expect(episode.metrics).toEqual(freshByCase.get(episode.caseId));
    }
  }, 120_000);
});
