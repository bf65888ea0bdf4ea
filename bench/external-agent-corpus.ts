/**
 * Every case of the built-in corpora played by an external agent over MCP — the Python standard-library
 * example (`examples/agents/python_mcp_agent.py`, a process per conversation) or the Node SDK-client
 * example — with the reference server as its model, compared case by case with the native oracle: prints
 * per benchmark the cases, how many score differently from the oracle (must be 0), failures, and the wall
 * time and episodes per second of both runs.
 *
 *   node bench/external-agent-corpus.ts [--benchmark=sandbox|tooltalk|toolscan|teval|all] [--agent=python|node]
 *     [--concurrency=4] [--every=1] [--set=<option>=<value>…]
 *   (after `npm run build`; --every=n plays every n-th case; --set a benchmark option, e.g. --set=toolscan-set=all)
 */
import { fileURLToPath } from 'node:url';
import { externalAgentFactory } from '../dist/agents/external/index.js';
import { getBenchmark } from '../dist/benchmarks/registry.js';
import { startReferenceServer } from '../dist/reference-server/index.js';
import { RunStore } from '../dist/runs/index.js';
import { scoresByCase } from '../dist/testing/scores-by-case.js';

const option = (name: string) =>
  process.argv.find((argument) => argument.startsWith(`--${name}=`))?.slice(`--${name}=`.length);
const chosen = option('benchmark') ?? 'all';
const benchmarkIds = chosen === 'all' ? ['tooltalk', 'toolscan', 'sandbox', 'teval'] : [chosen];
const concurrency = Number(option('concurrency') ?? 4);
const every = Number(option('every') ?? 1);
const which = option('agent') ?? 'python';
const script = fileURLToPath(
  new URL(
    which === 'node' ? '../examples/agents/node-mcp-agent.mjs' : '../examples/agents/python_mcp_agent.py',
    import.meta.url,
  ),
);
const interpreter = which === 'node' ? process.execPath : (process.env.TOOLGAUGE_PYTHON ?? '/usr/bin/python3');

const server = await startReferenceServer({ benchmarks: benchmarkIds });
await server.ready();
const store = await RunStore.open(':memory:');
const agentSpec = `command:${interpreter} ${script} --model-base-url ${server.url}/v1`;
const external = externalAgentFactory(agentSpec);
let totalMismatches = 0;

for (const id of benchmarkIds) {
  const benchmark = getBenchmark(id);
  const given = Object.fromEntries(
    process.argv
      .filter((argument) => argument.startsWith('--set='))
      .map((argument) => argument.slice('--set='.length).split('=') as [string, string]),
  );
  const options = Object.fromEntries(
    benchmark.options.map((entry) => [entry.flag, given[entry.flag] ?? entry.default]),
  );
  const loaded = await benchmark.loadCases({ options });
  const cases = loaded.cases.filter((_, index) => index % every === 0);
  const play = async (agent: string) => {
    const started = performance.now();
    const runId = `${id}-${agent === 'oracle' ? 'oracle' : 'external'}`;
    const scores = await scoresByCase({
      benchmark,
      store,
      runId,
      loaded: { ...loaded, cases },
      options,
      agent,
      ...(agent === 'oracle' ? {} : { context: { customAgent: (item, trial) => external(`${item.id}#${trial}`) } }),
      concurrency,
    });
    const seconds = (performance.now() - started) / 1000;
    return { seconds, scores };
  };
  const oracle = await play('oracle');
  const played = await play(agentSpec);
  const mismatches = [...oracle.scores].filter(([caseId, scores]) => played.scores.get(caseId) !== scores);
  const failed = [...played.scores.values()].filter((scores) => scores.startsWith('failed')).length;
  totalMismatches += mismatches.length;
  console.log(
    `${id}: ${cases.length} cases; ${which} agent over MCP: ${mismatches.length} differ from the oracle, ${failed} failed; ` +
      `oracle ${oracle.seconds.toFixed(1)} s, external ${played.seconds.toFixed(1)} s (${(cases.length / played.seconds).toFixed(1)} episodes/s at concurrency ${concurrency})`,
  );
  for (const [caseId, scores] of mismatches.slice(0, 5)) {
    console.log(`  ${caseId}: oracle ${scores}, external ${played.scores.get(caseId) ?? 'not played'}`);
  }
}
store.close();
await server.close();
process.exitCode = totalMismatches === 0 ? 0 : 1;
