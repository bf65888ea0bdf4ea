/**
 * Every built-in corpus played through the reference server over real HTTP, in each mode a user can
 * choose — native tool calls (`openai-compatible:reference`) and prompt mode
 * (`prompt:openai-compatible:reference`, and for ToolScan both of its prompt-mode output formats), and
 * options that change what the agent is shown (ToolTalk's smaller tool offers, ToolScan's query sets) — by
 * the library's run path (`runBenchmark`, the same as `evaluate` and `toolgauge run`), and compared with
 * the oracle run case by case: every case must score exactly what the oracle scores.
 *
 * Every corpus is played whole (ToolSandbox 3,159 cases, T-Eval 6,967 items, ToolTalk 38, ToolScan both
 * query sets, 210): about 70 s on a 2-core machine at load 4. `TOOLGAUGE_CORPUS_SAMPLE=1` plays a fixed
 * sample of the two big ones instead (every 9th sandbox case, every 20th T-Eval item, plus cases that
 * once went wrong; about 20 s), for quick iterations; the server always loads the whole corpus, so a
 * sampled case is still told apart from all the others.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allBenchmarks, getBenchmark, loadAllBenchmarks } from '../benchmarks/registry.js';
import { createModelAdapter } from '../models/index.js';
import { DEFAULT_RETRY_POLICY, EndpointLimiter, ResilientModelAdapter, RunStore } from '../runs/index.js';
import type { AnyBenchmark, BenchmarkCase, BenchmarkOptionValues, LoadedCases } from '../spec/index.js';
import { scoresByCase } from '../testing/scores-by-case.js';
import { type ReferenceServer, startReferenceServer } from './index.js';

// The benchmarks these tests use synchronously (`getBenchmark`): importing the registry loads none.
await loadAllBenchmarks();

const SAMPLE = process.env.TOOLGAUGE_CORPUS_SAMPLE === '1';

/** With `TOOLGAUGE_CORPUS_SAMPLE=1`: every n-th case of the big corpora, and cases kept because they once failed. */
const SAMPLING: Readonly<Record<string, { readonly every: number; readonly always: readonly string[] }>> = {
  // Shares its paraphrase and (with every tool shown) its tools with another scenario (issue 27).
  sandbox: { every: 9, always: ['time-vague-reminder-asks-text-and-time~1/distraction-all'] },
  teval: { every: 20, always: [] },
};

const NATIVE = 'openai-compatible:reference';
const PROMPT = 'prompt:openai-compatible:reference';

/** The modes each benchmark is played in: the agent spec and the benchmark options that go with it. */
const MODES: readonly {
  readonly benchmark: string;
  readonly agent: string;
  readonly options?: BenchmarkOptionValues;
}[] = [
  { benchmark: 'tooltalk', agent: NATIVE },
  { benchmark: 'tooltalk', agent: PROMPT },
  // Fewer tools, no documentation: the server serves these offers too.
  { benchmark: 'tooltalk', agent: NATIVE, options: { 'tooltalk-tools': 'exact', 'tooltalk-no-docs': true } },
  // Both query sets (the main 150 and the irrelevance variants), in each output format.
  { benchmark: 'toolscan', agent: NATIVE, options: { 'toolscan-set': 'all' } },
  { benchmark: 'toolscan', agent: PROMPT, options: { 'toolscan-set': 'all', 'toolscan-output': 'json' } },
  { benchmark: 'toolscan', agent: PROMPT, options: { 'toolscan-set': 'all', 'toolscan-output': 'text' } },
  { benchmark: 'sandbox', agent: NATIVE },
  { benchmark: 'sandbox', agent: PROMPT },
  { benchmark: 'teval', agent: NATIVE },
  { benchmark: 'teval', agent: PROMPT },
];

let server: ReferenceServer;
let store: RunStore;
const loadedCases = new Map<string, LoadedCases<BenchmarkCase>>();
let runs = 0;
let beforeReady: ReferenceServer['benchmarks'] = [];

beforeAll(async () => {
  server = await startReferenceServer();
  beforeReady = server.benchmarks;
  await server.ready();
  store = await RunStore.open(':memory:');
}, 120_000);
afterAll(async () => {
  store?.close();
  await server?.close();
});

function optionsOf(benchmark: AnyBenchmark, given: BenchmarkOptionValues = {}): BenchmarkOptionValues {
  return Object.fromEntries(benchmark.options.map((option) => [option.flag, given[option.flag] ?? option.default]));
}

