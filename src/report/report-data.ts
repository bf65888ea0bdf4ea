/**
 * What the HTML report is made from: the stored runs, read through the store only. The report page
 * receives one `ReportData` (gzip-compressed, base64, in a `<script id="toolgauge-report-data">`
 * element) and renders everything from it; it never fetches anything.
 *
 * Types only: both the builder (Node) and the page (browser bundle) import this file. Messages, tables,
 * metrics and findings are the contract's own types (`src/spec`), not copies.
 */

import type { ProvenanceFacts } from '../runs/outputs/provenance-text.js';
import type { BenchmarkReport } from '../runs/outputs/run-report.js';
import type { UnreadableEpisode } from '../runs/store/stored-rows.js';
import type { DiagnosticFinding, Labels, Message, MetricValues, ReportTable, Row, TableDiff } from '../spec/index.js';

export type {
  CellValue,
  DiagnosticFinding,
  DiagnosticPattern,
  IntervalCell,
  Labels,
  Message,
  MetricDefinition,
  MetricValues,
  ReportTable,
  Role,
  Row,
  TableBarChart,
  TableCell,
  TableChart,
  TableColumn,
  TableDiff,
  TableScatterChart,
  ToolError,
  ToolOutcome,
} from '../spec/index.js';
export type { UnreadableEpisode };

/**
 * 2: benchmark-generic (declared tables and metrics per run and benchmark; a generic episode view).
 * 3: episode views may be paged out of the data element (`page`, `episodePages`), and every episode
 *    carries its diagnostic and tool-error counts (the cases table needs no view).
 * 4: a paged report's summaries are columns (`episodeTable`) instead of one object per episode, so
 *    100,000 episodes parse in a fraction of the time; small reports keep the `episodes` list.
 */
export const REPORT_FORMAT_VERSION = 4;

/** The type of the elements holding pages of episode views (`<script id="toolgauge-episodes-N">`). */
export const EPISODE_PAGE_TYPE = 'application/x-toolgauge-episodes+gzip+base64';
/** The id of page `n`'s element; it holds a JSON array of `{ detail?, generic? }` in episode order. */
export function episodePageElementId(page: number): string {
  return `toolgauge-episodes-${page}`;
}

/** The id of the script element holding the compressed data, and its type. */
export const REPORT_DATA_ELEMENT_ID = 'toolgauge-report-data';
export const REPORT_DATA_TYPE = 'application/x-toolgauge-report+gzip+base64';

/**
 * Mean score and mean turn count of a group of episodes. Both are null when the group has no scored
 * episode (the mean of nothing is NaN, which JSON writes as null).
 */
export interface GroupSummary {
  readonly episodes: number;
  readonly score: number | null;
  readonly turnCount: number | null;
}

/** One run's summary (the same numbers `toolgauge report --format json` prints). */
export interface ReportRun {
  readonly runId: string;
  readonly createdAt: string;
  /** The stored settings: agent, user, trials, filters… (never secrets). */
  readonly config: Readonly<Record<string, unknown>>;
  readonly agent: string;
  /** The 95% bootstrap interval's ends are null when there is no scored episode, like the means. */
  readonly overall: GroupSummary & { readonly confidenceInterval: readonly [number | null, number | null] };
  readonly byCategory: Readonly<Record<string, GroupSummary>>;
  readonly byAugmentation: Readonly<Record<string, GroupSummary>>;
  readonly trials: {
    readonly cases: number;
    readonly trials: number;
    readonly passHatK: Readonly<Record<string, number>>;
    readonly passAtK: Readonly<Record<string, number>>;
  };
  readonly status: { readonly scored: number; readonly failed: number };
  readonly tokens: { readonly input: number; readonly output: number };
  readonly requests: number;
  readonly cost: number;
  /** Sum of each diagnostic pattern over the run's episodes (IFN, IAN, IAT, IFE, RAC). */
  readonly diagnostics: Readonly<Record<string, number>>;
}

