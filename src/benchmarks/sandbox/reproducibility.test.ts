import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Trajectory } from '../../spec/index.js';
import { sandboxCases } from './cases.js';
import { sandboxOracle } from './oracle.js';
import { runSandboxCase } from './play.js';
import { BUILT_IN_SCENARIOS, loadScenarios } from './scenario-loader.js';

const { scenarios } = await loadScenarios([fileURLToPath(BUILT_IN_SCENARIOS)]);
// Scenarios whose tools read the clock, build dates or create rows with ids: where a leak would show.
const cases = sandboxCases(scenarios, ['distraction-0']).filter((sandboxCase) =>
  /^(time|mix|know)-/.test(sandboxCase.id),
);

async function playAll(): Promise<unknown[]> {
  const results = [];
  for (const sandboxCase of cases) {
    const { trajectory, score } = await runSandboxCase({ sandboxCase, agent: sandboxOracle(sandboxCase) });
    const { timing: _timing, ...rest } = trajectory as Trajectory;
    results.push({ trajectory: rest, score });
  }
  return results;
}

describe('sandbox episodes are reproducible under any time zone and any date', () => {
  const originalZone = process.env.TZ;
  afterEach(() => {
    vi.useRealTimers();
    process.env.TZ = originalZone;
  });

  it('gives identical trajectories, ids and scores whatever the machine zone and wall clock', {
    timeout: 120_000,
  }, async () => {
    expect(cases.length).toBeGreaterThan(60);
    const baseline = await playAll();
    for (const [zone, date] of [
      ['Asia/Tokyo', '1999-12-31T23:59:30Z'],
      ['Pacific/Kiritimati', '2031-06-15T12:00:00Z'],
      ['America/St_Johns', '2026-03-08T09:59:59Z'],
    ] as const) {
      process.env.TZ = zone;
      vi.useFakeTimers({ toFake: ['Date'], now: new Date(date) });
      expect(Date.now()).toBe(Date.parse(date));
      expect(await playAll(), `${zone} at ${date}`).toEqual(baseline);
      vi.useRealTimers();
    }
  });
});