/** The cases played: the whole corpus, or a sample of it (the same for every mode). */
async function casesOf(benchmark: AnyBenchmark, options: BenchmarkOptionValues): Promise<LoadedCases<BenchmarkCase>> {
  const key = `${benchmark.id} ${JSON.stringify(options)}`;
  const known = loadedCases.get(key);
  if (known) return known;
  const loaded = await benchmark.loadCases({ options });
  expect(loaded.problems).toEqual([]);
  const sampling = SAMPLE ? SAMPLING[benchmark.id] : undefined;
  const cases = sampling
    ? loaded.cases.filter((item, index) => index % sampling.every === 0 || sampling.always.includes(item.id))
    : loaded.cases;
  for (const id of sampling?.always ?? []) expect(cases.map((item) => item.id)).toContain(id);
  const chosen = { ...loaded, cases };
  loadedCases.set(key, chosen);
  return chosen;
}

/** Plays the cases with `agent` by the library's run path; each case's metrics (or why it failed) by id. */
async function play(
  benchmark: AnyBenchmark,
  agent: string,
  options: BenchmarkOptionValues,
): Promise<Map<string, string>> {
  runs += 1;
  const runId = `${benchmark.id}-${runs}`;
  const limiter = new EndpointLimiter(8);
  const adapters = new Map<string, ResilientModelAdapter>();
  return scoresByCase({
    benchmark,
    store,
    runId,
    loaded: await casesOf(benchmark, options),
    options,
    agent,
    context: {
      adapterFor: (spec) => {
        let adapter = adapters.get(spec);
        if (!adapter) {
          const inner = createModelAdapter(spec, { baseUrl: `${server.url}/v1` });
          adapter = new ResilientModelAdapter(inner, limiter, DEFAULT_RETRY_POLICY);
          adapters.set(spec, adapter);
        }
        return adapter;
      },
    },
    concurrency: 8,
  });
}

describe('the reference server plays every built-in corpus as the oracle does', { timeout: 300_000 }, () => {
  it('serves every built-in benchmark, with its case count once loaded', () => {
    const served = server.benchmarks.map((entry) => entry.id).sort();
    const builtIn = allBenchmarks()
      .filter((benchmark) => !benchmark.hidden)
      .map((benchmark) => benchmark.id)
      .sort();
    expect(served).toEqual(builtIn);
    for (const entry of server.benchmarks) {
      expect(entry.loading, entry.id).toBe(false);
      expect(entry.caseCount, entry.id).toBeGreaterThan(0);
    }
    // T-Eval derives its items on first use: until then it says so rather than "0 cases" (issue 27).
    expect(beforeReady.find((entry) => entry.id === 'teval')).toEqual({ id: 'teval', caseCount: 0, loading: true });
  });

  it('finds no case that no model could play as the oracle does (every built-in prompt has one gold)', () => {
    // The server names any case whose request is another case's with a different gold; the built-in
    // corpora have none since the T-Eval items were deduplicated (issue 24).
    expect(Object.values(server.indistinguishable).flat()).toEqual([]);
  });

  const oracleRuns = new Map<string, Map<string, string>>();
  for (const mode of MODES) {
    const label = `${mode.benchmark} via ${mode.agent}${mode.options ? ` ${JSON.stringify(mode.options)}` : ''}`;
    it(`${label}: every case scores what the oracle scores`, async () => {
      const benchmark = getBenchmark(mode.benchmark);
      const options = optionsOf(benchmark, mode.options);
      const key = `${benchmark.id} ${JSON.stringify(options)}`;
      const started = Date.now();
      let oracle = oracleRuns.get(key);
      if (!oracle) {
        oracle = await play(benchmark, 'oracle', options);
        oracleRuns.set(key, oracle);
      }
      const oracleDone = Date.now();
      const served = await play(benchmark, mode.agent, options);
      // Cases the server names as indistinguishable (their request is another case's, whose gold differs).
      const exempt = new Set(server.indistinguishable[benchmark.id] ?? []);
      const mismatches = [...oracle]
        .filter(([caseId, scores]) => served.get(caseId) !== scores && !exempt.has(caseId))
        .map(([caseId, scores]) => `${caseId}: oracle ${scores}, served ${served.get(caseId) ?? 'not played'}`);
      console.info(
        `${label}: ${oracle.size} cases, oracle ${oracleDone - started} ms, served ${Date.now() - oracleDone} ms`,
      );
      expect(served.size).toBe(oracle.size);
      expect(oracle.size).toBeGreaterThan(0);
      expect(mismatches).toEqual([]);
      expect(exempt.size).toBe(0);
    });
  }
});
