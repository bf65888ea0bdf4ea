import { benchmarkJobs, type EpisodeJob, type RunStore, runServices } from '../runs/index.js';
import type { AnyBenchmark, BenchmarkCase } from '../spec/index.js';

/**
 * One episode job per case, played by the benchmark's oracle agent (and scripted user) with default
 * options, storing into `store`: a run with no model, through the real run path, for tests and benches
 * that need a store of real episodes. Pass the jobs to `executeRun`.
 */
export function oracleJobs(benchmark: AnyBenchmark, cases: readonly BenchmarkCase[], store: RunStore): EpisodeJob[] {
  return benchmarkJobs(
    benchmark,
    cases,
    1,
    { agent: 'oracle', user: 'scripted', agentSettings: {}, userSettings: {}, cache: 'off' },
    {
      store,
      adapterFor: () => {
        throw new Error('the oracle needs no model');
      },
    },
    { options: {}, services: runServices(undefined) },
  );
}
