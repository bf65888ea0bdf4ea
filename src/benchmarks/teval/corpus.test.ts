import { describe, expect, it } from 'vitest';
import { fakeServices } from '../../testing/fake-embedder.js';
import { CONFIRMATION_REPLY, isConfirmationRequest } from '../../users/index.js';
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

  it("gives the sandbox's items the user's own lines: a question for information is answered, never confirmed (issue 23)", async () => {
    const loaded = await tevalBenchmark.loadCases({ options: {} });
    const derived = loaded.cases.filter((item) => item.id.startsWith('sandbox/'));
    const misplaced: string[] = [];
    for (const item of derived) {
      item.prompt.forEach((message, index) => {
        if (message.role !== 'user' || message.content !== CONFIRMATION_REPLY) return;
        const asked = item.prompt.slice(0, index).findLast((earlier) => earlier.role === 'assistant');
        if (!asked || !isConfirmationRequest(asked.content)) misplaced.push(`${item.id} after "${asked?.content}"`);
      });
    }
    expect(misplaced).toEqual([]);
    // "Which reminder should I delete?" once got "Yes, please go ahead.": the plan's query had no reminder in it.
    const plan = derived.find((item) => item.id === 'sandbox/time-delete-reminder-asks-which/plan-json');
    expect(plan?.prompt.at(-1)?.content).toBe(
      'Delete one of my reminders.\nThe one about paying the electricity bill. I already paid it.',
    );
  }, 120_000);
});
