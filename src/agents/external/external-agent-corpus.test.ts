/**
 * The Python standard-library example agent (`examples/agents/python_mcp_agent.py`), started once per
 * conversation as an external agent (`command:`), calling the episode's tools over MCP and asking the
 * reference server for its moves, scores exactly what the native oracle scores, case by case, on a sample
 * of every built-in corpus (the first cases and every n-th one): the tools it is served, the calls it makes
 * and the conversation it is given are those a native agent has. `bench/external-agent-corpus.ts` plays
 * the whole corpora.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBenchmark, loadBenchmark } from '../../benchmarks/registry.js';
import { type ReferenceServer, startReferenceServer } from '../../reference-server/index.js';
import { RunStore } from '../../runs/index.js';
import type { AnyBenchmark, BenchmarkCase, BenchmarkOptionValues } from '../../spec/index.js';
import { scoresByCase } from '../../testing/scores-by-case.js';
import { externalAgentFactory } from './index.js';

const agentScript = fileURLToPath(new URL('../../../examples/agents/python_mcp_agent.py', import.meta.url));
const PYTHON = process.env.TOOLGAUGE_PYTHON ?? '/usr/bin/python3';

/** The cases played per benchmark: every n-th, at most `limit`. */
const SAMPLE: Readonly<Record<string, { every: number; limit: number }>> = {
  sandbox: { every: 97, limit: 12 },
  teval: { every: 401, limit: 10 },
  tooltalk: { every: 5, limit: 5 },
  toolscan: { every: 23, limit: 8 },
};

let server: ReferenceServer;
let store: RunStore;
let runs = 0;

beforeAll(async () => {
  server = await startReferenceServer();
  await server.ready();
  store = await RunStore.open(':memory:');
}, 180_000);
afterAll(async () => {
  store?.close();
  await server?.close();
});

function optionsOf(benchmark: AnyBenchmark): BenchmarkOptionValues {
  return Object.fromEntries(benchmark.options.map((option) => [option.flag, option.default]));
}

async function play(
  benchmark: AnyBenchmark,
  cases: readonly BenchmarkCase[],
  agent: string,
  caseSetHash: string,
): Promise<Map<string, string>> {
  runs += 1;
  const runId = `${benchmark.id}-${runs}`;
  const options = optionsOf(benchmark);
  const external = agent === 'oracle' ? undefined : externalAgentFactory(agent);
  return scoresByCase({
    benchmark,
    store,
    runId,
    loaded: { cases, problems: [], caseSetHash, source: 'built-in' },
    options,
    agent,
    ...(external
      ? { context: { customAgent: (item: BenchmarkCase, trial: number) => external(`${item.id}#${trial}`) } }
      : {}),
    concurrency: 4,
  });
}

const nodeScript = fileURLToPath(new URL('../../../examples/agents/node-mcp-agent.mjs', import.meta.url));

/** The oracle's scores of a benchmark's sample, played once. */
const oracleRuns = new Map<string, Promise<{ cases: readonly BenchmarkCase[]; scores: Map<string, string> }>>();
function oracleOf(id: string) {
  let known = oracleRuns.get(id);
  if (!known) {
    known = (async () => {
      const benchmark = await loadBenchmark(id);
      const loaded = await benchmark.loadCases({ options: optionsOf(benchmark) });
      const sample = SAMPLE[id] as { every: number; limit: number };
      const cases = loaded.cases.filter((_, index) => index % sample.every === 0).slice(0, sample.limit);
      return { cases, scores: await play(benchmark, cases, 'oracle', loaded.caseSetHash) };
    })();
    oracleRuns.set(id, known);
  }
  return known;
}

async function expectOracleScores(id: string, agent: string): Promise<void> {
  const { cases, scores: oracle } = await oracleOf(id);
  expect(cases.length).toBeGreaterThan(2);
  const external = await play(getBenchmark(id), cases, agent, 'sample');
  const mismatches = [...oracle]
    .filter(([caseId, scores]) => external.get(caseId) !== scores)
    .map(([caseId, scores]) => `${caseId}: oracle ${scores}, external ${external.get(caseId) ?? 'not played'}`);
  expect(external.size).toBe(cases.length);
  expect(mismatches).toEqual([]);
  // Not a vacuous match: the oracle scored every case.
  expect([...oracle.values()].every((scores) => scores.startsWith('{'))).toBe(true);
}

describe('an external agent over MCP scores what the native oracle scores', { timeout: 300_000 }, () => {
  for (const id of Object.keys(SAMPLE)) {
    it(`the Python stdlib agent (command:), ${id}: a sample of the built-in corpus, case by case`, async () => {
      await expectOracleScores(id, `command:${PYTHON} ${agentScript} --model-base-url ${server.url}/v1`);
    });
  }
  for (const id of ['sandbox', 'tooltalk']) {
    it(`the Node SDK-client agent (command:), ${id}: the same sample, case by case`, async () => {
      await expectOracleScores(id, `command:${process.execPath} ${nodeScript} --model-base-url ${server.url}/v1`);
    });
  }
  it('the Node agent as a long-running service (endpoint:), toolscan: the same sample, case by case', async () => {
    const service = spawn(process.execPath, [nodeScript, '--serve', '0', '--model-base-url', `${server.url}/v1`], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        service.stderr.on('data', (chunk: Buffer) => {
          const match = /serving on (\S+)/.exec(chunk.toString());
          if (match?.[1]) resolve(match[1]);
        });
        service.once('exit', (code) => reject(new Error(`the agent service exited with code ${code}`)));
      });
      await expectOracleScores('toolscan', `endpoint:${url}`);
    } finally {
      service.kill();
    }
  });
});
