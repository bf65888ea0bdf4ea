import { describe, expect, it } from 'vitest';
import { loadToolscanQueries } from './load-cases.js';
import { proveQuery } from './prove.js';

/** The corpus proof: every built-in query, main set and irrelevance variants, proven both ways. */
describe('ToolScan built-in queries', () => {
  it('load without problems: 150 main queries over five environments, over a quarter with two or more gold trajectories, no goal twice', () => {
    const loaded = loadToolscanQueries(undefined, 'main');
    expect(loaded.problems).toEqual([]);
    expect(loaded.cases).toHaveLength(150);
    expect(new Set(loaded.cases.map((item) => item.environment)).size).toBe(5);
    const multiple = loaded.cases.filter((item) => item.query.trajectories.length >= 2).length;
    // Alternatives that dropped a constraint the query states were removed (issue 25); the rest stay.
    expect(multiple / loaded.cases.length).toBeGreaterThan(0.25);
    const goals = loaded.cases.map((item) => item.query.goal);
    expect(new Set(goals).size).toBe(goals.length);
    // No query keeps two trajectories that differ only in an `$any` example (identical for scoring).
    const sameForScoring = loaded.cases.filter((item) => {
      const keys = item.query.trajectories.map((trajectory) =>
        JSON.stringify(trajectory, (_key, value) =>
          value && typeof value === 'object' && '$any' in value ? '$any' : value,
        ),
      );
      return new Set(keys).size < keys.length;
    });
    expect(sameForScoring.map((item) => item.id)).toEqual([]);
    const irrelevance = loadToolscanQueries(undefined, 'irrelevance').cases;
    expect(new Set(irrelevance.map((item) => item.query.irrelevance))).toEqual(
      new Set(['unrelated-request', 'unexpressible-constraint', 'mismatched-parameter']),
    );
    expect(loadToolscanQueries(undefined, 'irrelevance').cases).toHaveLength(60);
  });

  it('every gold trajectory scores perfectly and a wrong play fails', async () => {
    const { cases } = loadToolscanQueries(undefined, 'all');
    const failures: string[] = [];
    for (const item of cases) {
      const proof = await proveQuery(item, { feedback: true, output: 'native', steps: 10 });
      for (const check of proof.checks) if (!check.ok) failures.push(`${item.id}: ${check.name}: ${check.detail}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