export interface MilestoneMatch {
  readonly milestone: string;
  readonly messageIndex: number;
  readonly similarity: number;
  /** Why a guardrail zeroed this milestone: a table no milestone constrains changed (absent: it did not). */
  readonly guardrail?: GuardrailNote;
}

/** Which table changed at which message, zeroing a milestone that would otherwise have matched. */
export interface GuardrailNote {
  readonly table: string;
  readonly changedAt: number;
  /** The message the milestone would have matched without the guardrail. */
  readonly wouldMatch: number;
  readonly unguardedSimilarity: number;
  /** `before`: the change came before the milestone's message; `after`: after the last milestone. */
  readonly window: 'before' | 'after';
}

export interface GraphOutline {
  readonly nodes: readonly { readonly id: string; readonly description?: string; readonly scored: boolean }[];
  readonly edges: readonly (readonly [string, string])[];
}

/** One episode with everything the viewer shows. */
/** What a page element holds for each of its episodes: the views the summaries leave out. */
export type EpisodePageEntry = Pick<ReportEpisode, 'detail' | 'generic'>;

export interface ReportEpisode {
  readonly runId: string;
  readonly caseId: string;
  readonly trial: number;
  readonly status: 'scored' | 'failed';
  readonly score: number | null;
  readonly turnCount: number | null;
  readonly error: string | null;
  readonly cost: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly baseId: string;
  readonly scenarioId: string;
  readonly augmentation: string;
  readonly categories: readonly string[];
  /** Absent when the episode failed before producing a trajectory. */
  readonly detail?: {
    readonly agent: string;
    readonly user: string;
    readonly milestoneScore: number;
    readonly minefieldScore: number;
    readonly milestones: readonly MilestoneMatch[];
    readonly minefields: readonly MilestoneMatch[];
    readonly milestoneGraph?: GraphOutline;
    readonly minefieldGraph?: GraphOutline;
    readonly termination: { readonly type: string; readonly message?: string; readonly limit?: number };
    readonly diagnostics: Readonly<Record<string, number>>;
    /**
     * Each occurrence behind `diagnostics`, in the order the calls were made (a call may show several
     * patterns). Reports written before this field existed lack it: treat absence as unknown, not none.
     */
    readonly diagnosticFindings: readonly DiagnosticFinding[];
    readonly clock: { readonly now: number; readonly timeZone: string };
    /** Key into `ReportData.worlds`: initial worlds are shared between episodes to keep the file small. */
    readonly initialWorld: string;
    readonly firstEpisodeMessage: number;
    readonly messages: readonly Message[];
    readonly worldChanges: readonly {
      readonly messageIndex: number;
      readonly diff: Readonly<Record<string, TableDiff>>;
    }[];
  };
  /** The benchmark the episode belongs to; its viewer is chosen by it. */
  readonly benchmark: string;
  /** Every metric its benchmark declares (the headline is `score`). */
  readonly metrics: MetricValues;
  readonly labels: Labels;
  /** For benchmarks without a dedicated viewer: what the generic viewer shows. */
  readonly generic?: GenericEpisodeDetail;
  /**
   * Where `detail`/`generic` are when they are not inline: the page element holding them (large
   * reports). The page lists the views of the episodes with this `page`, in the episode list's order.
   */
  readonly page?: number;
  /** The episode's place among its page's views (set by the page when it reads an `episodeTable`). */
  readonly pagePosition?: number;
  /** Diagnostic findings and tool calls answered with an error (format 3; older reports: from `detail`). */
  readonly diagnosticCount?: number;
  readonly toolErrors?: number;
}

/** A trajectory as the generic viewer draws it (the message bus, without the world). */
export interface ReportTrajectory {
  /** The trajectory's id (a replayed ToolTalk turn's ends in `#turn-<n>`); absent in older reports. */
  readonly episodeId?: string;
  readonly agent: string;
  readonly user: string;
  readonly firstEpisodeMessage: number;
  readonly messages: readonly Message[];
  readonly termination: { readonly type: string; readonly message?: string; readonly limit?: number };
  readonly diagnosticFindings: readonly DiagnosticFinding[];
}

