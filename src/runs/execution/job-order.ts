/**
 * Longest-expected-first job order. With a fixed number of workers, a run ends when its last episode
 * ends; starting the long episodes first and filling the gaps with short ones keeps every worker busy
 * to the end (the classic LPT rule: within 4/3 of the best schedule, far better than first-in first-out,
 * which can leave one worker playing a long episode alone at the end). Measured in `bench/run-throughput.ts`.
 */

/** What identifies a job for ordering. */
export interface OrderableJob {
  readonly benchmark: string;
  readonly caseId: string;
  readonly trial: number;
}

/** How long a job is expected to take, in any unit shared by all jobs (requests, seconds); undefined: unknown. */
export type JobLengthEstimate<Job extends OrderableJob> = (job: Job) => number | undefined;

/**
 * The jobs, longest expected first. Jobs with no estimate count as the mean of the known ones, so they
 * neither all run first nor all run last. Ties (and everything when nothing is known) keep the given
 * order, so the order is deterministic.
 */
export function longestExpectedFirst<Job extends OrderableJob>(
  jobs: readonly Job[],
  estimate: JobLengthEstimate<Job>,
): Job[] {
  const lengths = jobs.map((job) => {
    const value = estimate(job);
    return value !== undefined && Number.isFinite(value) && value >= 0 ? value : undefined;
  });
  const known = lengths.filter((value): value is number => value !== undefined);
  if (known.length === 0) return [...jobs];
  const fallback = known.reduce((sum, value) => sum + value, 0) / known.length;
  return jobs
    .map((job, index) => ({ job, index, length: lengths[index] ?? fallback }))
    .sort((a, b) => b.length - a.length || a.index - b.index)
    .map(({ job }) => job);
}

/** One finished episode, as the store remembers it: how many model requests it needed. */
export interface PlayedEpisode {
  readonly benchmark: string;
  readonly caseId: string;
  readonly requests: number;
}

/**
 * An estimate from episodes played before (earlier trials, an earlier run of the same cases): the mean
 * number of model requests per case. Falls back to `fallback` (e.g. the gold solution's length) for a
 * case never played.
 */
export function estimateFromHistory<Job extends OrderableJob>(
  history: Iterable<PlayedEpisode>,
  fallback: JobLengthEstimate<Job> = () => undefined,
): JobLengthEstimate<Job> {
  const totals = new Map<string, { sum: number; count: number }>();
  for (const episode of history) {
    if (!(episode.requests >= 0)) continue;
    const key = `${episode.benchmark}\u0000${episode.caseId}`;
    const total = totals.get(key) ?? { sum: 0, count: 0 };
    total.sum += episode.requests;
    total.count += 1;
    totals.set(key, total);
  }
  return (job) => {
    const total = totals.get(`${job.benchmark}\u0000${job.caseId}`);
    return total ? total.sum / total.count : fallback(job);
  };
}

/**
 * The makespan of playing jobs in this order on `workers` workers that each take the next job when
 * free (what `executeRun` does), given each job's actual length: for simulations and tests.
 */
export function simulatedMakespan(lengths: readonly number[], workers: number): number {
  const free = new Array<number>(Math.max(1, workers)).fill(0);
  for (const length of lengths) {
    let earliest = 0;
    for (let worker = 1; worker < free.length; worker += 1) {
      if ((free[worker] as number) < (free[earliest] as number)) earliest = worker;
    }
    free[earliest] = (free[earliest] as number) + length;
  }
  return Math.max(...free);
}
