/**
 * Plays a benchmark's cases with one agent (the scripted user, no cache, the lexical embedder) into a
 * store and returns each case's outcome as comparable text: the metrics of a scored episode, or its
 * status and error. What the corpus tests and benches compare case by case between an agent and the oracle.
 */
import { loadPriceTable, type RunBenchmarkOptions, type RunStore, runBenchmark } from '../runs/index.js';
import type { AnyBenchmark, BenchmarkCase, BenchmarkOptionValues, LoadedCases } from '../spec/index.js';

export interface ScoresByCaseOptions {
  readonly benchmark: AnyBenchmark;
  readonly store: RunStore;
  readonly runId: string;
  readonly loaded: LoadedCases<BenchmarkCase>;
  readonly options: BenchmarkOptionValues;
  /** `oracle`, a model spec, or an external agent's spec (with `context.customAgent`). */
  readonly agent: string;
  /** How agents are made; a run without a model needs none (any model request fails it). */
  readonly context?: Partial<RunBenchmarkOptions['context']>;
  readonly concurrency: number;
}

export async function scoresByCase(play: ScoresByCaseOptions): Promise<Map<string, string>> {
  await runBenchmark({
    benchmark: play.benchmark,
    runId: play.runId,
    store: play.store,
    settings: { benchmark: play.benchmark.id, agent: play.agent, ...play.options },
    loaded: play.loaded,
    options: play.options,
    trials: 1,
    participants: {
      agent: play.agent,
      user: 'scripted',
      agentSettings: { temperature: 0 },
      userSettings: { temperature: 0 },
      cache: 'off',
    },
    context: {
      adapterFor: () => {
        throw new Error('no model in this run');
      },
      ...play.context,
    },
    // Any embedder gives the agent and the oracle the same scores; the lexical one needs no model.
    embedder: 'lexical',
    prices: loadPriceTable(),
    concurrency: play.concurrency,
  });
  return new Map(
    play.store
      .episodes(play.runId, { withRecords: false })
      .map((episode) => [
        episode.caseId,
        episode.status === 'scored' ? JSON.stringify(episode.metrics) : `${episode.status}: ${episode.error}`,
      ]),
  );
}
