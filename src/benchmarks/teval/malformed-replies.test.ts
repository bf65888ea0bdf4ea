import { describe, expect, it } from 'vitest';
import { fakeServices } from '../../testing/fake-embedder.js';
import { tevalBenchmark } from './index.js';
import { parsePythonJson } from './python-json.js';
import type { PyValue } from './python-value.js';
import type { TevalCase } from './teval-case.js';
import { BUILT_IN_SAMPLES } from './teval-cases.js';
import { protocolOf } from './teval-protocol.js';
import { scoreItem } from './teval-score.js';
import { embeddingSimilarity } from './text-similarity.js';

/** Deterministic pseudo-random replies built from the characters parsers trip on. */
function* garbage(count: number): Generator<string> {
  const pieces = [
    '{',
    '}',
    '[',
    ']',
    '(',
    ')',
    "'",
    '"',
    ':',
    ',',
    '\\',
    '\n',
    '```json',
    '`',
    'True',
    'null',
    '1e5',
    '-',
    '.',
    ' ',
    'é',
    '\u2028',
    'Answer:',
    'A',
    'FinishAction',
    'Library.reserve',
    '#',
    'x',
  ];
  let state = 12345;
  for (let index = 0; index < count; index++) {
    let text = '';
    const length = index % 40;
    for (let position = 0; position < length; position++) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      text += pieces[state % pieces.length];
    }
    yield text;
  }
}

describe('malformed replies', () => {
  it('never crash an evaluator: every reply gets scores in [0, 1], and unreadable ones a recorded error', async () => {
    const samples = (await tevalBenchmark.loadCases({ source: BUILT_IN_SAMPLES, options: {} })).cases;
    const plan = parsePythonJson(
      '[{"id": 0, "name": "Library.search_books", "args": {"title_words": "sea"}}, {"id": 1, "name": "Library.reserve", "args": {"book_id": "b1", "branch": "Harbour"}}, {"id": 2, "name": "FinishAction", "args": {}}]',
    );
    const made = (subset: TevalCase['subset'], format: TevalCase['format'], groundTruth: PyValue): TevalCase => ({
      id: `made/${subset}-${format}`,
      labels: {},
      subset,
      format,
      prompt: [{ role: 'user', content: 'x' }],
      groundTruth,
      apiList: ['Library.search_books', 'Library.reserve'],
      template: null,
      origin: 'test',
    });
    const cases = [
      ...samples,
      made('plan', 'json', plan),
      made('plan', 'str', plan),
      made('review', 'str', parsePythonJson('{"answer": "C", "thought": "bad id"}')),
    ];
    const similarity = embeddingSimilarity(await fakeServices.embedder());
    for (const protocol of [protocolOf({}), protocolOf({ 'teval-protocol': 'v2', 'teval-quirks': 'faithful' })]) {
      for (const item of cases) {
        for (const reply of garbage(150)) {
          const scored = await scoreItem(item, reply, similarity, protocol);
          for (const [metric, value] of Object.entries(scored.metrics)) {
            if (value === null) continue;
            expect(value, `${item.id} ${metric} ${JSON.stringify(reply)}`).toBeGreaterThanOrEqual(0);
            expect(value, `${item.id} ${metric} ${JSON.stringify(reply)}`).toBeLessThanOrEqual(1);
          }
          if (scored.metrics.parsed === 0) expect(scored.error, `${item.id} ${JSON.stringify(reply)}`).toBeTruthy();
        }
      }
    }
  });

  it('cleans chat-template leftovers under v2 and under fixed quirks, and scores the raw generation under v1 faithful', async () => {
    const template = parsePythonJson('{"thought": "goal", "action": "name", "args": "args"}');
    const item: TevalCase = {
      id: 'made/instruct-json',
      labels: {},
      subset: 'instruct',
      format: 'json',
      prompt: [{ role: 'user', content: 'x' }],
      groundTruth: parsePythonJson('{"action": "Maps.find", "args": {"place": "Berlin"}}'),
      apiList: [],
      template,
      origin: 'test',
    };
    const reply = '{"goal": "g", "name": "Maps.find", "args": {"place": "Berlin"}}<|im_end|>\nuser: thanks';
    const similarity = embeddingSimilarity(await fakeServices.embedder());
    const score = async (options: Record<string, string>) =>
      (await scoreItem(item, reply, similarity, protocolOf(options))).metrics['instruct.json'];
    expect(await score({ 'teval-protocol': 'v2', 'teval-quirks': 'faithful' })).toBe(1);
    expect(await score({ 'teval-protocol': 'v1', 'teval-quirks': 'fixed' })).toBe(1);
    expect(await score({ 'teval-protocol': 'v1', 'teval-quirks': 'faithful' })).toBe(0);
  });
});
