/**
 * Which jobs a process of a `--workers` run tries first: its own share, read from the environment its
 * parent started it with. Kept apart from `run-workers` (which starts and watches the processes) so that
 * `execute-run` can read it without importing what imports `execute-run`.
 */

/** A worker's place among the run's processes (`index` of `count`), so each starts on its own share of jobs. */
export const WORKER_SHARE_ENVIRONMENT = 'TOOLGAUGE_WORKER_SHARE';

/**
 * The jobs in the order one of `count` processes should try them: its own share first, then the
 * others' — which it takes over when they are done with theirs or have died. Processes that try
 * different jobs first do not contend for the same claims. A share is every `count`-th case (or group
 * of cases, `caseOf`) in the order the jobs come (longest first), starting at `index`, with all of its
 * jobs (every trial): what a process builds for a case or scenario (tool sets, worlds) serves each of
 * them, so splitting them between processes would build it in each.
 */
export function ownShareFirst<T>(
  jobs: readonly T[],
  share: { readonly index: number; readonly count: number },
  caseOf: (job: T) => string = (job) => String(job),
): T[] {
  if (share.count <= 1) return [...jobs];
  const shareOfCase = new Map<string, number>();
  const shareOf = (job: T) => {
    const key = caseOf(job);
    let owner = shareOfCase.get(key);
    if (owner === undefined) {
      owner = shareOfCase.size % share.count;
      shareOfCase.set(key, owner);
    }
    return owner;
  };
  const own: T[] = [];
  const others: T[] = [];
  for (const job of jobs) (shareOf(job) === share.index ? own : others).push(job);
  return [...own, ...others];
}

/** This worker's share (see {@link WORKER_SHARE_ENVIRONMENT}), when it is one. */
export function workerShareFromEnvironment(): { index: number; count: number } | undefined {
  const match = /^(\d+)\/(\d+)$/.exec(process.env[WORKER_SHARE_ENVIRONMENT] ?? '');
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  return match && index < count ? { index, count } : undefined;
}
