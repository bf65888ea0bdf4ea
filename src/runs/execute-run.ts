import type { EpisodeStatus, Labels, MetricValues } from '../spec/index.js';
import { estimateFromHistory, type JobLengthEstimate, longestExpectedFirst } from './job-order.js';
import type { PriceTable } from './price-table.js';
import type { RunEventListener } from './run-events.js';
import { episodeKey, type RunStore } from './run-store.js';
import { UsageMeter } from './usage-meter.js';

/** What one episode produced, for the store. */
export interface EpisodeOutcome {
  readonly status: EpisodeStatus;
  /** The benchmark's headline metric (null when failed or when it does not apply). */
  readonly score: number | null;
  /** Every metric the benchmark declares, by id. */
  readonly metrics: MetricValues;
  readonly error: string | null;
  /** What reports group by (e.g. categories, augmentation); stored as small JSON. */
  readonly labels: Labels;
  /** The benchmark's record of the episode; stored as JSON. */
  readonly record: unknown;
}

/** One episode to play: which benchmark, case and trial, and how (the meter counts its model usage). */
export interface EpisodeJob {
  readonly benchmark: string;
  readonly caseId: string;
  readonly trial: number;
  play(meter: UsageMeter, signal: AbortSignal): Promise<EpisodeOutcome>;
}

export interface ExecuteRunOptions {
  readonly runId: string;
  readonly jobs: readonly EpisodeJob[];
  readonly store: RunStore;
  readonly prices: PriceTable;
  /** Episodes played at once (default 1). */
  readonly concurrency?: number;
  /** Stop starting new episodes once the run's cost reaches this (running ones finish). */
  readonly maxCost?: number;
  /** Play only the jobs of this shard: case `i` of the sorted case list goes to shard `i mod count`. */
  readonly shard?: { readonly index: number; readonly count: number };
  readonly onEvent?: RunEventListener;
  readonly signal?: AbortSignal;
  /**
   * How long each job is expected to take (any unit); the longest start first. Default: the mean
   * requests of the episodes of the same case already stored in this run (earlier trials, failed
   * attempts); with nothing known, the given order.
   */
  readonly expectedLength?: JobLengthEstimate<EpisodeJob>;
}

export interface RunOutcome {
  readonly scored: number;
  readonly failed: number;
  /** Jobs neither done before nor played now (budget reached or cancelled). */
  readonly notRun: number;
  readonly cost: number;
  readonly seconds: number;
}

/**
 * Plays a run's episodes with bounded concurrency and stores each as soon as it ends. Episodes the
 * store already has as scored are skipped, so running again (or `--resume`) redoes only what is missing
 * or failed, and an episode is never stored twice. A failing episode never stops the others.
 */
export async function executeRun(options: ExecuteRunOptions): Promise<RunOutcome> {
  const started = performance.now();
  const emit: RunEventListener = options.onEvent ?? (() => {});
  const mine = shardJobs(options.jobs, options.shard);
  const done = options.store.scoredKeys(options.runId);
  const pending = longestExpectedFirst(
    mine.filter((job) => !done.has(episodeKey(job.benchmark, job.caseId, job.trial))),
    options.expectedLength ?? estimateFromHistory(options.store.episodes(options.runId, { withRecords: false })),
  );
  emit({ type: 'run-start', runId: options.runId, total: mine.length, alreadyDone: mine.length - pending.length });

  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  let cost = options.store.runCost(options.runId);
  let scored = 0;
  let failed = 0;
  let next = 0;
  let budgetReached = false;

  const worker = async () => {
    while (next < pending.length && !signal.aborted && !budgetReached) {
      const job = pending[next++] as EpisodeJob;
      emit({ type: 'episode-start', benchmark: job.benchmark, caseId: job.caseId, trial: job.trial });
      const meter = new UsageMeter(options.prices);
      const episodeStarted = performance.now();
      let outcome: EpisodeOutcome;
      try {
        outcome = await job.play(meter, signal);
      } catch (error) {
        outcome = { status: 'failed', score: null, metrics: {}, error: messageOf(error), labels: {}, record: null };
      }
      options.store.saveEpisode({
        runId: options.runId,
        benchmark: job.benchmark,
        caseId: job.caseId,
        trial: job.trial,
        status: outcome.status,
        score: outcome.score,
        metrics: outcome.metrics,
        error: outcome.error,
        inputTokens: meter.inputTokens,
        outputTokens: meter.outputTokens,
        requests: meter.requests,
        cost: meter.cost,
        durationMs: performance.now() - episodeStarted,
        labels: outcome.labels,
        modelCalls: meter.calls,
        record: JSON.stringify(outcome.record ?? null),
      });
      cost += meter.cost;
      if (outcome.status === 'scored') scored += 1;
      else failed += 1;
      emit({
        type: 'episode-end',
        benchmark: job.benchmark,
        caseId: job.caseId,
        trial: job.trial,
        status: outcome.status,
        score: outcome.score,
        cost: meter.cost,
        error: outcome.error,
      });
      if (options.maxCost !== undefined && cost >= options.maxCost && !budgetReached) {
        budgetReached = true;
        emit({ type: 'budget-reached', cost, maxCost: options.maxCost });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
  const seconds = (performance.now() - started) / 1000;
  const notRun = pending.length - scored - failed;
  emit({ type: 'run-end', runId: options.runId, scored, failed, notRun, cost, seconds });
  return { scored, failed, notRun, cost, seconds };
}

/** The jobs of one shard: all trials of a case stay together; the split depends only on the case ids. */
export function shardJobs(
  jobs: readonly EpisodeJob[],
  shard: { readonly index: number; readonly count: number } | undefined,
): EpisodeJob[] {
  if (!shard || shard.count === 1) return [...jobs];
  const caseKey = (job: EpisodeJob) => `${job.benchmark}\u0000${job.caseId}`;
  const caseKeys = [...new Set(jobs.map(caseKey))].sort();
  const shardOf = new Map(caseKeys.map((key, position) => [key, position % shard.count]));
  return jobs.filter((job) => shardOf.get(caseKey(job)) === shard.index);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
