import type { AnyBenchmark, BenchmarkCase, BenchmarkOptionValues } from '../../spec/index.js';
import { optionKey } from '../outputs/option-key.js';
import { storedOptionValues } from '../outputs/run-report.js';
import { readRecord } from '../store/episode-record.js';
import { serializeRecord } from '../store/record-parts.js';
import type { RunStore } from '../store/run-store.js';
import type { RunManifest } from '../store/stored-json.js';
import { createEmbedder, type EmbedderFactory, runServices } from './embedder-factory.js';

export interface RescoreRunOptions {
  readonly store: RunStore;
  /** The stored run whose trajectories are scored again. */
  readonly runId: string;
  /** The new run's id (it must not hold episodes yet; default `<runId>-rescored-<time>`). */
  readonly as?: string;
  /** The stored run's benchmark. */
  readonly benchmark: AnyBenchmark;
  /**
   * Where the benchmark's module is now (its absolute URL), when it came from one: recorded with the new
   * run in place of the stored run's, which may be a place the module has moved from.
   */
  readonly benchmarkModule?: string;
  /** The scoring options to change (only options whose `commands` include `rescore`); the rest stay as stored. */
  readonly changes?: BenchmarkOptionValues;
  /** `--embedder` for the new run (absent: the stored run's). */
  readonly embedder?: string;
  readonly embedderFactory?: EmbedderFactory;
  readonly signal?: AbortSignal;
  /** Told about each episode as it is stored. */
  readonly onEpisode?: (episode: { readonly caseId: string; readonly trial: number; readonly status: string }) => void;
}

export interface RescoreOutcome {
  /** The new run's id. */
  readonly as: string;
  readonly rescored: number;
  /** Episodes the stored run had failed: copied as they are (a resume of the new run plays them). */
  readonly copiedFailed: number;
  readonly seconds: number;
}

/** Why a run cannot be rescored as asked (a usage error: exit code 2). */
export class RescoreRefusedError extends Error {
  override readonly name = 'RescoreRefusedError';
}

/**
 * Scores a stored run's episodes again into a new run, without a model request: each scored episode's
 * record goes through the benchmark's `rescore` with the new options; failed episodes are copied. The
 * new run keeps the stored run's usage and model calls (they are what its trajectories cost) and its
 * manifest says where it came from (`rescoredFrom`).
 */
export async function rescoreRun(options: RescoreRunOptions): Promise<RescoreOutcome> {
  const started = performance.now();
  const { store, benchmark } = options;
  const source = store.requireRun(options.runId);
  const as = options.as ?? `${options.runId}-rescored-${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}`;
  if (!benchmark.rescore) throw new RescoreRefusedError(`the ${benchmark.id} benchmark cannot rescore stored episodes`);
  if (as === options.runId) throw new RescoreRefusedError(`--as must name a new run, not "${options.runId}"`);
  if (store.getRun(as) && store.episodeCount(as) > 0) {
    throw new RescoreRefusedError(
      `run "${as}" already has episodes in ${store.path}; choose another --as (see \`toolgauge list runs\`)`,
    );
  }
  const changes = options.changes ?? {};
  for (const flag of Object.keys(changes)) {
    const option = benchmark.options.find((candidate) => candidate.flag === flag);
    if (!option?.commands.includes('rescore')) {
      const scoring = benchmark.options.filter((candidate) => candidate.commands.includes('rescore'));
      throw new RescoreRefusedError(
        `--${flag} is not a scoring option of ${benchmark.id}, so it cannot change without playing again; rescoring can change ${scoring.length > 0 ? scoring.map((candidate) => `--${candidate.flag}`).join(', ') : 'no option'} and --embedder`,
      );
    }
  }
  // The stored run's options and settings, with the asked changes in their place.
  const settings: Record<string, unknown> = { ...source.config };
  for (const [flag, value] of Object.entries(changes)) settings[optionKey(flag)] = value;
  if (options.embedder !== undefined) settings.embedder = options.embedder;
  if (options.benchmarkModule !== undefined) settings.benchmarkModule = options.benchmarkModule;
  const values: BenchmarkOptionValues = { ...storedOptionValues(benchmark, source.config), ...changes };
  const others = store.runBenchmarks(options.runId).filter((id) => id !== benchmark.id);
  if (others.length > 0) {
    throw new RescoreRefusedError(
      `run "${options.runId}" holds episodes of ${others.join(', ')} too; rescore runs of one benchmark`,
    );
  }
  const data = typeof settings.data === 'string' ? settings.data : undefined;
  const loaded = await benchmark.loadCases({ ...(data ? { source: data } : {}), options: values });
  const cases = new Map<string, BenchmarkCase>(loaded.cases.map((benchmarkCase) => [benchmarkCase.id, benchmarkCase]));
  const manifest: RunManifest = {
    ...source.manifest,
    rescoredFrom: { runId: options.runId, at: new Date().toISOString() },
  };
  store.ensureRun(as, settings, new Date().toISOString(), manifest);
  store.setManifest(as, manifest);
  const embedder =
    options.embedder ?? (typeof source.config.embedder === 'string' ? source.config.embedder : undefined);
  const services = runServices(embedder, options.embedderFactory ?? createEmbedder, store);
  const signal = options.signal ?? new AbortController().signal;
  let rescored = 0;
  let copiedFailed = 0;
  for (const row of store.iterateEpisodes(options.runId)) {
    signal.throwIfAborted();
    const usage = {
      inputTokens: row.inputTokens,
      outputTokens: row.outputTokens,
      requests: row.requests,
      cost: row.cost,
      durationMs: row.durationMs,
      modelCalls: row.modelCalls,
    };
    if (row.status === 'failed') {
      store.saveEpisode({ ...row, runId: as });
      copiedFailed += 1;
      options.onEpisode?.({ caseId: row.caseId, trial: row.trial, status: 'failed' });
      continue;
    }
    const benchmarkCase = cases.get(row.caseId);
    if (!benchmarkCase) {
      throw new RescoreRefusedError(
        `run "${options.runId}" has case "${row.caseId}", which the ${benchmark.id} cases ${data ? `in ${data}` : 'built in'} no longer have: rescore it with the toolgauge version and data it was played with`,
      );
    }
    const record = readRecord(row, benchmark, store.path);
    const result = await benchmark.rescore({
      case: benchmarkCase,
      trial: row.trial,
      record,
      options: values,
      services,
      signal,
    });
    const scored = result.status === 'scored';
    store.saveEpisode({
      runId: as,
      benchmark: benchmark.id,
      caseId: row.caseId,
      trial: row.trial,
      status: result.status,
      score: scored ? (result.metrics[benchmark.headline] ?? null) : null,
      metrics: scored ? result.metrics : {},
      error: result.error ?? null,
      labels: result.labels,
      ...usage,
      record: serializeRecord(result.record ?? null, result.sharedParts),
    });
    rescored += 1;
    options.onEpisode?.({ caseId: row.caseId, trial: row.trial, status: result.status });
  }
  store.flush();
  return { as, rescored, copiedFailed, seconds: (performance.now() - started) / 1000 };
}
