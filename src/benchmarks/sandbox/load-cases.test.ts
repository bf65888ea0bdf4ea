import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadSandboxCases, sandboxCaseSetHash } from './load-cases.js';

/** The case-set hash as first defined: the replacer-sorted JSON of each whole case, one after the other. */
function referenceHash(cases: Awaited<ReturnType<typeof loadSandboxCases>>['cases']): string {
  const hash = createHash('sha256');
  for (const sandboxCase of cases) {
    const { file: _file, ...scenario } = sandboxCase.scenario;
    const value = {
      id: sandboxCase.id,
      opening: sandboxCase.opening,
      augmentation: sandboxCase.augmentation,
      scenario,
    };
    hash.update(
      JSON.stringify(value, (_key, inner: unknown) =>
        inner && typeof inner === 'object' && !Array.isArray(inner)
          ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
          : inner,
      ),
    );
    hash.update('\n');
  }
  return hash.digest('hex');
}

describe('sandbox case-set hash', () => {
  it('is the hash of every built-in case written in full, and moves when one case changes', async () => {
    const { cases, caseSetHash } = await loadSandboxCases({ options: {} });
    expect(cases.length).toBeGreaterThan(1000);
    expect(caseSetHash).toBe(referenceHash(cases));
    const changed = cases.map((sandboxCase, index) =>
      index === 7 ? { ...sandboxCase, scenario: { ...sandboxCase.scenario, allow: ['search_contacts'] } } : sandboxCase,
    );
    expect(sandboxCaseSetHash(changed)).toBe(referenceHash(changed));
    expect(sandboxCaseSetHash(changed)).not.toBe(caseSetHash);
    expect(sandboxCaseSetHash(cases.slice(1))).not.toBe(caseSetHash);
  });
});
