/**
 * A `--workers` worker its parent started before the run was known (see `runs/execution/waiting-workers.ts`): it
 * loads the `run` command and the run's benchmark while it waits, then runs the command line it is told.
 * Loaded only in such a worker, so that no other command pays for it.
 */
export async function waitingWorkerCommand(argv: readonly string[]): Promise<readonly string[] | undefined> {
  const { commandWhenTold, WORKER_BENCHMARK_ENVIRONMENT } = await import('../runs/execution/waiting-workers.js');
  return commandWhenTold(argv, async () => {
    await import('./commands/run-action.js');
    const benchmark = process.env[WORKER_BENCHMARK_ENVIRONMENT];
    if (benchmark) {
      const { hasBenchmark, loadBenchmark } = await import('../benchmarks/registry.js');
      if (hasBenchmark(benchmark)) await loadBenchmark(benchmark);
    }
  });
}

/** Whether this process is such a worker (checked without loading anything). */
export function isWaitingWorker(): boolean {
  // The value of WORKER_WAITS_ENVIRONMENT (runs/execution/waiting-workers.ts), not imported: `--help` must not load it.
  return process.env.TOOLGAUGE_WORKER_WAITS === '1';
}
