import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate, rescore } from '../../index.js';

// T-Eval's prompts do not depend on the protocol or the quirks: a stored reply scored again under others
// is what a fresh run under them scores.
describe('rescoring T-Eval runs', () => {
  it('under another protocol and quirks equals a fresh run', async () => {
    const store = join(await mkdtemp(join(tmpdir(), 'toolgauge-teval-rescore-')), 'runs.db');
    const common = { benchmark: 'teval', store, agent: 'oracle', limit: 240, embedder: 'lexical' } as const;
    const v2 = { 'teval-protocol': 'v2', 'teval-quirks': 'faithful' } as const;
    const v1 = await evaluate({ ...common, runId: 'v1' });
    const fresh = await evaluate({ ...common, runId: 'v2', options: v2 });
    const rescored = await rescore({ store, runId: 'v1', as: 'v1-as-v2', options: v2 });
    const metrics = (report: typeof fresh) =>
      report.benchmarks.teval?.episodes.map((episode) => [episode.caseId, episode.metrics]) ?? [];
    // The protocols disagree on some items, so the equality below can fail.
    expect(metrics(v1)).not.toEqual(metrics(fresh));
    expect(metrics(rescored)).toEqual(metrics(fresh));
    expect(rescored.benchmarks.teval?.tables).toEqual(fresh.benchmarks.teval?.tables);
  }, 120_000);
});
