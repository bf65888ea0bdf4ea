import { createWriteStream } from 'node:fs';
import {
  checkScoreThreshold,
  type ExitCode,
  runExitCode,
  type ScoreThreshold,
  type ThresholdCheck,
} from '../runs/outputs/exit-codes.js';
import { finish } from '../runs/outputs/export-stream.js';
import { type JunitEpisode, junitReportChunks } from '../runs/outputs/junit-report.js';

/** One benchmark's results in a run, as the verdict needs them. */
export interface BenchmarkResult {
  readonly benchmark: string;
  /** The id of the headline metric. */
  readonly headline: string;
  /** Every metric over the run (the headline included). */
  readonly metrics: Readonly<Record<string, number | null | undefined>>;
}

export interface VerdictInput {
  readonly runId: string;
  readonly outcome: { readonly scored: number; readonly failed: number; readonly notRun: number };
  readonly interrupted?: boolean;
  readonly results: readonly BenchmarkResult[];
  readonly failUnder?: ScoreThreshold;
}

/**
 * The end of `toolgauge run` for a CI job: the exit code, and the line that explains it. With several
 * benchmarks, `--fail-under` must hold for each; the first miss is named.
 */
export function runVerdict(input: VerdictInput): { readonly code: ExitCode; readonly reason: string } {
  let threshold: ThresholdCheck | undefined;
  if (input.failUnder) {
    const checks = input.results.map((result) => {
      const metrics = Object.fromEntries(
        Object.entries(result.metrics).map(([name, value]) => [name, value ?? undefined]),
      );
      const check = checkScoreThreshold(input.failUnder as ScoreThreshold, metrics, result.headline);
      return input.results.length > 1 ? { ...check, metric: `${result.benchmark} ${check.metric}` } : check;
    });
    threshold = checks.find((check) => !check.met) ?? checks[0];
  }
  return runExitCode({
    ...input.outcome,
    ...(input.interrupted ? { interrupted: true } : {}),
    ...(threshold ? { threshold } : {}),
  });
}

/** The line printed when a run is interrupted: what is kept, and the command that continues it. */
export function resumeHint(runId: string, db: string, stored: number): string {
  const dbFlag = db === '.toolgauge/toolgauge.db' ? '' : ` --db ${quoteForShell(db)}`;
  return `interrupted: ${stored} finished episode${stored === 1 ? ' is' : 's are'} stored; continue with: toolgauge run --resume ${quoteForShell(runId)}${dbFlag}`;
}

/** Writes the run's JUnit XML to a file, chunk by chunk. */
export async function writeJunitFile(
  path: string,
  episodes: Iterable<JunitEpisode>,
  options: {
    readonly runId: string;
    readonly manifest: Readonly<Record<string, unknown>>;
    readonly passScore?: number;
  },
): Promise<void> {
  const out = createWriteStream(path);
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  const write = async () => {
    for (const chunk of junitReportChunks(episodes, options)) {
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    await finish(out);
  };
  await Promise.race([write(), failed]);
}

function quoteForShell(text: string): string {
  return /^[\w./:@%+=-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
