import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { BenchmarkCase, LoadedCases } from '../../spec/index.js';
import { childProcess } from '../../util/built-ins-on-demand.js';
import { episodeKey } from '../store/run-store.js';
import { CASE_SNAPSHOT_ENVIRONMENT, newCaseSnapshotFolder, writeCaseSnapshot } from './case-snapshot.js';
import { type ExecuteRunOptions, executeRun, type RunOutcome, shardJobs } from './execute-run.js';
import type { RunEvent, RunEventListener } from './run-events.js';
import { type WaitingWorkers, WORKER_ENVIRONMENT } from './waiting-workers.js';
import { WORKER_SHARE_ENVIRONMENT } from './worker-share.js';

/**
 * `--workers N`: one run played by N processes that share its store: this one and N − 1 workers. Each
 * worker is the same command started again with `TOOLGAUGE_WORKER=1`: it loads the same cases and settings, claims
 * episodes through the store's claims (so none is played twice, see `EpisodeClaims`) and sends its run
 * events to the parent over the IPC channel instead of printing. The parent shows one progress view,
 * restarts a worker that dies (and frees its claims at once, since it knows the worker is gone), stops
 * every worker on Ctrl-C, and reports the run from the store when all have ended. Processes rather than
 * threads: a worker that crashes or is killed takes nothing else with it.
 */

export { WORKER_ENVIRONMENT } from './waiting-workers.js';

/** Whether this process is a worker of a `--workers` run (started by a parent, with an IPC channel). */
export function isRunWorker(): boolean {
  return process.env[WORKER_ENVIRONMENT] === '1' && typeof process.send === 'function';
}

/** How long a worker's run events wait at most to be sent to its parent, together. */
export const EVENT_BATCH_MS = 100;

/**
 * A worker's run events go to its parent, a batch per {@link EVENT_BATCH_MS} (one message per event
 * costs both processes more than the progress line needs); the end of its run is sent at once, with
 * everything before it.
 */
const ignore = () => {};

export function sendEventsToParent(): RunEventListener {
  let queued: RunEvent[] = [];
  let timer: NodeJS.Timeout | undefined;
  const send = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const events = queued;
    queued = [];
    // With a callback, a failed send (EPIPE: the parent was killed before the channel closed here) is
    // reported to it instead of crashing the worker with an unhandled 'error' event; the worker stops
    // when the channel's 'disconnect' arrives (see `stopWithParent`).
    if (events.length > 0 && process.connected) process.send?.({ type: 'run-events', events }, undefined, {}, ignore);
  };
  return (event) => {
    queued.push(event);
    if (event.type === 'run-end') send();
    else if (!timer) timer = setTimeout(send, EVENT_BATCH_MS);
  };
}

/**
 * In a worker: stop playing (as Ctrl-C would) when the parent asks, or when the parent is gone (its
 * IPC channel closes), so that no worker outlives its run.
 */
export function stopWithParent(stop: () => void): void {
  process.on('message', (message) => {
    if ((message as { type?: string } | null)?.type === 'stop') stop();
  });
  process.on('disconnect', stop);
  // Listening must not keep the worker alive once its part of the run is done.
  process.channel?.unref();
}

export interface WorkerCommand {
  /** The script the workers run (the toolgauge command line) and its arguments. */
  readonly script: string;
  readonly args: readonly string[];
  readonly execArgv?: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
}

export interface ExecuteRunInWorkersOptions extends ExecuteRunOptions {
  /** Processes that play, this one included (so `workers − 1` are started). */
  readonly workers: number;
  readonly command: WorkerCommand;
  /** Restarts of dead workers allowed in all (default twice the number of workers). */
  readonly maxRestarts?: number;
  /**
   * The run's selected cases, handed to the workers in a snapshot file (see `case-snapshot.ts`) so they
   * need not load them again; without it (or for cases that are not plain data) each worker loads them.
   */
  readonly cases?: { readonly benchmark: string; readonly loaded: LoadedCases<BenchmarkCase> };
  /** Workers started early (see `waiting-workers.ts`), used before any is started here. */
  readonly waiting?: WaitingWorkers;
  /** Told when a worker dies and another takes its place. */
  readonly onWorkerExit?: (report: { readonly worker: number; readonly pid: number; readonly how: string }) => void;
}

/** Exit codes of a worker that ended its part normally (nothing left to claim, or stopped). */
const NORMAL_EXITS = new Set([0, 130]);

/**
 * Plays a run's jobs in worker processes (see the module comment) and returns the outcome as
 * `executeRun` would, counted from the store: every job of this shard that is now scored or failed.
 */
