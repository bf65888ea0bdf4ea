import { describe, expect, it } from 'vitest';
import { fakeServices } from './fake-embedder.js';
import { tevalBenchmark } from './index.js';
import { isDict } from './python-value.js';

/** The corpus proof: every built-in item (samples and items derived from the sandbox scenarios). */
describe('built-in T-Eval items derived from the tool corpora', () => {
  it('cover every subset and review class, and every item is proven both ways', async () => {
    const loaded = await tevalBenchmark.loadCases({ options: {} });
    expect(loaded.problems).toEqual([]);
    const derived = loaded.cases.filter((item) => item.id.startsWith('sandbox/'));
    // ToolTalk's conversations and ToolScan's queries feed items too.
    for (const corpus of ['tooltalk/', 'toolscan/']) {
      expect(loaded.cases.filter((item) => item.id.startsWith(corpus)).length, corpus).toBeGreaterThan(50);
    }
    const bySubset = new Map<string, number>();
    for (const item of derived)
      bySubset.set(`${item.subset}.${item.format}`, (bySubset.get(`${item.subset}.${item.format}`) ?? 0) + 1);
    for (const kind of [
      'plan.json',
      'plan.str',
      'rru.json',
      'reason.str',
      'retrieve.str',
      'understand.str',
      'instruct.json',
      'instruct.str',
      'review.str',
    ]) {
      expect(bySubset.get(kind) ?? 0, kind).toBeGreaterThan(10);
    }
    const answers = new Map<string, number>();
    for (const item of derived.filter((candidate) => candidate.subset === 'review')) {
      const answer = isDict(item.groundTruth) ? String(item.groundTruth.get('answer')) : '?';
      answers.set(answer, (answers.get(answer) ?? 0) + 1);
    }
    for (const answer of ['A', 'B', 'C', 'D', 'E'])
      expect(answers.get(answer) ?? 0, `review ${answer}`).toBeGreaterThan(0);
    console.log(
      `derived items: ${derived.length}`,
      Object.fromEntries(bySubset),
      'review answers',
      Object.fromEntries(answers),
    );
    const failures: string[] = [];
    for (const item of loaded.cases) {
      const proof = await tevalBenchmark.prove?.(item, { options: {}, services: fakeServices });
      for (const check of proof?.checks ?? [])
        if (!check.ok) failures.push(`${item.id} ${check.name}: ${check.detail}`);
    }
    expect(failures.slice(0, 10)).toEqual([]);
  }, 120_000);
});
