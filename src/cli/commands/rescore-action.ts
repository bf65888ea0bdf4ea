import type { Command } from 'commander';
import { loadRunBenchmark } from '../../benchmarks/benchmark-module.js';
import { benchmarkModuleUrl, DEFAULT_BENCHMARK } from '../../benchmarks/registry.js';
import { RescoreRefusedError, rescoreRun } from '../../runs/execution/rescore-run.js';
import { optionKey } from '../../runs/outputs/option-key.js';
import { buildRunReport } from '../../runs/outputs/run-report.js';
import { announceStoreMigration, RunStore } from '../../runs/store/run-store.js';
import { asUsageError } from '../benchmark-module-flag.js';
import { writeJsonText } from '../json-text.js';
import { renderRunReport } from '../render-run-report.js';
import { resolveBenchmarkOptions } from '../resolve-benchmark-options.js';
import { UsageError } from '../usage-error.js';
import type { RescoreFlags } from './rescore-command.js';

/** What `toolgauge rescore` does (its flags are in `rescore-command.ts`). */
export async function rescoreAction(runId: string, flags: RescoreFlags, command: Command): Promise<void> {
  const store = await RunStore.open(flags.db, { onMigration: announceStoreMigration });
  try {
    const source = store.requireRun(runId);
    const benchmark = await loadRunBenchmark(runId, source.config, DEFAULT_BENCHMARK).catch((error: unknown) => {
      throw asUsageError(error);
    });
    const asked = resolveBenchmarkOptions(command, benchmark, 'rescore');
    const changes = Object.fromEntries(
      Object.entries(asked).filter(([flag]) => command.getOptionValueSource(optionKey(flag)) === 'cli'),
    );
    // A module given again with --benchmark (it has moved) is recorded with the new run in its new place.
    const benchmarkModule = benchmarkModuleUrl(benchmark.id);
    const outcome = await rescoreRun({
      store,
      runId,
      ...(flags.as === undefined ? {} : { as: flags.as }),
      benchmark,
      ...(benchmarkModule ? { benchmarkModule } : {}),
      changes,
      ...(flags.embedder === undefined ? {} : { embedder: flags.embedder }),
    }).catch((error: unknown) => {
      throw error instanceof RescoreRefusedError ? new UsageError(error.message) : error;
    });
    const what = Object.entries(changes)
      .map(([flag, value]) => `--${flag} ${[value].flat().join(' ')}`)
      .concat(flags.embedder === undefined ? [] : [`--embedder ${flags.embedder}`]);
    process.stderr.write(
      `rescored ${outcome.rescored} episode${outcome.rescored === 1 ? '' : 's'} of ${runId} into ${outcome.as}` +
        `${what.length > 0 ? ` with ${what.join(', ')}` : ' with the same options'}` +
        `${outcome.copiedFailed > 0 ? ` (${outcome.copiedFailed} failed, copied as they were)` : ''}` +
        ` in ${outcome.seconds.toFixed(1)} s, without a model request\n`,
    );
    const report = buildRunReport(store, outcome.as);
    if (flags.format === 'json') await writeJsonText(report, process.stdout);
    else process.stdout.write(`${renderRunReport([report])}\n`);
  } finally {
    store.close();
  }
}
