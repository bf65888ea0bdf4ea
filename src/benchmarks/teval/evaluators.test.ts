import { describe, expect, it } from 'vitest';
import { scoreInstruct } from './instruct-evaluator.js';
import { loadPlan, longestIncreasingRun, maxWeightMatching, parseStringPlan, scorePlan } from './plan-evaluator.js';
import { parsePythonJson } from './python-json.js';
import { scoreReview } from './review-evaluator.js';
import { nameInText, scoreStep } from './step-evaluator.js';
import { protocolOf } from './teval-protocol.js';
import type { PairSimilarity } from './text-similarity.js';

/** 1 for identical texts, 0 otherwise: makes every expected score computable by hand. */
const exact: PairSimilarity = async (pairs) => pairs.map(([left, right]) => (left === right ? 1 : 0));
const v1 = protocolOf({});
const v1Faithful = protocolOf({ 'teval-quirks': 'faithful' });
const v2 = protocolOf({ 'teval-protocol': 'v2' });
const v2Faithful = protocolOf({ 'teval-protocol': 'v2', 'teval-quirks': 'faithful' });

const goldPlan = parsePythonJson(`[
  {"id": 0, "prev": [], "name": "Maps.find", "args": {"place": "Berlin"}},
  {"id": 1, "prev": [0], "name": "Maps.route", "args": {"from": "Berlin", "to": "Paris"}},
  {"id": 2, "prev": [1], "name": "Mail.send", "args": {"to": "a@b.c", "n": 3}},
  {"id": 3, "prev": [2], "name": "FinishAction", "args": {}}
]`);
const gold = loadPlan(goldPlan).steps;
const perfectJson = `[{"id": 0, "name": "Maps.find", "args": "{'place': 'Berlin'}"},
 {"id": 1, "name": "Maps.route", "args": "{'from': 'Berlin', 'to': 'Paris'}"},
 {"id": 2, "name": "Mail.send", "args": "{'to': 'a@b.c', 'n': 3}"}]`;

describe('PLAN', () => {
  it('reads gold args as Python repr, so a reply with the prompt-style string args matches exactly', async () => {
    expect(gold.map((step) => step.args)).toEqual([
      "{'place': 'Berlin'}",
      "{'from': 'Berlin', 'to': 'Paris'}",
      "{'to': 'a@b.c', 'n': 3}",
      '{}',
    ]);
    const score = await scorePlan(loadPlan(perfectJson).steps, gold, exact, v1);
    expect(score).toMatchObject({ precision: 1, recall: 1, f1: 1, correct: 3 });
  });

  it('counts only the longest run in gold order', async () => {
    const reversed = loadPlan(`\`\`\`json
[{"id": 0, "name": "Mail.send", "args": "{'to': 'a@b.c', 'n': 3}"},
 {"id": 1, "name": "Maps.route", "args": "{'from': 'Berlin', 'to': 'Paris'}"},
 {"id": 2, "name": "Maps.find", "args": "{'place': 'Berlin'}"}]
\`\`\``).steps;
    const score = await scorePlan(reversed, gold, exact, v1);
    expect(score.matching).toEqual([2, 1, 0]);
    expect(score.correct).toBe(1);
    expect(score.f1).toBeCloseTo(1 / 3, 10);
  });

  it('gives a wholly wrong plan 0, or the reference floor of one step in faithful mode', async () => {
    const wrong = loadPlan(
      `[{"id": 0, "name": "Shop.buy", "args": "{}"}, {"id": 1, "name": "Shop.pay", "args": "{}"}]`,
    ).steps;
    expect((await scorePlan(wrong, gold, exact, v1)).f1).toBe(0);
    const faithful = await scorePlan(wrong, gold, exact, v1Faithful);
    expect(faithful).toMatchObject({ precision: 0.5, correct: 1 });
    expect(faithful.recall).toBeCloseTo(1 / 3, 10);
    expect(faithful.f1).toBeCloseTo(0.4, 10);
  });

  it('scores a FinishAction-only plan 0 with the reason, where the reference crashes', async () => {
    const finishOnly = loadPlan(`[{"id": 0, "name": "FinishAction", "args": "{}"}]`).steps;
    const score = await scorePlan(finishOnly, gold, exact, v1Faithful);
    expect(score.f1).toBe(0);
    expect(score.error).toMatch(/crashes/);
  });

  it('records an unparsable reply as a parse failure scoring 0', async () => {
    const loaded = loadPlan('I would first look up Berlin.');
    expect(loaded.steps).toEqual([]);
    const score = await scorePlan(loaded.steps, gold, exact, v1, loaded.error);
    expect(score).toMatchObject({ f1: 0, parsed: false });
    expect(score.error).toMatch(/cannot parse/);
    expect(loadPlan(`[{"id": "x", "name": "A", "args": "{}"}]`).steps).toEqual([]);
  });

  it('string plans: lines by first API mentioned; the name alone clears 0.7 (v1) but not 0.8 (v2)', async () => {
    const reply = 'Use Maps.find to locate Berlin. Use Maps.route to go to Paris\nThen Mail.send the route.\nDone';
    const steps = parseStringPlan(reply, ['Maps.route', 'Maps.find', 'Mail.send']);
    expect(steps.map((step) => step.name)).toEqual(['Maps.find', 'Maps.route', 'Mail.send']);
    expect(steps[0]?.args).toBe('Use Maps.find to locate Berlin');
    expect((await scorePlan(steps, gold, exact, v1)).f1).toBe(1);
    expect((await scorePlan(steps, gold, exact, v2)).f1).toBe(0);
  });

  it('matches by maximum total weight and runs strictly increasing', () => {
    expect(
      maxWeightMatching([
        [0.9, 0.8],
        [0.85, 0],
      ]),
    ).toEqual([1, 0]);
    expect(maxWeightMatching([[0, 0]])).toEqual([-1]);
    expect(longestIncreasingRun([0, -1, 1, 2], false)).toBe(3);
    expect(longestIncreasingRun([-1, -1], false)).toBe(0);
    expect(longestIncreasingRun([-1, -1], true)).toBe(1);
  });
});

