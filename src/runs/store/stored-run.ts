import type { EpisodeStatus, Labels, MetricValues } from '../../spec/index.js';
import type { ModelCallUsage } from '../pricing/usage-meter.js';
import type { SerializedRecord } from './record-parts.js';
import type { IdentityManifest } from './run-settings-compare.js';
import type { RunManifest } from './stored-json.js';

/** What the store holds, row by row, and the small rules about its keys and manifests. */

export interface StoredRun {
  readonly runId: string;
  readonly createdAt: string;
  /** The run's configuration as JSON (never with secrets). */
  readonly config: Readonly<Record<string, unknown>>;
  /** What the run was played with; empty for runs stored before format 2. */
  readonly manifest: RunManifest;
}

export interface EpisodeRow {
  readonly runId: string;
  readonly benchmark: string;
  readonly caseId: string;
  readonly trial: number;
  readonly status: EpisodeStatus;
  /** The benchmark's headline metric; null when failed. */
  readonly score: number | null;
  /** Every metric the benchmark declares (empty when failed). */
  readonly metrics: MetricValues;
  /** Why a failed episode failed. */
  readonly error: string | null;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly requests: number;
  readonly cost: number;
  readonly durationMs: number;
  /** What reports group by (e.g. categories, augmentation), without reading records. */
  readonly labels: Labels;
  /** Every model call of the episode (agent and user), with its usage and cost. */
  readonly modelCalls: readonly ModelCallUsage[];
  /** The benchmark's full record of the episode as JSON; read it through `readRecord`. */
  readonly record: string;
}

/**
 * An episode on its way to the store (`saveEpisode`): its record as whole JSON text (a row read back
 * from a store), or serialized with its shared parts apart (`serializeRecord`), to be kept once each.
 */
export interface EpisodeToSave extends Omit<EpisodeRow, 'record'> {
  readonly record: string | SerializedRecord;
}

/** One play of an episode, as the `attempts` table keeps it. */
export interface StoredAttempt {
  readonly benchmark: string;
  readonly caseId: string;
  readonly trial: number;
  readonly status: string;
  readonly cost: number;
  readonly endedAt: string;
}

/**
 * The part of a manifest that is a run's identity: the case set (of a single-benchmark run, its
 * benchmark's hash and count; of several, all of them) and the agent module.
 */
export function identityManifest(manifest: RunManifest): IdentityManifest {
  const benchmarks = Object.entries(manifest.benchmarks ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const caseSet =
    benchmarks.length === 0
      ? undefined
      : {
          hash: benchmarks.map(([id, entry]) => `${id}:${entry.caseSetHash}`).join(','),
          count: benchmarks.reduce((total, [, entry]) => total + entry.caseCount, 0),
        };
  return {
    ...(caseSet ? { caseSet } : {}),
    ...(manifest.agentModule ? { agentModule: manifest.agentModule } : {}),
  };
}

/** Episodes a run plans: each benchmark's selected cases × the run's trials (unknown without a manifest). */
export function plannedEpisodes(run: StoredRun): number | undefined {
  const benchmarks = Object.values(run.manifest.benchmarks ?? {});
  const trials = Number(run.config.trials ?? 1);
  if (benchmarks.length === 0 || !Number.isInteger(trials) || trials < 1) return undefined;
  return benchmarks.reduce((total, entry) => total + entry.caseCount, 0) * trials;
}

/** An episode key within a run: `benchmark/caseId#trial`. */
export function episodeKey(benchmark: string, caseId: string, trial: number): string {
  // U+001F, not U+0000: PostgreSQL text cannot hold a NUL, and claims store this key.
  return `${benchmark}\u001f${caseId}#${trial}`;
}

/** Whether `--db` names a PostgreSQL server rather than a SQLite file. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

/** An older store about to be migrated to the format this toolgauge writes. */
export interface StoreMigrationNotice {
  /** How errors and reports name the store (a path, or the URL without its password). */
  readonly store: string;
  readonly from: number;
  readonly to: number;
}

/** What the command line says before migrating an older store (`RunStoreOptions.onMigration`). */
export function announceStoreMigration(notice: StoreMigrationNotice): void {
  process.stderr.write(
    `toolgauge: ${notice.store}: moving the store from format ${notice.from} to ${notice.to}, once (a large store takes a while)\n`,
  );
}

/** Keys per query of `RunStore.cacheGetMany` (SQLite allows 32,766 parameters, PostgreSQL 65,535). */
export const CACHE_KEYS_PER_QUERY = 500;
