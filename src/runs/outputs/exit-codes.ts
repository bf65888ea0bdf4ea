/**
 * The exit codes of `toolgauge`, for CI jobs: each says one thing, so a job can tell "the model got
 * worse" from "the provider was down" from "the command is wrong".
 */
export const EXIT_CODES = {
  /** Every episode was played and scored, and any `--fail-under` threshold was met. */
  ok: 0,
  /** toolgauge itself failed (an unreadable store, a bug): nothing can be said about the model. */
  error: 1,
  /** Bad configuration or usage: an unknown option, a value out of range, a missing key, a URL that does not parse, a failed preflight. Nothing was played. */
  usage: 2,
  /** Some episodes failed (provider outage, cache miss in replay mode) or were not played (cost limit): the scores are incomplete. */
  episodesFailed: 3,
  /** Every episode was scored, but the score is below `--fail-under`. */
  belowThreshold: 4,
  /** Interrupted (Ctrl-C, SIGTERM): finished episodes are stored; `--resume` continues. */
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];

/** What a finished (or stopped) run tells the exit code. */
export interface RunVerdictInput {
  readonly scored: number;
  readonly failed: number;
  /** Episodes neither stored before nor played now (cost limit reached, or cancelled). */
  readonly notRun: number;
  readonly interrupted?: boolean;
  /** The `--fail-under` check, when one was asked for. */
  readonly threshold?: ThresholdCheck;
}

/** The outcome of a `--fail-under` check. */
export interface ThresholdCheck {
  readonly metric: string;
  readonly minimum: number;
  /** The run's value of the metric; undefined when the run has none (which counts as a miss). */
  readonly actual: number | undefined;
  readonly met: boolean;
  /** The metrics the run has, to name in the message when the asked one is missing. */
  readonly available?: readonly string[];
}

/**
 * The exit code of a run and the one line that explains it. Precedence: interrupted, then failed or
 * unplayed episodes (an incomplete score is not a verdict on the model, so a threshold is not judged),
 * then a threshold miss.
 */
export function runExitCode(input: RunVerdictInput): { readonly code: ExitCode; readonly reason: string } {
  if (input.interrupted) {
    return { code: EXIT_CODES.interrupted, reason: 'interrupted; finished episodes are stored' };
  }
  if (input.failed > 0 || input.notRun > 0) {
    const parts = [
      ...(input.failed > 0 ? [`${input.failed} episode${input.failed === 1 ? '' : 's'} failed`] : []),
      ...(input.notRun > 0 ? [`${input.notRun} not run`] : []),
    ];
    return {
      code: EXIT_CODES.episodesFailed,
      reason: `${parts.join(', ')} (of ${total(input)}): the scores are incomplete`,
    };
  }
  if (input.threshold && !input.threshold.met) {
    const { metric, minimum, actual } = input.threshold;
    return {
      code: EXIT_CODES.belowThreshold,
      reason:
        actual === undefined
          ? `the run has no "${metric}" to compare with --fail-under ${minimum}${input.threshold.available?.length ? ` (its metrics: ${input.threshold.available.join(', ')})` : ''}`
          : `${metric} ${actual.toFixed(3)} is below --fail-under ${minimum}`,
    };
  }
  return { code: EXIT_CODES.ok, reason: `all ${input.scored} episodes scored` };
}

function total(input: RunVerdictInput): number {
  return input.scored + input.failed + input.notRun;
}

/** A parsed `--fail-under`: `0.8` (the headline metric) or `precision=0.8` (a named metric). */
export interface ScoreThreshold {
  /** Undefined for the benchmark's headline metric. */
  readonly metric?: string;
  readonly minimum: number;
}

/** @throws Error naming the value when it is not `<number>` or `<metric>=<number>`. */
export function parseScoreThreshold(text: string): ScoreThreshold {
  const match = /^(?:([A-Za-z][\w.-]*)=)?(-?\d+(?:\.\d+)?|-?\.\d+)$/.exec(text.trim());
  if (!match) {
    throw new Error(`--fail-under "${text}" is not a score like 0.8 or a metric and score like precision=0.8`);
  }
  const minimum = Number(match[2]);
  return match[1] ? { metric: match[1], minimum } : { minimum };
}

/**
 * Checks a threshold against a run's metrics. `headline` names the metric a bare number refers to; a
 * named metric the run does not have is a miss (and says so), never a silent pass.
 */
export function checkScoreThreshold(
  threshold: ScoreThreshold,
  metrics: Readonly<Record<string, number | undefined>>,
  headline: string,
): ThresholdCheck {
  const metric = threshold.metric ?? headline;
  const actual = Object.hasOwn(metrics, metric) ? metrics[metric] : undefined;
  const met = actual !== undefined && Number.isFinite(actual) && actual >= threshold.minimum;
  return { metric, minimum: threshold.minimum, actual, met, available: Object.keys(metrics) };
}