/** An episode of a benchmark without a dedicated viewer: its trajectories, or its record when it has none. */
export interface GenericEpisodeDetail {
  readonly trajectories: readonly ReportTrajectory[];
  /** The tables the benchmark explains the episode's score with. */
  readonly explain: readonly ReportTable[];
  /** The stored record as JSON, when the episode has no trajectory to show. */
  readonly record?: unknown;
}

/**
 * One benchmark's results in one run: what its declared metrics and tables say — the run report's
 * fields for it (`BenchmarkReport`), and what the HTML report adds.
 */
export interface ReportBenchmarkRun
  extends Pick<
    BenchmarkReport,
    'benchmark' | 'title' | 'headline' | 'metricDefinitions' | 'overall' | 'metrics' | 'tables' | 'status' | 'cost'
  > {
  readonly runId: string;
  /** How the numbers were made and whether they stand beside the paper's (absent in older reports). */
  readonly provenance?: ProvenanceFacts;
  /** The benchmark's `reportView`: which viewer draws its episodes (absent: the generic one). */
  readonly viewer?: 'world-timeline';
  /** When the run was made and by which agent (absent in older reports): the history view orders by them. */
  readonly createdAt?: string;
  /** The run's stored settings (never secrets), as `ReportRun.config`. */
  readonly config?: Readonly<Record<string, unknown>>;
  readonly agent?: string;
  /** The labels the benchmark's cases carry, with titles, in the order reports group by them. */
  readonly labels?: readonly { readonly id: string; readonly title: string }[];
  /** The benchmark's one-sentence description. */
  readonly description?: string;
  /** Usage of this benchmark's episodes in the run (absent in older reports). */
  readonly tokens?: { readonly input: number; readonly output: number };
  readonly requests?: number;
  /** Cases and trials per case. */
  readonly trials?: { readonly cases: number; readonly trials: number };
}

/**
 * One column of the episode table: its values in episode order, or (for repetitive values: run ids,
 * labels, categories…) a dictionary of distinct values and each episode's index into it.
 */
export type EpisodeColumn =
  | { readonly values: readonly unknown[] }
  | { readonly dictionary: readonly unknown[]; readonly codes: readonly number[] };

/**
 * The episode summaries as columns (format 4, paged reports): every `ReportEpisode` field but the views
 * and `metrics` is a column of that name; `metrics` is `metricKeys` (each episode's list of metric ids)
 * and one column per metric id in `metricValues` (null where the episode has no such metric).
 */
export interface EpisodeTable {
  readonly count: number;
  readonly columns: Readonly<Record<string, EpisodeColumn>>;
  readonly metricValues: Readonly<Record<string, readonly (number | null)[]>>;
}

/** What the page works with: every episode as one object. */
export interface ReportData {
  readonly formatVersion: typeof REPORT_FORMAT_VERSION;
  readonly generatedAt: string;
  /** The summary per run of its world-timeline benchmark (that benchmark's leaderboard, plots and comparisons). */
  readonly runs: readonly ReportRun[];
  /** Every benchmark of every run, from its declared metrics and tables. */
  readonly benchmarkRuns: readonly ReportBenchmarkRun[];
  readonly episodes: readonly ReportEpisode[];
  /** How many page elements hold episode views (absent: every view is inline). */
  readonly episodePages?: number;
  /** Initial worlds by key: table name → rows. */
  readonly worlds: Readonly<Record<string, Readonly<Record<string, readonly Row[]>>>>;
  /**
   * Each world table's primary key column (table name → column): world diffs pair rows by it. Reports
   * written before this field existed lack it; the page then infers the key column from the diff.
   */
  readonly tablePrimaryKeys: Readonly<Record<string, string>>;
  /** Episodes that could not be read from the store (a corrupted record or column), with why (absent: none). */
  readonly unreadable?: readonly UnreadableEpisode[];
}

/** What a paged report's data element holds: the summaries as columns, the views in page elements. */
export type PagedReportData = Omit<ReportData, 'episodes'> & {
  readonly episodeTable: EpisodeTable;
  readonly episodePages: number;
};
