import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EpisodeSummary } from '../../spec/index.js';
import { fakeServices } from '../../testing/fake-embedder.js';
import { sharedDataFile } from '../../testing/shared-data.js';
import { tevalBenchmark } from './index.js';
import { pyRepr } from './python-repr.js';
import type { TevalCase } from './teval-case.js';
import { BUILT_IN_SAMPLES } from './teval-cases.js';
import { explainTevalRecord } from './teval-explain.js';
import { importTevalFile } from './teval-import.js';
import { promptMessages, tevalReference } from './teval-play.js';

const signal = new AbortController().signal;

/** The hand-written sample items (the derived ones are proven in corpus.test.ts). */
async function sampleCases(): Promise<readonly TevalCase[]> {
  const loaded = await tevalBenchmark.loadCases({ source: BUILT_IN_SAMPLES, options: {} });
  expect(loaded.problems).toEqual([]);
  return loaded.cases;
}

async function playAll(cases: readonly TevalCase[], agentName: 'oracle' | 'silent', options = {}) {
  const summaries: EpisodeSummary[] = [];
  for (const item of cases) {
    const agent =
      agentName === 'oracle'
        ? (tevalBenchmark.agents[0]?.create(item, options) as NonNullable<
            ReturnType<NonNullable<(typeof tevalBenchmark.agents)[0]>['create']>
          >)
        : { name: 'silent', respond: async () => ({ type: 'text' as const, text: 'I am not sure.' }) };
    const result = await tevalBenchmark.play({
      case: item,
      trial: 0,
      agent,
      options,
      services: fakeServices,
      limits: {},
      signal,
    });
    expect(result.status).toBe('scored');
    tevalBenchmark.parseRecord(JSON.parse(JSON.stringify(result.record)));
    summaries.push({
      caseId: item.id,
      trial: 0,
      status: result.status,
      metrics: result.metrics,
      labels: result.labels,
    });
  }
  return tevalBenchmark.aggregate(summaries, options);
}

describe('built-in sample items', () => {
  it('load every subset with no problems, and the oracle scores 100 while a vague agent scores less', async () => {
    const loaded = { cases: await sampleCases() };
    const subsets = new Set(loaded.cases.map((item) => `${item.subset}.${item.format}`));
    for (const kind of ['instruct.json', 'instruct.str', 'rru.json', 'reason.str', 'retrieve.str', 'understand.str']) {
      expect(subsets.has(kind), kind).toBe(true);
    }
    const oracle = await playAll(loaded.cases, 'oracle');
    for (const column of [
      'instruct.json',
      'instruct.string',
      'reason.json',
      'reason.string',
      'retrieve.json',
      'retrieve.string',
      'understand.json',
      'understand.string',
    ]) {
      expect(oracle.metrics[column], column).toBeCloseTo(1, 5);
    }
    const silent = await playAll(loaded.cases, 'silent');
    expect(silent.metrics['retrieve.string']).toBe(0);
    expect(silent.metrics['instruct.json']).toBe(0);
  });

  it("prove: each item's gold scores 1 and a wrong answer less, under both protocols", async () => {
    const loaded = { cases: await sampleCases() };
    for (const options of [{}, { 'teval-protocol': 'v2', 'teval-quirks': 'faithful' }]) {
      for (const item of loaded.cases) {
        const proof = await tevalBenchmark.prove?.(item, { options, services: fakeServices });
        for (const check of proof?.checks ?? [])
          expect(check.ok, `${item.id} ${check.name}: ${check.detail}`).toBe(true);
      }
    }
  });

  it('sends the prompt as it is: roles map onto the bus, and the reference prefix is the same conversation', async () => {
    const loaded = { cases: await sampleCases() };
    const item = loaded.cases.find((candidate) => candidate.prompt.some((message) => message.role === 'function'));
    expect(item).toBeDefined();
    const messages = promptMessages(item?.prompt ?? []);
    expect(messages.map((message) => message.sender)).toEqual(
      item?.prompt.map(
        (message) => ({ system: 'system', user: 'user', assistant: 'agent', function: 'executor' })[message.role],
      ),
    );
    const reference = tevalReference(item as TevalCase);
    expect(reference.tools).toEqual([]);
    expect(reference.prefix.map((message) => ('text' in message ? message.text : ''))).toEqual(
      item?.prompt.map((message) => message.content),
    );
  });
});

describe('importer', () => {
  it('reports a malformed sample with its file and id and loads the rest', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'teval-'));
    const file = join(folder, 'review_str_mine.json');
    const good = {
      origin_prompt: [{ role: 'user', content: 'Goal: x' }],
      ground_truth: { answer: 'A' },
      meta_data: { response_format: 'str' },
      template: '',
    };
    await writeFile(
      file,
      JSON.stringify({
        ok: good,
        badRole: { ...good, origin_prompt: [{ role: 'robot', content: 'x' }] },
        noAnswer: { ...good, ground_truth: { answer: 'F' } },
        notObject: 3,
      }),
    );
    const imported = await importTevalFile(file);
    expect(imported.cases.map((item) => item.id)).toEqual(['review_str_mine/ok']);
    expect(imported.problems.map((problem) => [problem.file, problem.caseId, problem.field])).toEqual([
      [file, 'badRole', 'origin_prompt'],
      [file, 'noAnswer', 'ground_truth.answer'],
      [file, 'notObject', ''],
    ]);
    const unknown = join(folder, 'mystery.json');
    await writeFile(unknown, '{}');
    expect((await importTevalFile(unknown)).problems[0]?.message).toMatch(/subset/);
    const broken = join(folder, 'plan_json_broken.json');
    await writeFile(broken, '{"a": ');
    expect((await importTevalFile(broken)).problems[0]?.message).toMatch(/not JSON/);
  });
});

