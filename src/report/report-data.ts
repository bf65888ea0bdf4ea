/**
 * What the HTML report is made from: the stored runs, read through the store only. The report page
 * receives one `ReportData` (gzip-compressed, base64, in a `<script id="toolgauge-report-data">`
 * element) and renders everything from it; it never fetches anything.
 *
 * Types only: both the builder (Node) and the page (browser bundle) import this file.
 */

export const REPORT_FORMAT_VERSION = 1;

/** The id of the script element holding the compressed data, and its type. */
export const REPORT_DATA_ELEMENT_ID = 'toolgauge-report-data';
export const REPORT_DATA_TYPE = 'application/x-toolgauge-report+gzip+base64';

export type CellValue = string | number | boolean | null;
export type Row = Readonly<Record<string, CellValue>>;

/**
 * Mean score and mean turn count of a group of episodes. Both are null when the group has no scored
 * episode (the mean of nothing is NaN, which JSON writes as null).
 */
export interface GroupSummary {
  readonly episodes: number;
  readonly score: number | null;
  readonly turnCount: number | null;
}

/** The ground-truth-free ToolScan patterns counted on every trajectory (see `src/spec/diagnostics.ts`). */
export type DiagnosticPattern = 'IFN' | 'IAN' | 'IAT' | 'IFE' | 'RAC';

/** One occurrence of a diagnostic pattern: which tool call, on which message. */
export interface DiagnosticFinding {
  readonly pattern: DiagnosticPattern;
  /** Index of the offending tool-call message. */
  readonly messageIndex: number;
  readonly callId: string;
  /** The tool name the agent asked for (for IFN, a tool that does not exist). */
  readonly toolName: string;
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
}

export interface GraphOutline {
  readonly nodes: readonly { readonly id: string; readonly description?: string; readonly scored: boolean }[];
  readonly edges: readonly (readonly [string, string])[];
}

export type Role = 'system' | 'user' | 'agent' | 'executor';

export interface ToolError {
  readonly kind: string;
  readonly message: string;
  readonly hint?: string;
}

export type ToolOutcome =
  | { readonly type: 'result'; readonly value: unknown }
  | { readonly type: 'error'; readonly error: ToolError };

/** A message as stored in a trajectory. */
export type Message = {
  readonly index: number;
  readonly sender: Role;
  readonly recipient: Role;
  readonly visibleTo: readonly Role[];
  readonly seeded?: boolean;
} & (
  | { readonly type: 'text'; readonly text: string }
  | {
      readonly type: 'tool-call';
      readonly batch: number;
      readonly call: {
        readonly id: string;
        readonly name: string;
        readonly arguments: Readonly<Record<string, unknown>> | string;
      };
    }
  | {
      readonly type: 'tool-result';
      readonly batch: number;
      readonly callId: string;
      readonly toolName: string;
      readonly outcome: ToolOutcome;
    }
);

export interface TableDiff {
  readonly added: readonly Row[];
  readonly removed: readonly Row[];
  readonly changed: readonly {
    readonly key: CellValue;
    readonly before: Row;
    readonly after: Row;
    readonly columns: readonly string[];
  }[];
}

/** One episode with everything the viewer shows. */
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
}

export interface ReportData {
  readonly formatVersion: typeof REPORT_FORMAT_VERSION;
  readonly generatedAt: string;
  readonly runs: readonly ReportRun[];
  readonly episodes: readonly ReportEpisode[];
  /** Initial worlds by key: table name → rows. */
  readonly worlds: Readonly<Record<string, Readonly<Record<string, readonly Row[]>>>>;
  /**
   * Each world table's primary key column (table name → column): world diffs pair rows by it. Reports
   * written before this field existed lack it; the page then infers the key column from the diff.
   */
  readonly tablePrimaryKeys: Readonly<Record<string, string>>;
}
