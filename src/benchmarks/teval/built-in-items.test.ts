import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { tevalBenchmark } from './index.js';
import { conflictingRepeats, shownKey, withoutRepeats } from './item-repeats.js';
import { fromPlain } from './python-value.js';
import type { TevalCase } from './teval-case.js';

let items: readonly TevalCase[] = [];

beforeAll(async () => {
  const loaded = await tevalBenchmark.loadCases({ options: {} });
  expect(loaded.problems).toEqual([]);
  items = loaded.cases;
}, 120_000);

function item(id: string, content: string, answer: string): TevalCase {
  return {
    id,
    labels: {},
    subset: 'review',
    format: 'str',
    prompt: [{ role: 'user', content }],
    groundTruth: fromPlain({ answer }),
    apiList: [],
    template: null,
    origin: id,
  };
}

describe('repeated T-Eval items', () => {
  it('drops identical repeats, keeping the first, and finds a prompt with two golds', () => {
    const items = [item('a', 'x', 'A'), item('b', 'x', 'A'), item('c', 'y', 'A'), item('d', 'x', 'D')];
    expect(withoutRepeats(items).map((kept) => kept.id)).toEqual(['a', 'c', 'd']);
    expect(conflictingRepeats(items)).toEqual([['a', 'b', 'd']]);
    expect(conflictingRepeats(items.slice(0, 3))).toEqual([]);
  });
});

describe('the built-in T-Eval items', () => {
  it('never show one prompt with two different golds (per ability and format)', () => {
    expect(conflictingRepeats(items)).toEqual([]);
  });

  it('hold no identical repeats, and every prompt belongs to one item (the reference server answers by prompt)', () => {
    expect(withoutRepeats(items).length).toBe(items.length);
    const prompts = new Set(items.map((candidate) => JSON.stringify(candidate.prompt)));
    expect(prompts.size).toBe(items.length);
    expect(new Set(items.map(shownKey)).size).toBe(items.length);
  });

  it('are counted in the README and docs/teval.md as the code counts them', () => {
    const count = (prefix: string) => items.filter((candidate) => candidate.id.startsWith(prefix)).length;
    const sandbox = count('sandbox/');
    const tooltalk = count('tooltalk/');
    const toolscan = count('toolscan/');
    const samples = items.length - sandbox - tooltalk - toolscan;
    expect(Math.min(sandbox, tooltalk, toolscan, samples)).toBeGreaterThan(0);
    const n = (value: number) => value.toLocaleString('en-US');
    const read = (path: string) =>
      readFileSync(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), 'utf8').replace(/\s+/g, ' ');
    const readme = read('README.md');
    expect(readme).toContain(`# built-in items (${n(items.length)}), offline`);
    expect(readme).toContain(
      `INSTRUCT and REVIEW items; ${n(sandbox + tooltalk + toolscan)} of them, plus ${n(samples)} hand-written samples)`,
    );
    const docs = read('docs/teval.md');
    expect(docs).toContain(`The built-in set is large (${n(items.length)} items)`);
    expect(docs).toContain(
      `That is ${n(sandbox)} items from the sandbox scenarios and ${n(tooltalk + toolscan)} from ToolTalk's ` +
        `conversations (${n(tooltalk)}) and ToolScan's queries (${n(toolscan)}), plus ${n(samples)} hand-written sample items`,
    );
  });
});