export async function executeRunInWorkers(options: ExecuteRunInWorkersOptions): Promise<RunOutcome> {
  const started = performance.now();
  const emit: RunEventListener = options.onEvent ?? (() => {});
  const mine = shardJobs(options.jobs, options.shard);
  const done = options.store.scoredKeys(options.runId);
  const pending = mine.filter((job) => !done.has(episodeKey(job.benchmark, job.caseId, job.trial)));
  const costBefore = options.store.runCost(options.runId);
  emit({ type: 'run-start', runId: options.runId, total: mine.length, alreadyDone: mine.length - pending.length });

  let stopping = options.signal?.aborted === true;
  let restartsLeft = options.maxRestarts ?? options.workers * 2;
  let failure: Error | undefined;
  const live = new Map<number, ChildProcess>();
  const budgetSeen = { reached: false };
  const unpriced = new Set<string>();

  const forward = (event: RunEvent) => {
    switch (event.type) {
      case 'episode-start':
      case 'episode-end':
        emit(event);
        break;
      case 'budget-reached':
        if (!budgetSeen.reached) emit(event);
        budgetSeen.reached = true;
        break;
      case 'unpriced-model':
        if (!unpriced.has(event.model)) emit(event);
        unpriced.add(event.model);
        break;
      default:
        // run-start, run-end and waiting are each worker's own; the parent reports the whole run.
        break;
    }
  };

  const stopAll = () => {
    stopping = true;
    for (const child of live.values()) if (child.connected) child.send({ type: 'stop' });
  };
  options.signal?.addEventListener('abort', stopAll, { once: true });
  // The parent exiting at once (a second Ctrl-C): the workers stop too (and write what they finished).
  const killOnExit = () => {
    for (const child of live.values()) child.kill('SIGTERM');
  };
  process.on('exit', killOnExit);

  const stopLocal = new AbortController();
  const childCount = Math.max(0, options.workers - 1);
  const snapshot = childCount > 0 && options.cases ? snapshotCases(options.cases) : undefined;
  const allEnded = new Promise<void>((resolveAll) => {
    if (childCount === 0) resolveAll();
    const start = (slot: number) => {
      const env: Record<string, string> = {
        [WORKER_SHARE_ENVIRONMENT]: `${slot}/${options.workers}`,
        ...(snapshot ? { [CASE_SNAPSHOT_ENVIRONMENT]: snapshot.path } : {}),
      };
      const early = options.waiting?.take();
      early?.go({ args: [...options.command.args], env });
      const child =
        early?.child ??
        childProcess().fork(options.command.script, [...options.command.args], {
          env: { ...(options.command.env ?? process.env), [WORKER_ENVIRONMENT]: '1', ...env },
          execArgv: [...(options.command.execArgv ?? process.execArgv)],
          stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
          // Its own process group: Ctrl-C reaches the parent, which stops the workers in order.
          detached: true,
        });
      live.set(slot, child);
      child.on('message', (message) => {
        const batch = message as { type?: string; events?: unknown } | null;
        if (batch?.type === 'run-events' && Array.isArray(batch.events))
          for (const event of batch.events as RunEvent[]) forward(event);
      });
      child.on('exit', (code, signal) => {
        live.delete(slot);
        const pid = child.pid ?? 0;
        const normal = signal === null && code !== null && NORMAL_EXITS.has(code);
        if (!normal) {
          // Dead for sure: its claims are freed now rather than after their time-to-live.
          try {
            options.store.releaseClaimsOf(`${hostname()}:${pid}:`);
          } catch {
            // The claims expire by themselves.
          }
          const how = signal ? `stopped by ${signal}` : `exited with code ${code}`;
          options.onWorkerExit?.({ worker: slot, pid, how });
          if (!stopping && restartsLeft > 0) {
            restartsLeft -= 1;
            start(slot);
            return;
          }
          if (!stopping) {
            failure = new Error(`worker ${slot} (pid ${pid}) ${how}, and too many workers died to go on`);
            stopAll();
            stopLocal.abort();
          }
        }
        if (live.size === 0) resolveAll();
      });
    };
    for (let slot = 1; slot <= childCount; slot += 1) start(slot);
  });

  // This process plays too, through the same claims (its own run events are forwarded like a worker's).
  const local = executeRun({
    ...options,
    share: { index: 0, count: options.workers },
    onEvent: forward,
    signal: options.signal ? AbortSignal.any([options.signal, stopLocal.signal]) : stopLocal.signal,
  }).catch((error: unknown) => {
    failure ??= error instanceof Error ? error : new Error(String(error));
    stopAll();
  });
  try {
    await Promise.all([allEnded, local]);
  } finally {
    options.signal?.removeEventListener('abort', stopAll);
    process.off('exit', killOnExit);
    snapshot?.remove();
  }
  if (failure) throw failure;

  // Counted from the keys alone: decoding every stored row would cost the end of a long run a second.
  const scoredKeys = options.store.keysWithStatus(options.runId, 'scored');
  const failedKeys = options.store.keysWithStatus(options.runId, 'failed');
  let scored = 0;
  let failed = 0;
  for (const job of pending) {
    const key = episodeKey(job.benchmark, job.caseId, job.trial);
    if (scoredKeys.has(key)) scored += 1;
    else if (failedKeys.has(key)) failed += 1;
  }
  const cost = options.store.runCost(options.runId);
  const seconds = (performance.now() - started) / 1000;
  const notRun = pending.length - scored - failed;
  const interrupted = options.signal?.aborted === true;
  emit({ type: 'run-end', runId: options.runId, scored, failed, notRun, cost, seconds, interrupted });
  return { scored, failed, notRun, doneElsewhere: 0, cost: Math.max(cost, costBefore), seconds, interrupted };
}

/** Writes the workers' case snapshot into a folder of its own; undefined when the cases cannot have one. */
function snapshotCases(
  cases: NonNullable<ExecuteRunInWorkersOptions['cases']>,
): { readonly path: string; remove(): void } | undefined {
  const folder = newCaseSnapshotFolder();
  const remove = () => rmSync(folder, { recursive: true, force: true });
  const path = join(folder, 'cases.v8');
  try {
    if (writeCaseSnapshot(path, cases.benchmark, cases.loaded)) return { path, remove };
  } catch {
    // No snapshot (a full disk, a value V8 cannot clone): each worker loads the cases itself.
  }
  remove();
  return undefined;
}

/** The command that starts this process's workers: the same command line, for one more run id. */
export function workerCommandFor(runId: string, argv: readonly string[] = process.argv): WorkerCommand {
  const [, script = '', ...args] = argv;
  return {
    script,
    // The parent has checked the models already; the last value of a repeated option wins.
    args: [...args, '--run-id', runId, '--no-preflight', '--workers', '1'],
  };
}
