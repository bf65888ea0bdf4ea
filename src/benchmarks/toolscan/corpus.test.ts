import { describe, expect, it } from 'vitest';
import { loadToolscanQueries } from './load-cases.js';
import { proveQuery } from './prove.js';

/** The corpus proof: every built-in query, main set and irrelevance variants, proven both ways. */
describe('ToolScan built-in queries', () => {
  it('load without problems: 150 main queries over five environments, a third with two or more gold trajectories', () => {
    const loaded = loadToolscanQueries(undefined, 'main');
    expect(loaded.problems).toEqual([]);
    expect(loaded.cases).toHaveLength(150);
    expect(new Set(loaded.cases.map((item) => item.environment)).size).toBe(5);
    const multiple = loaded.cases.filter((item) => item.query.trajectories.length >= 2).length;
    // Alternatives that dropped a constraint the query states were removed (issue 25); the rest stay.
    expect(multiple / loaded.cases.length).toBeGreaterThan(0.3);
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
