/**
 * A whole built-in corpus played by the oracle, offline: by default the sandbox's (every case: openings ×
 * augmentations), the issue's figure; `--benchmark=<id>` another benchmark's, `--benchmark=all` each of
 * the four in turn. Prints the wall time and cases per second, and the mean score (which must be 1).
 *
 * The CPU figure (target ≥ 2,000 cases per CPU second, store included) is the process's: the main
 * thread's and the other threads' (V8 compiles hot functions on a thread of its own) are printed apart.
 * `--passes=N` plays the corpus N times in the same process, each on a fresh store: the first pass pays
 * for what a process does once (compiling, first use of modules and tables), the later ones show the
 * steady cost per case. Each pass also says how often a shared record part (a scenario's starting world)
 * was serialized and hashed, and how often the one already made was reused.
 *
 * `--concurrency=N` plays N episodes at once (default 1; `toolgauge run` plays 4). It matters where
 * scoring waits for something, as T-Eval's does for its embedding model, which runs on a thread of its own:
 * the CPU of that thread is in "other threads".
 *
 *   node bench/corpus-oracle.ts [--passes=1] [--benchmark=sandbox|tooltalk|toolscan|teval|all] [--concurrency=1]
 *   (after `npm run build`)
 */
import { getBenchmark } from '../dist/benchmarks/registry.js';
import { executeRun, loadPriceTable, RunStore, recordPartUse } from '../dist/runs/index.js';
import { oracleJobs } from '../dist/testing/index.js';

const option = (name: string) =>
  process.argv.find((argument) => argument.startsWith(`--${name}=`))?.slice(`--${name}=`.length);
const passes = Number(option('passes') ?? 1);
const concurrency = Number(option('concurrency') ?? 1);
const chosen = option('benchmark') ?? 'sandbox';
const benchmarkIds = chosen === 'all' ? ['sandbox', 'tooltalk', 'toolscan', 'teval'] : [chosen];
const cpuSecondsOf = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6;

for (const benchmarkId of benchmarkIds) {
  const loadStarted = performance.now();
  const benchmark = getBenchmark(benchmarkId);
  const { cases, problems } = await benchmark.loadCases({ options: {} });
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  console.log(
    `${benchmarkId}: loaded ${cases.length} cases (${problems.length} problems) in ${loadSeconds.toFixed(2)} s`,
  );

  for (let pass = 1; pass <= passes; pass += 1) {
    // The real run path (jobs, store writes included), with an in-memory store.
    const store = await RunStore.open(':memory:');
    store.ensureRun('oracle', { agent: 'oracle' }, new Date().toISOString());
    const jobs = oracleJobs(benchmark, cases, store);
    const partsBefore = recordPartUse();
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const mainStarted = process.threadCpuUsage();
    await executeRun({ runId: 'oracle', jobs, store, prices: loadPriceTable(), concurrency });
    const seconds = (performance.now() - started) / 1000;
    const cpuSeconds = cpuSecondsOf(process.cpuUsage(cpuStarted));
    const mainSeconds = cpuSecondsOf(process.threadCpuUsage(mainStarted));
    const records = store.episodes('oracle', { withRecords: false });
    const mean = records.reduce((sum, record) => sum + (record.score ?? 0), 0) / records.length;
    store.close();
    const label = `${benchmarkId}${passes > 1 ? ` pass ${pass}` : ''}: `;
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
}