const planJson = sharedDataFile('teval/data/plan_json_v1.json');
const planStr = sharedDataFile('teval/data/plan_str_v1.json');
const review = sharedDataFile('teval/data/review_str_v1.json');

describe.skipIf(!planJson || !planStr || !review)('the original v1 files (shared data)', () => {
  it('import completely: 553 + 553 PLAN and 487 REVIEW samples, big ids exact', async () => {
    const json = await importTevalFile(planJson as string);
    const str = await importTevalFile(planStr as string);
    const reviews = await importTevalFile(review as string);
    expect([json.cases.length, str.cases.length, reviews.cases.length]).toEqual([553, 553, 487]);
    expect([...json.problems, ...str.problems, ...reviews.problems]).toEqual([]);
    expect(json.cases[0]?.format).toBe('json');
    expect(str.cases[0]?.format).toBe('str');
    expect(str.cases[0]?.apiList.length).toBeGreaterThan(0);
    // A 64-bit id survives as Python prints it (a JavaScript number would round it).
    expect(json.cases.some((item) => pyRepr(item.groundTruth).includes('972494279345285252'))).toBe(true);
    const answers = new Map<string, number>();
    for (const item of reviews.cases) {
      const answer = (item.groundTruth as { get(key: string): unknown }).get('answer') as string;
      answers.set(answer, (answers.get(answer) ?? 0) + 1);
    }
    expect(Object.fromEntries(answers)).toEqual({ A: 207, E: 132, C: 86, B: 37, D: 25 });
  });

  it('the oracle scores 100 on PLAN (both formats) and REVIEW', async () => {
    const cases = [
      ...(await importTevalFile(planJson as string)).cases,
      ...(await importTevalFile(planStr as string)).cases,
      ...(await importTevalFile(review as string)).cases,
    ];
    const aggregate = await playAll(cases, 'oracle');
    expect(aggregate.metrics['plan.json']).toBeCloseTo(1, 6);
    expect(aggregate.metrics['plan.string']).toBeCloseTo(1, 6);
    expect(aggregate.metrics.review).toBe(1);
  });
});

describe('per-item view', () => {
  it('shows the prompt, the reply, the parse and the sub-scores of an episode', async () => {
    const [item] = await sampleCases();
    if (!item) throw new Error('no sample items');
    const agent = { name: 'vague', respond: async () => ({ type: 'text' as const, text: 'no idea' }) };
    const result = await tevalBenchmark.play({
      case: item,
      trial: 0,
      agent,
      options: {},
      services: fakeServices,
      limits: {},
      signal,
    });
    const tables = explainTevalRecord(result.record);
    expect(tables.map((table) => table.id)).toEqual(['teval-item-prompt', 'teval-item-reply', 'teval-item-scores']);
    expect(tables[0]?.rows.length).toBe(item.prompt.length);
    expect(tables[1]?.rows.find((row) => row.what === 'reply')?.value).toBe('no idea');
    expect(tables[1]?.rows.some((row) => row.what === 'problem')).toBe(true);
    expect(tables[2]?.rows.find((row) => row.metric === 'score')?.value).toBe(0);
  });
});

describe('recorded predictions', () => {
  it('the recorded agent replays a results file and scores what the harness recorded', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'teval-'));
    const file = join(folder, 'review_str_results.json');
    const sample = (prediction: string) => ({
      origin_prompt: [{ role: 'user', content: 'Goal: x' }],
      ground_truth: { answer: 'B' },
      meta_data: { response_format: 'str' },
      template: '',
      prediction,
    });
    await writeFile(
      file,
      JSON.stringify({ right: sample('Answer: B'), wrong: sample('Answer: C'), odd: sample('no idea') }),
    );
    const { cases } = await importTevalFile(file);
    const recorded = tevalBenchmark.agents.find((agent) => agent.name === 'recorded');
    const scores: Record<string, number | null | undefined> = {};
    for (const item of cases) {
      const agent = recorded?.create(item, {});
      if (!agent) throw new Error('no recorded agent');
      const result = await tevalBenchmark.play({
        case: item,
        trial: 0,
        agent,
        options: {},
        services: fakeServices,
        limits: {},
        signal,
      });
      scores[item.id] = result.metrics.review;
    }
    expect(scores).toEqual({
      'review_str_results/right': 1,
      'review_str_results/wrong': 0,
      'review_str_results/odd': 0,
    });
  });
});
