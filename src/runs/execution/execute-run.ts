import { redactUrls } from '../../models/providers/endpoint.js';
import type { EpisodeStatus, Labels, MetricValues, RecordPartPath } from '../../spec/index.js';
import type { PriceTable } from '../pricing/price-table.js';
import { oncePerModel, UsageMeter } from '../pricing/usage-meter.js';
import { DEFAULT_BATCH_DELAY_MS } from '../store/episode-batch.js';
import { type SerializedRecord, serializeRecord } from '../store/record-parts.js';
import { episodeKey, type RunStore } from '../store/run-store.js';
import { ClaimPacing } from './claim-pacing.js';
import { estimateFromHistory, type JobLengthEstimate, longestExpectedFirst } from './job-order.js';
import type { RunEventListener } from './run-events.js';
import { ownShareFirst, workerShareFromEnvironment } from './worker-share.js';

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
  /** Objects of `record` that repeat across episodes, by path: stored once each (see `EpisodeResult.sharedParts`). */
  readonly sharedParts?: readonly RecordPartPath[];
}

/** One episode to play: which benchmark, case and trial, and how (the meter counts its model usage). */
export interface EpisodeJob {
  readonly benchmark: string;
  readonly caseId: string;
  readonly trial: number;
  /** The benchmark's guess of the model requests the episode needs (its `expectedLength`), if any. */
  readonly expectedLength?: number;
  /** The benchmark's group of this case (its `caseGroup`): `--workers` shares keep a group together. */
  readonly group?: string;
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
  /**
   * How long this process's episode claims live without a heartbeat (default 60 s, or the
   * `TOOLGAUGE_CLAIM_TTL_MS` environment variable): after a crash, another process may take them then.
   */
  readonly claimTtlMs?: number;
  readonly onEvent?: RunEventListener;
  readonly signal?: AbortSignal;
  /**
   * How long each job is expected to take (any unit); the longest start first. Default: the mean
   * requests of the episodes of the same case already stored in this run (earlier trials, failed
   * attempts), else the job's own `expectedLength` (the benchmark's guess); with nothing known, the
   * given order.
   */
  readonly expectedLength?: JobLengthEstimate<EpisodeJob>;
  /**
   * This process's place among several playing the run (`--workers`): it tries its own share of the
   * jobs first (see `ownShareFirst`). Default: from the worker's environment, else none.
   */
  readonly share?: { readonly index: number; readonly count: number };
}

export interface RunOutcome {
  readonly scored: number;
  readonly failed: number;
  /** Jobs neither done before nor played now (budget reached or cancelled). */
  readonly notRun: number;
  /** Jobs another process stored while this one ran (it held their claims). */
  readonly doneElsewhere: number;
  readonly cost: number;
  readonly seconds: number;
  readonly interrupted: boolean;
}

/** How long a run's episodes may keep the event loop from turning (see `letTheLoopTurn`). */
const LOOP_TURN_MS = 10;

/** Longest error text kept with an episode. */
const MAX_ERROR_LENGTH = 2000;
/** Largest episode record stored; a larger one fails its episode instead of filling the store. */
export const MAX_RECORD_BYTES = 16 * 1024 * 1024;

/**
 * Plays a run's episodes with bounded concurrency and stores each as soon as it ends. Episodes the
 * store already has as scored are skipped, so running again (or `--resume`) redoes only what is missing
 * or failed, and an episode is never stored twice. A failing episode never stops the others.
 *
 * Several processes may play one run on one store at once: each episode is claimed before it is played
 * (see `EpisodeClaims`), so none is played twice; episodes claimed by another live process are waited
 * for, and taken over if that process dies. An episode cut short by cancellation is not stored (a
 * resume plays it). Error texts are stored without URL credentials and cut to a bounded length.
 */
