import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate, rescore } from '../../index.js';

// ToolScan's reference counting changes only how a stored trajectory is counted.
describe('rescoring ToolScan runs', () => {
  it("with the reference code's counting equals a fresh run with it, and back", async () => {
    const store = join(await mkdtemp(join(tmpdir(), 'toolgauge-toolscan-rescore-')), 'runs.db');
    const common = { benchmark: 'toolscan', store, agent: 'spray', limit: 40 } as const;
    const reference = { 'toolscan-reference': 'on' } as const;
    const paper = await evaluate({ ...common, runId: 'paper' });
    const fresh = await evaluate({ ...common, runId: 'reference', options: reference });
    const metrics = (report: typeof fresh) =>
      report.benchmarks.toolscan?.episodes.map((episode) => [episode.caseId, episode.metrics]) ?? [];
    // The two countings disagree on these episodes, so the equalities below can fail.
    expect(metrics(paper)).not.toEqual(metrics(fresh));
    expect(metrics(await rescore({ store, runId: 'paper', as: 'as-reference', options: reference }))).toEqual(
      metrics(fresh),
    );
    expect(
      metrics(await rescore({ store, runId: 'reference', as: 'back', options: { 'toolscan-reference': 'off' } })),
    ).toEqual(metrics(paper));
  }, 120_000);
});
