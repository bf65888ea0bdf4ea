import type { ChildProcess } from 'node:child_process';
import { childProcess } from '../../util/built-ins-on-demand.js';

/**
 * Workers started before their run is known. A `--workers` parent first loads its cases, resolves its
 * run and stores it; a worker started only then spends its first second loading toolgauge's code while
 * one core idles. So the parent starts them at once, with {@link WORKER_WAITS_ENVIRONMENT}: each loads the
 * code a run needs (and the benchmark, when the parent names it) and waits for a {@link WorkerGo} message
 * with its command line — the same one a worker started later would get — then runs it as such a worker.
 * Only the first start of each worker is early; a worker started again after dying starts as before.
 */

/** Set in a worker's environment; a worker never starts workers of its own. */
export const WORKER_ENVIRONMENT = 'TOOLGAUGE_WORKER';

/** Set in a waiting worker's environment. */
export const WORKER_WAITS_ENVIRONMENT = 'TOOLGAUGE_WORKER_WAITS';

/** The benchmark a waiting worker loads while it waits, when the parent knows it already. */
export const WORKER_BENCHMARK_ENVIRONMENT = 'TOOLGAUGE_WORKER_BENCHMARK';

/** What a parent tells a waiting worker: its arguments (after the script) and additions to its environment. */
export interface WorkerGo {
  readonly type: 'go';
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
}

/** A waiting worker, taken from its pool. */
export interface WaitingWorker {
  readonly child: ChildProcess;
  /** Tells it its command (sent as soon as it is listening: at once, or when it says so). */
  go(message: Omit<WorkerGo, 'type'>): void;
}

/** Workers waiting for their command; each is taken once, and whatever is not taken is stopped by `dispose`. */
export interface WaitingWorkers {
  /** A waiting worker, no longer this pool's (undefined when none is left or alive). */
  take(): WaitingWorker | undefined;
  /** Stops the workers nobody took (the run ended before it needed them, or failed). */
  dispose(): void;
}

export interface WaitingWorkerCommand {
  /** The script the workers run (the toolgauge command line). */
  readonly script: string;
  readonly execArgv?: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  /** The benchmark the run plays, when known before the run is resolved. */
  readonly benchmark?: string;
}

/** Starts `count` workers that wait (see the module comment). Their environment marks them as workers. */
export function startWaitingWorkers(count: number, command: WaitingWorkerCommand): WaitingWorkers {
  const waiting: { child: ChildProcess; listening: Promise<void> }[] = [];
  for (let index = 0; index < count; index += 1) {
    const child = childProcess().fork(command.script, [], {
      env: {
        ...(command.env ?? process.env),
        [WORKER_ENVIRONMENT]: '1',
        [WORKER_WAITS_ENVIRONMENT]: '1',
        ...(command.benchmark ? { [WORKER_BENCHMARK_ENVIRONMENT]: command.benchmark } : {}),
      },
      execArgv: [...(command.execArgv ?? process.execArgv)],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      // Its own process group, as every worker: Ctrl-C reaches the parent, which stops the workers in order.
      detached: true,
    });
    // Waiting, it must not keep the parent alive (an error before the run starts ends the command).
    child.unref();
    child.channel?.unref();
    child.on('error', () => {});
    // A message sent before the worker listens would be lost: it says when it listens.
    const listening = new Promise<void>((resolve) => {
      const onMessage = (message: unknown) => {
        if ((message as { type?: unknown } | null)?.type !== 'waiting') return;
        child.off('message', onMessage);
        resolve();
      };
      child.on('message', onMessage);
    });
    waiting.push({ child, listening });
  }
  const stopAll = () => {
    for (const { child } of waiting.splice(0))
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  process.on('exit', stopAll);
  return {
    take: () => {
      for (let next = waiting.shift(); next; next = waiting.shift()) {
        const { child, listening } = next;
        if (child.exitCode !== null || child.signalCode !== null || !child.connected) continue;
        child.ref();
        child.channel?.ref();
        return {
          child,
          go: (message) => {
            void listening.then(() => {
              if (child.connected) child.send({ type: 'go', ...message } satisfies WorkerGo);
            });
          },
        };
      }
      return undefined;
    },
    dispose: () => {
      process.off('exit', stopAll);
      stopAll();
    },
  };
}

/**
 * In a waiting worker: loads what a run needs meanwhile (`preload`), waits for the parent's `go` and
 * returns the command line to run (this script, then the arguments it was given), with the environment
 * it was given set. Undefined when the parent went away first: the worker then simply ends.
 */
export async function commandWhenTold(
  argv: readonly string[],
  preload: () => Promise<unknown>,
): Promise<readonly string[] | undefined> {
  const told = new Promise<WorkerGo | undefined>((resolve) => {
    const onMessage = (message: unknown) => {
      if ((message as { type?: unknown } | null)?.type !== 'go') return;
      process.off('message', onMessage);
      process.off('disconnect', onDisconnect);
      resolve(message as WorkerGo);
    };
    const onDisconnect = () => resolve(undefined);
    process.on('message', onMessage);
    process.on('disconnect', onDisconnect);
    // With a callback, a parent already gone is an error passed to it (and ignored), not a crash.
    if (process.connected) process.send?.({ type: 'waiting' }, undefined, {}, () => {});
  });
  // A failed preload is not this worker's failure: running the command loads the same code and reports it.
  await preload().catch(() => {});
  const go = await told;
  if (!go) return undefined;
  Object.assign(process.env, go.env);
  delete process.env[WORKER_WAITS_ENVIRONMENT];
  return [argv[0] ?? process.execPath, argv[1] ?? '', ...go.args];
}