const goldStep = parsePythonJson(
  '{"thought": "Find the route", "name": "Maps.route", "args": {"from": "Berlin", "to": "Paris"}}',
);

describe('REASON / RETRIEVE / UNDERSTAND', () => {
  it('a JSON reply scores all three abilities', async () => {
    const reply = `{"thought": "Find the route", "name": "Maps.route", "args": {"from": "Berlin", "to": "Paris"}}`;
    expect(await scoreStep('rru', 'json', reply, goldStep, exact, v1)).toMatchObject({
      reason: 1,
      retrieve: 1,
      understand: 1,
      parsed: true,
    });
    const faithful = await scoreStep('rru', 'json', reply, goldStep, exact, v2Faithful);
    expect(faithful.understand).toBeCloseTo(2 / (2 + 1e-5), 12);
    expect(faithful.understand).toBeLessThan(1);
    expect((await scoreStep('rru', 'json', reply, goldStep, exact, v2)).understand).toBe(1);
  });

  it('v2 compares argument values by str(): one of two keys right is 0.5; v1 embeds the whole repr', async () => {
    const reply = `Sure: {'thought': 'x', 'name': 'Maps.find', 'args': {'from': 'Berlin', 'to': 'Rome'}}`;
    const strict = await scoreStep('rru', 'json', reply, goldStep, exact, v2);
    expect(strict).toMatchObject({ reason: 0, retrieve: 0, understand: 0.5 });
    expect((await scoreStep('rru', 'json', reply, goldStep, exact, v1)).understand).toBe(0);
  });

  it('an unparsable JSON reply scores 0 everywhere, unparsed', async () => {
    expect(await scoreStep('rru', 'json', 'the route, please', goldStep, exact, v1)).toMatchObject({
      reason: 0,
      retrieve: 0,
      understand: 0,
      parsed: false,
    });
  });

  it('string replies are scored whole, one ability each', async () => {
    expect((await scoreStep('reason', 'str', 'Find the route', goldStep, exact, v1)).reason).toBe(1);
    const retrieve = await scoreStep('retrieve', 'str', 'Maps.route', goldStep, exact, v1);
    expect(retrieve).toMatchObject({ retrieve: 1, reason: null, understand: null });
    expect(
      (await scoreStep('understand', 'str', `"{'from': 'Berlin', 'to': 'Paris'}"`, goldStep, exact, v2)).understand,
    ).toBe(1);
    expect(
      (await scoreStep('understand', 'str', `{"from": "Berlin", "to": "Paris"}`, goldStep, exact, v2)).understand,
    ).toBe(0);
  });

  it('string RETRIEVE refuses a reply naming any other dotted token', () => {
    expect(nameInText('I will call Maps.route now', 'Maps.route')).toBe(1);
    expect(nameInText('Maps.route or Maps.find', 'Maps.route')).toBe(0);
    expect(nameInText('Maps.route, e.g. for Paris', 'Maps.route')).toBe(0);
    expect(nameInText('Maps.route then FinishAction', 'Maps.route')).toBe(0);
    expect(nameInText('the route tool', 'Maps.route')).toBe(0);
  });
});

