/**
 * The whole built-in sandbox corpus played by the oracle (every case: openings × augmentations),
 * offline. Prints the wall time and cases per second, and the mean score (which must be 1).
 *
 * The CPU figure (target ≥ 2,000 cases per CPU second, store included) is the process's: the main
 * thread's and the other threads' (V8 compiles hot functions on a thread of its own) are printed apart.
 * `--passes=N` plays the corpus N times in the same process, each on a fresh store: the first pass pays
 * for what a process does once (compiling, first use of modules and tables), the later ones show the
 * steady cost per case. Each pass also says how often a shared record part (a scenario's starting world)
 * was serialized and hashed, and how often the one already made was reused.
 *
 *   node bench/corpus-oracle.ts [--passes=1]       (after `npm run build`)
 */
import { getBenchmark } from '../dist/benchmarks/registry.js';
import { executeRun, loadPriceTable, RunStore, recordPartUse } from '../dist/runs/index.js';
import { oracleJobs } from '../dist/testing/index.js';

const passes = Number(
  process.argv.find((argument) => argument.startsWith('--passes='))?.slice('--passes='.length) ?? 1,
);
const loadStarted = performance.now();
const sandbox = getBenchmark('sandbox');
const { cases, problems } = await sandbox.loadCases({ options: {} });
const loadSeconds = (performance.now() - loadStarted) / 1000;
console.log(`loaded ${cases.length} cases (${problems.length} problems) in ${loadSeconds.toFixed(2)} s`);
const cpuSecondsOf = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;

for (let pass = 1; pass <= passes; pass += 1) {
  // The real run path (jobs, store writes included), with an in-memory store.
  const store = await RunStore.open(':memory:');
  store.ensureRun('oracle', { agent: 'oracle' }, new Date().toISOString());
  const jobs = oracleJobs(sandbox, cases, store);
  const partsBefore = recordPartUse();
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const mainStarted = process.threadCpuUsage();
  await executeRun({ runId: 'oracle', jobs, store, prices: loadPriceTable() });
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = cpuSecondsOf(process.cpuUsage(cpuStarted));
  const mainSeconds = cpuSecondsOf(process.threadCpuUsage(mainStarted));
  const records = store.episodes('oracle', { withRecords: false });
  const mean = records.reduce((sum, record) => sum + (record.score ?? 0), 0) / records.length;
  store.close();
  const label = passes > 1 ? `pass ${pass}: ` : '';
  console.log(
    `${label}oracle: ${records.length} cases in ${seconds.toFixed(1)} s = ${(records.length / seconds).toFixed(0)} cases/s, mean score ${mean.toFixed(4)}`,
  );
  console.log(
    `${label}oracle CPU: ${cpuSeconds.toFixed(2)} s = ${(records.length / cpuSeconds).toFixed(0)} cases per CPU second (store included; main thread ${mainSeconds.toFixed(2)} s, other threads ${(cpuSeconds - mainSeconds).toFixed(2)} s)`,
  );
  const parts = recordPartUse();
  console.log(
    `${label}record parts: ${parts.made - partsBefore.made} serialized and hashed, ${parts.reused - partsBefore.reused} reused`,
  );
}
