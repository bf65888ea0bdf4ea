import { seededResampleMeans } from '../util/seeded-random.js';

/**
 * Statistics over repeated trials, as tau-bench defines them. For each case with n trials of which c
 * succeeded (score exactly 1):
 * - pass^k = C(c, k) / C(n, k): the chance that k trials drawn without replacement all succeed (how
 *   reliably the agent succeeds every time);
 * - pass@k = 1 − C(n − c, k) / C(n, k): the chance that at least one of k trials succeeds.
 * Both are averaged over cases. The mean score comes with a 95% bootstrap confidence interval over
 * cases (percentile method, seeded, so the same scores always give the same interval).
 */
export interface TrialStatistics {
  readonly cases: number;
  readonly trials: number;
  readonly mean: number;
  readonly confidenceInterval: readonly [number, number];
  /** pass^k and pass@k for k = 1 … the smallest number of trials any case has. */
  readonly passHatK: Readonly<Record<number, number>>;
  readonly passAtK: Readonly<Record<number, number>>;
}

export function trialStatistics(
  scoresByCase: ReadonlyMap<string, readonly number[]>,
  options: { resamples?: number; seed?: string } = {},
): TrialStatistics {
  const cases = [...scoresByCase.keys()].sort();
  const perCase = cases.map((id) => scoresByCase.get(id) ?? []);
  const perCaseMeans = perCase.map(average);
  const trials = Math.min(...perCase.map((scores) => scores.length));
  // Each case's trials and successes, counted once (not once per k).
  const counts = perCase.map((scores) => ({ n: scores.length, c: successes(scores) }));
  const passHatK: Record<number, number> = {};
  const passAtK: Record<number, number> = {};
  for (let k = 1; k <= (Number.isFinite(trials) ? trials : 0); k += 1) {
    passHatK[k] = average(counts.map(({ n, c }) => choose(c, k) / choose(n, k)));
    passAtK[k] = average(counts.map(({ n, c }) => 1 - choose(n - c, k) / choose(n, k)));
  }
  return {
    cases: cases.length,
    trials: Number.isFinite(trials) ? trials : 0,
    mean: average(perCaseMeans),
    confidenceInterval: bootstrapInterval(
      perCaseMeans,
      options.resamples ?? 2000,
      options.seed ?? 'toolgauge-bootstrap',
    ),
    passHatK,
    passAtK,
  };
}

function successes(scores: readonly number[]): number {
  return scores.filter((score) => score === 1).length;
}

/** The binomial coefficient C(n, k) (0 when k > n). */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let index = 1; index <= k; index += 1) result = (result * (n - k + index)) / index;
  return result;
}

/**
 * The percentile interval of `resamples` bootstrap means (see {@link seededResampleMeans}): the same values
 * and seed always give the same interval. The last interval is kept: a report asks twice for the same one
 * (the benchmark's table and the trial statistics), and it is the costly part.
 */
function bootstrapInterval(values: readonly number[], resamples: number, seed: string): [number, number] {
  if (values.length === 0) return [Number.NaN, Number.NaN];
  if (lastInterval?.seed === seed && lastInterval.resamples === resamples && sameValues(lastInterval.values, values)) {
    return [...lastInterval.interval];
  }
  const means = seededResampleMeans(seed, Float64Array.from(values), resamples);
  const unordered = means.some(Number.isNaN);
  // A typed array sorts numbers as (a, b) => a - b does, except NaN, which that comparator leaves unordered.
  const sorted = unordered ? [...means].sort((a, b) => a - b) : means.sort();
  const at = (quantile: number) => sorted[Math.min(resamples - 1, Math.floor(quantile * resamples))] ?? Number.NaN;
  const interval: [number, number] = [at(0.025), at(0.975)];
  lastInterval = { seed, resamples, values: [...values], interval };
  return [...interval];
}

let lastInterval:
  | { seed: string; resamples: number; values: readonly number[]; interval: readonly [number, number] }
  | undefined;

function sameValues(kept: readonly number[], values: readonly number[]): boolean {
  if (kept.length !== values.length) return false;
  for (let index = 0; index < values.length; index++) if (!Object.is(kept[index], values[index])) return false;
  return true;
}

function average(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length;
}
