/**
 * Run throughput against a model server with real latency: the reference server (in its own process)
 * answers every request after 200 ms; toolgauge plays 1,000 sandbox episodes with the OpenAI-compatible
 * adapter at concurrency 64. Prints the wall time, the ideal (total latency ÷ concurrency), their ratio,
 * and the harness's CPU time per episode (this process only: the server runs elsewhere).
 *
 *   node bench/run-throughput.ts [episodes=1000] [concurrency=64] [latencyMs=200]   (after `npm run build`)
 */
import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getBenchmark } from '../dist/benchmarks/registry.js';
import { createModelAdapter } from '../dist/models/index.js';
import {
  benchmarkJobs,
  DEFAULT_RETRY_POLICY,
  EndpointLimiter,
  executeRun,
  loadPriceTable,
  ResilientModelAdapter,
  RunStore,
  runServices,
} from '../dist/runs/index.js';

const [episodes = 1000, concurrency = 64, latencyMs = 200] = process.argv.slice(2).map(Number);
const bin = fileURLToPath(new URL('../bin/toolgauge.js', import.meta.url));
const server = spawn(
  process.execPath,
  [bin, 'serve-reference', '--port', '0', '--latency-ms', String(latencyMs), '--warm'],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const url = await new Promise<string>((resolve, reject) => {
  let output = '';
  server.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const match = /reference model on (\S+)/.exec(output);
    if (match?.[1]) resolve(match[1]);
  });
  server.once('exit', () => reject(new Error(`the reference server exited: ${output}`)));
});

try {
  const sandbox = getBenchmark('sandbox');
  const cases = (await sandbox.loadCases({ options: {} })).cases.slice(0, episodes);
  const store = await RunStore.open(join(await mkdtemp(join(tmpdir(), 'bench-run-')), 'runs.db'));
  store.ensureRun('bench', {}, new Date().toISOString());
  const limiter = new EndpointLimiter(concurrency);
  const adapter = new ResilientModelAdapter(
    createModelAdapter('openai-compatible:reference', { baseUrl: `${url}/v1` }),
    limiter,
    DEFAULT_RETRY_POLICY,
  );
  const jobs = benchmarkJobs(
    sandbox,
    cases,
    1,
    {
      agent: 'openai-compatible:reference',
      user: 'scripted',
      agentSettings: { temperature: 0 },
      userSettings: { temperature: 0 },
      cache: 'off',
    },
    { store, adapterFor: () => adapter },
    { options: {}, services: runServices(undefined) },
  );
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const outcome = await executeRun({
    runId: 'bench',
    jobs,
    store,
    prices: loadPriceTable(),
    concurrency,
  });
  const wallSeconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const requests = store.episodes('bench', { withRecords: false }).reduce((total, row) => total + row.requests, 0);
  const idealSeconds = (requests * latencyMs) / 1000 / concurrency;
  console.log(
    `${outcome.scored} episodes scored, ${outcome.failed} failed, ${requests} requests at ${latencyMs} ms, concurrency ${concurrency}`,
  );
  console.log(
    `wall ${wallSeconds.toFixed(1)} s, ideal ${idealSeconds.toFixed(1)} s (total latency ÷ concurrency), ratio ${(wallSeconds / idealSeconds).toFixed(2)}`,
  );
  console.log(`harness CPU ${((cpu.user + cpu.system) / 1000 / outcome.scored).toFixed(1)} ms per episode`);
  store.close();
} finally {
  server.kill();
}
