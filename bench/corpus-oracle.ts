/**
 * The whole built-in sandbox corpus played by the oracle (every case: openings × augmentations),
 * offline. Prints the wall time and cases per second, and the mean score (which must be 1).
 *
 *   node bench/corpus-oracle.ts        (after `npm run build`)
 */
import { getBenchmark } from '../dist/benchmarks/registry.js';
import { executeRun, loadPriceTable, RunStore } from '../dist/runs/index.js';
import { oracleJobs } from '../dist/testing/index.js';

const loadStarted = performance.now();
const sandbox = getBenchmark('sandbox');
const { cases, problems } = await sandbox.loadCases({ options: {} });
const loadSeconds = (performance.now() - loadStarted) / 1000;
// The real run path (jobs, store writes included), with an in-memory store.
const store = await RunStore.open(':memory:');
store.ensureRun('oracle', { agent: 'oracle' }, new Date().toISOString());
const jobs = oracleJobs(sandbox, cases, store);
const started = performance.now();
const cpuStarted = process.cpuUsage();
await executeRun({ runId: 'oracle', jobs, store, prices: loadPriceTable() });
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuStarted);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
const records = store.episodes('oracle', { withRecords: false });
const mean = records.reduce((sum, record) => sum + (record.score ?? 0), 0) / records.length;
store.close();
console.log(`loaded ${cases.length} cases (${problems.length} problems) in ${loadSeconds.toFixed(2)} s`);
console.log(
  `oracle: ${records.length} cases in ${seconds.toFixed(1)} s = ${(records.length / seconds).toFixed(0)} cases/s, mean score ${mean.toFixed(4)}`,
);
// CPU time, the figure that matters on a shared machine (target ≥ 2,000 cases per CPU second).
console.log(
  `oracle CPU: ${cpuSeconds.toFixed(2)} s = ${(records.length / cpuSeconds).toFixed(0)} cases per CPU second (store included)`,
);