describe('INSTRUCT', () => {
  const gt = parsePythonJson('{"action": "Maps.find", "args": {"place": "Berlin", "n": 2}}');
  const jsonTemplate = parsePythonJson('{"thought": "goal", "action": "name", "args": "args"}');
  const stringTemplate = parsePythonJson(
    '{"thought_start": "goal:", "thought_end": "\\n", "action_start": "name:", "action_end": "\\n", "args_start": "args:", "args_end": ""}',
  );

  it('JSON: format half plus exact name and argument matches', () => {
    expect(
      scoreInstruct(
        'json',
        '{"goal": "g", "name": "Maps.find", "args": {"place": "Berlin", "n": 2}}',
        gt,
        jsonTemplate,
      ),
    ).toMatchObject({ format: 1, args: 1, score: 1 });
    const typed = scoreInstruct(
      'json',
      '{"goal": "g", "name": "Maps.find", "args": {"place": "Berlin", "n": "2"}}',
      gt,
      jsonTemplate,
    );
    expect(typed.args).toBeCloseTo(2 / 3, 12);
    expect(typed.score).toBeCloseTo(5 / 6, 12);
    expect(scoreInstruct('json', '{"name": "Maps.find", "args": {}}', gt, jsonTemplate)).toMatchObject({
      format: 0,
      score: 0,
    });
    expect(scoreInstruct('json', 'call Maps.find', gt, jsonTemplate).error).toMatch(/cannot parse/);
  });

  it("a gold argument given as None matches a reply that gives it as None, as Python's dict.get does", () => {
    const withNone = parsePythonJson('{"action": "Maps.find", "args": {"place": "Berlin", "filter": null}}');
    const given = scoreInstruct(
      'json',
      '{"goal": "g", "name": "Maps.find", "args": {"place": "Berlin", "filter": null}}',
      withNone,
      jsonTemplate,
    );
    expect(given.args).toBe(1);
    // Left out, it is "" in Python, which is not None.
    const missing = scoreInstruct(
      'json',
      '{"goal": "g", "name": "Maps.find", "args": {"place": "Berlin"}}',
      withNone,
      jsonTemplate,
    );
    expect(missing.args).toBeCloseTo(2 / 3, 12);
  });

  it('string: delimiters cut the reply; arguments must be a Python literal', () => {
    expect(
      scoreInstruct('str', "goal: find it\nname: Maps.find\nargs: {'place': 'Berlin', 'n': 2}", gt, stringTemplate),
    ).toMatchObject({ score: 1 });
    const jsonArgs = scoreInstruct(
      'str',
      'goal: g\nname: Maps.find \nargs: {"place": "Berlin", "n": 2, "x": true}',
      gt,
      stringTemplate,
    );
    expect(jsonArgs.format).toBe(1);
    expect(jsonArgs.args).toBeCloseTo(1 / 3, 12);
    expect(scoreInstruct('str', 'Maps.find(place="Berlin")', gt, stringTemplate)).toMatchObject({
      format: 0,
      score: 0,
    });
  });
});

describe('REVIEW', () => {
  const gt = parsePythonJson('{"answer": "B", "thought": "the tool could not connect"}');
  it('takes the first character after the first colon', () => {
    expect(scoreReview('Answer: B', gt)).toMatchObject({ score: 1, choice: 'B' });
    expect(scoreReview('B', gt)).toMatchObject({ score: 1 });
    expect(scoreReview('Answer: C (input error)', gt)).toMatchObject({ score: 0, parsed: true });
    // The reference's reading: "After" starts with A.
    expect(scoreReview('Answer: After checking, B', gt)).toMatchObject({ choice: 'A', score: 0 });
    expect(scoreReview('The answer is B', gt)).toMatchObject({ parsed: false, score: 0 });
  });
});