export async function executeRun(options: ExecuteRunOptions): Promise<RunOutcome> {
  const started = performance.now();
  const emit: RunEventListener = options.onEvent ?? (() => {});
  const mine = shardJobs(options.jobs, options.shard);
  const done = options.store.scoredKeys(options.runId);
  const pending = ownShareFirst(
    longestExpectedFirst(
      mine.filter((job) => !done.has(episodeKey(job.benchmark, job.caseId, job.trial))),
      options.expectedLength ??
        estimateFromHistory(options.store.episodes(options.runId, { withRecords: false }), (job) => job.expectedLength),
    ),
    options.share ?? workerShareFromEnvironment() ?? { index: 0, count: 1 },
    (job) => `${job.benchmark}\u001f${job.group ?? job.caseId}`,
  );
  emit({ type: 'run-start', runId: options.runId, total: mine.length, alreadyDone: mine.length - pending.length });

  const controller = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal;
  const claims = options.store.claims(options.runId, { ttlMs: options.claimTtlMs ?? claimTtlFromEnvironment() });
  claims.startHeartbeat();
  const onUnpriced = oncePerModel((model) => emit({ type: 'unpriced-model', model }));
  let cost = options.store.runCost(options.runId);
  let scored = 0;
  let failed = 0;
  let doneElsewhere = 0;
  let budgetReached = false;
  const pacing = new ClaimPacing();
  const stopped = () => signal.aborted || budgetReached;

  /** Plays one claimed job and stores it; the claim is released after the row is written. */
  const play = async (job: EpisodeJob) => {
    // Claimed by `claimAhead`, which checked in the same transaction that it is not stored yet.
    const key = episodeKey(job.benchmark, job.caseId, job.trial);
    emit({ type: 'episode-start', benchmark: job.benchmark, caseId: job.caseId, trial: job.trial });
    pacing.episodeStarted();
    const meter = new UsageMeter(options.prices, onUnpriced);
    const episodeStarted = performance.now();
    let outcome: EpisodeOutcome;
    try {
      outcome = await job.play(meter, signal);
    } catch (error) {
      outcome = { status: 'failed', score: null, metrics: {}, error: messageOf(error), labels: {}, record: null };
    }
    pacing.episodeEnded();
    if (signal.aborted && outcome.status === 'failed') {
      // Cut short by cancellation: not the episode's result. Left for a resume (its cost still counts).
      cost += meter.cost;
      claims.release(key);
      return;
    }
    let record: SerializedRecord | string = serializeRecord(outcome.record ?? null, outcome.sharedParts);
    if (record.bytes > MAX_RECORD_BYTES) {
      const size = (record.bytes / (1024 * 1024)).toFixed(1);
      outcome = {
        ...outcome,
        status: 'failed',
        score: null,
        metrics: {},
        error: `the episode's record is ${size} MiB, over the ${MAX_RECORD_BYTES / (1024 * 1024)} MiB limit`,
      };
      record = 'null';
    }
    const error = outcome.error === null ? null : storedError(outcome.error);
    let queued = false;
    try {
      // Batched: the claim is released in the transaction that stores the row, never before.
      options.store.saveEpisode(
        {
          runId: options.runId,
          benchmark: job.benchmark,
          caseId: job.caseId,
          trial: job.trial,
          status: outcome.status,
          score: outcome.score,
          metrics: outcome.metrics,
          error,
          inputTokens: meter.inputTokens,
          outputTokens: meter.outputTokens,
          requests: meter.requests,
          cost: meter.cost,
          durationMs: performance.now() - episodeStarted,
          labels: outcome.labels,
          modelCalls: meter.calls,
          record,
        },
        { claims, key },
      );
      queued = true;
    } finally {
      if (!queued) claims.release(key);
    }
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
      error,
    });
    if (options.maxCost !== undefined && cost >= options.maxCost && !budgetReached) {
      budgetReached = true;
      emit({ type: 'budget-reached', cost, maxCost: options.maxCost });
    }
  };

  /**
   * Lets the event loop turn when it has not for {@link LOOP_TURN_MS}. Episodes that never wait on I/O
   * (the oracle, a scripted or in-process agent) would otherwise chain promise after promise for the whole
   * run, and whatever needs a turn of the loop would wait for its end: Ctrl-C and SIGTERM, the claims'
   * heartbeat (another process would take over claims that look abandoned), the batched store writes.
   */
  let lastTurn = performance.now();
  const letTheLoopTurn = async () => {
    if (performance.now() - lastTurn < LOOP_TURN_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    lastTurn = performance.now();
  };

  /**
   * Plays the jobs it can claim with bounded concurrency; returns those another process holds. Jobs
   * are claimed a few at a time, in one transaction (see `ClaimPacing`): as many as this process plays
   * in a short while, so claiming costs little and no other process waits long for what it holds.
   */
  const playAll = async (jobs: readonly EpisodeJob[]): Promise<EpisodeJob[]> => {
    const heldElsewhere: EpisodeJob[] = [];
    const ready: EpisodeJob[] = [];
    let next = 0;
    const slots = Math.max(1, options.concurrency ?? 1);
    let playing = 0;
    /** Claims the next jobs until at least one is ours or none is left. */
    const claimAhead = () => {
      while (ready.length === 0 && next < jobs.length) {
        const batch = jobs.slice(next, next + pacing.batchSize(slots - playing));
        next += batch.length;
        const byKey = new Map(batch.map((job) => [episodeKey(job.benchmark, job.caseId, job.trial), job]));
        const claimed = claims.claimMany([...byKey.keys()], (key) => {
          const job = byKey.get(key) as EpisodeJob;
          return options.store.isScored(options.runId, job.benchmark, job.caseId, job.trial);
        });
        doneElsewhere += claimed.done.length;
        for (const key of claimed.heldElsewhere) heldElsewhere.push(byKey.get(key) as EpisodeJob);
        for (const key of claimed.claimed) ready.push(byKey.get(key) as EpisodeJob);
      }
    };
    let taken = 0;
    const worker = async () => {
      while (!stopped()) {
        await letTheLoopTurn();
        if (taken === ready.length) {
          ready.length = 0;
          taken = 0;
          claimAhead();
        }
        const job = ready[taken];
        if (!job) break;
        taken += 1;
        playing += 1;
        try {
          await play(job);
        } finally {
          playing -= 1;
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: slots }, worker));
    } finally {
      // Stopped with jobs claimed but not started: free them for others (a resume plays them).
      const unplayed = ready.slice(taken).map((job) => episodeKey(job.benchmark, job.caseId, job.trial));
      if (unplayed.length > 0) claims.releaseAll(unplayed);
    }
    return heldElsewhere;
  };

  try {
    // Episodes a killed process on this machine still holds are free at once (a resume after SIGKILL).
    claims.releaseClaimsOfDeadLocalProcesses();
    let waiting = await playAll(pending);
    let waitMs = 2 * DEFAULT_BATCH_DELAY_MS;
    // Episodes another live process holds: wait until it stores them, or its claims expire and they are ours.
    while (waiting.length > 0 && !stopped()) {
      const stillOpen = waiting.filter((job) => {
        if (!options.store.isScored(options.runId, job.benchmark, job.caseId, job.trial)) return true;
        doneElsewhere += 1;
        return false;
      });
      if (stillOpen.length === 0) break;
      if (claims.releaseClaimsOfDeadLocalProcesses() > 0) {
        waiting = await playAll(stillOpen);
        continue;
      }
      const owners = [...new Set(claims.heldByOthers().values())];
      emit({ type: 'waiting-for-claims', episodes: stillOpen.length, owners });
      // Soon at first (the holder is likely writing its last batch), then less often.
      await sleep(Math.min(claims.heartbeatMs, 1000, waitMs), signal);
      waitMs *= 2;
      waiting = await playAll(stillOpen);
    }
  } finally {
    try {
      options.store.flush();
    } finally {
      claims.close();
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const notRun = pending.length - scored - failed - doneElsewhere;
  const interrupted = signal.aborted;
  emit({ type: 'run-end', runId: options.runId, scored, failed, notRun, cost, seconds, interrupted });
  return { scored, failed, notRun, doneElsewhere, cost, seconds, interrupted };
}

/** `TOOLGAUGE_CLAIM_TTL_MS`, when set to a positive number. */
function claimTtlFromEnvironment(): number | undefined {
  const value = Number(process.env.TOOLGAUGE_CLAIM_TTL_MS);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** An error as stored: no URL credentials, at most {@link MAX_ERROR_LENGTH} characters (redacted first). */
function storedError(error: string): string {
  const redacted = redactUrls(error);
  return redacted.length > MAX_ERROR_LENGTH ? `${redacted.slice(0, MAX_ERROR_LENGTH)}…` : redacted;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
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
