import { readFileSync } from 'node:fs';
import type { AnyBenchmark, BenchmarkCase, BenchmarkOptionValues, CaseProblem, LoadedCases } from '../../spec/index.js';
import type { PriceTable } from '../pricing/price-table.js';
import type { RunManifest, RunStore } from '../store/run-store.js';
import { benchmarkJobs } from './benchmark-jobs.js';
import { type CaseSelection, selectCases } from './case-selection.js';
import { createEmbedder, type EmbedderFactory, runServices } from './embedder-factory.js';
import { type ExecuteRunOptions, executeRun, type RunOutcome } from './execute-run.js';
import type { ParticipantsContext, ParticipantsSpec } from './participants.js';
import type { RunEventListener } from './run-events.js';
import { gitCommitOf, selectedCaseSetHash } from './run-provenance.js';

const TOOLGAUGE_VERSION = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** The toolgauge version that writes run manifests. */
export function toolgaugeVersion(): string {
  return TOOLGAUGE_VERSION;
}

export interface RunBenchmarkOptions {
  readonly benchmark: AnyBenchmark;
  readonly runId: string;
  readonly store: RunStore;
  /** The settings stored with the run (never secrets). */
  readonly settings: Readonly<Record<string, unknown>>;
  /** A user's case file or folder; absent for the built-in cases. */
  readonly source?: string;
  readonly selection?: CaseSelection;
  readonly options: BenchmarkOptionValues;
  readonly trials: number;
  readonly participants: ParticipantsSpec;
  readonly context: Omit<ParticipantsContext, 'store'>;
  readonly maxMessages?: number;
  /** `--embedder`; the factory defaults to toolgauge's embeddings. */
  readonly embedder?: string;
  readonly embedderFactory?: EmbedderFactory;
  readonly prices: PriceTable;
  readonly concurrency?: number;
  readonly maxCost?: number;
  readonly shard?: { readonly index: number; readonly count: number };
  readonly onEvent?: RunEventListener;
  /** Told about each case that could not be loaded (it is skipped; the rest run). */
  readonly onProblem?: (problem: CaseProblem) => void;
  /**
   * Called once the cases are loaded and before anything is stored: may refuse (throw) — a resume
   * whose settings differ, a failed preflight — and may add to the manifest or replace the stored
   * settings (a resume that was allowed a change). Nothing is stored when it throws.
   */
  readonly prepare?: (
    manifest: RunManifest,
  ) => Promise<{ readonly manifest: RunManifest; readonly settings?: Readonly<Record<string, unknown>> }>;
  readonly signal?: AbortSignal;
  /**
   * Plays the episodes (default `executeRun` in this process; `executeRunInWorkers` for `--workers`),
   * given the selected cases too (the workers' snapshot, see `case-snapshot.ts`).
   */
  readonly execute?: (options: ExecuteRunOptions, selected: LoadedCases<BenchmarkCase>) => Promise<RunOutcome>;
  /**
   * The cases, loaded already (a `--workers` worker reads its parent's, see `case-snapshot.ts`):
   * `loadCases` is not called; the selection still applies.
   */
  readonly loaded?: LoadedCases<BenchmarkCase>;
}

/**
 * Loads a benchmark's cases, records the run and its manifest (case-set hash, toolgauge and price-table
 * versions), and plays every case × trial into the store (skipping what it already has scored).
 */
export async function runBenchmark(options: RunBenchmarkOptions): Promise<RunOutcome & { readonly cases: number }> {
  const { benchmark } = options;
  const loaded =
    options.loaded ??
    (await benchmark.loadCases({
      ...(options.source ? { source: options.source } : {}),
      options: options.options,
    }));
  for (const problem of loaded.problems) options.onProblem?.(problem);
  const cases: BenchmarkCase[] = selectCases(loaded.cases, options.selection ?? {});
  if (cases.length === 0) throw new Error(`no ${benchmark.id} case matches the filters`);
  const gitCommit = gitCommitOf();
  const planned: RunManifest = {
    toolgaugeVersion: TOOLGAUGE_VERSION,
    ...(gitCommit ? { gitCommit } : {}),
    nodeVersion: process.versions.node,
    benchmarks: {
      [benchmark.id]: {
        // The cases this run plays (the selection, not every loaded case), with their contents.
        caseSetHash: selectedCaseSetHash(loaded.caseSetHash, cases),
        caseCount: cases.length,
        source: loaded.source,
      },
    },
    priceTableVersion: options.prices.version,
  };
  const prepared = options.prepare ? await options.prepare(planned) : { manifest: planned };
  const { manifest } = prepared;
  options.store.ensureRun(options.runId, prepared.settings ?? options.settings, new Date().toISOString(), manifest);
  if (prepared.settings) options.store.setConfig(options.runId, prepared.settings);
  options.store.setManifest(options.runId, manifest);
  // Vectors are remembered in the store's response cache, unless the run keeps off the cache.
  const vectorStore = options.participants.cache === 'off' ? undefined : options.store;
  const services = runServices(options.embedder, options.embedderFactory ?? createEmbedder, vectorStore);
  if (benchmark.needsEmbedder?.(options.options)) await services.embedder();
  const jobs = benchmarkJobs(
    benchmark,
    cases,
    options.trials,
    options.participants,
    { ...options.context, store: options.store },
    {
      options: options.options,
      services,
      ...(options.maxMessages === undefined ? {} : { maxMessages: options.maxMessages }),
    },
  );
  const selected = { cases, problems: [], caseSetHash: loaded.caseSetHash, source: loaded.source };
  const execute = options.execute ?? executeRun;
  const outcome = await execute(
    {
      runId: options.runId,
      jobs,
      store: options.store,
      prices: options.prices,
      ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
      ...(options.maxCost === undefined ? {} : { maxCost: options.maxCost }),
      ...(options.shard ? { shard: options.shard } : {}),
      ...(options.onEvent ? { onEvent: options.onEvent } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    },
    selected,
  );
  return { ...outcome, cases: cases.length };
}
