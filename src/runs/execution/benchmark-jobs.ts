import type { AnyBenchmark, BenchmarkCase, BenchmarkOptionValues, BenchmarkServices } from '../../spec/index.js';
import type { EpisodeJob } from './execute-run.js';
import { makeAgent, makeUser, type ParticipantsContext, type ParticipantsSpec } from './participants.js';

export interface BenchmarkJobsOptions {
  /** The benchmark's option values (`--category`, …), defaults filled in. */
  readonly options: BenchmarkOptionValues;
  /** The run's services (its embedder), shared by every episode. */
  readonly services: BenchmarkServices;
  readonly maxMessages?: number;
}

/**
 * A run's episodes of one benchmark: each case × trial, played by fresh participants through the
 * benchmark's `play`, which scores it. The headline metric becomes the stored score.
 */
export function benchmarkJobs(
  benchmark: AnyBenchmark,
  cases: readonly BenchmarkCase[],
  trials: number,
  spec: ParticipantsSpec,
  context: ParticipantsContext,
  jobOptions: BenchmarkJobsOptions,
): EpisodeJob[] {
  return cases.flatMap((benchmarkCase) => {
    const expectedLength = benchmark.expectedLength?.(benchmarkCase, jobOptions.options);
    const group = benchmark.caseGroup?.(benchmarkCase);
    return Array.from(
      { length: trials },
      (_, trial): EpisodeJob => ({
        benchmark: benchmark.id,
        caseId: benchmarkCase.id,
        trial,
        ...(expectedLength === undefined ? {} : { expectedLength }),
        ...(group === undefined ? {} : { group }),
        async play(meter, signal) {
          const agent = makeAgent(benchmark, benchmarkCase, trial, spec, context, meter, jobOptions.options);
          const user = makeUser(benchmark, trial, spec, context, meter);
          const result = await benchmark
            .play({
              case: benchmarkCase,
              trial,
              agent,
              ...(user ? { user } : {}),
              options: jobOptions.options,
              services: jobOptions.services,
              limits: jobOptions.maxMessages === undefined ? {} : { maxMessages: jobOptions.maxMessages },
              signal,
            })
            .finally(() => agent.close?.());
          const scored = result.status === 'scored';
          return {
            status: result.status,
            score: scored ? (result.metrics[benchmark.headline] ?? null) : null,
            metrics: scored ? result.metrics : {},
            error: result.error ?? null,
            labels: result.labels,
            record: result.record,
            ...(result.sharedParts ? { sharedParts: result.sharedParts } : {}),
          };
        },
      }),
    );
  });
}
