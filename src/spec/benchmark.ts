/**
 * The benchmark contract. A benchmark is cases + a protocol (how one episode is played) + scorers (named
 * metrics per episode, one of them the headline) + an aggregation (the tables its paper reports) + an
 * oracle. Runs, the store, reports, the CLI and the reference server know benchmarks only through this
 * file; `src/benchmarks/registry.ts` is the only module that imports concrete benchmarks.
 *
 * A new benchmark is a folder `src/benchmarks/<id>/` whose `index.ts` exports one `Benchmark` and whose
 * `declaration.ts` declares it (`BenchmarkDeclaration`), plus one entry in the registry; or, from outside
 * the repository, a module whose default export is a `Benchmark` (`--benchmark module:<file>`).
 */
import type { Embedder } from './embedder.js';
import type { ModelMessage } from './model.js';
import type { Agent, User } from './participant.js';
import type { ReferencePlayer } from './reference.js';
import type { ToolInfo, ToolSchema } from './tool.js';
import type { Trajectory } from './trajectory.js';

/** A label value reports group by: a string, or several (a case in several categories). */
export type LabelValue = string | readonly string[];
export type Labels = Readonly<Record<string, LabelValue>>;

/** One case of a benchmark. Each benchmark extends this with what its protocol needs. */
export interface BenchmarkCase {
  /** Unique within the benchmark and stable across versions of the data (it keys stored episodes). */
  readonly id: string;
  /** What reports group this case by (keys are the benchmark's declared label ids). */
  readonly labels: Labels;
}

/** A problem found while loading cases: the case (or file) is skipped, the rest load. */
export interface CaseProblem {
  /** The file the problem is in, as the user named it or relative to the data folder. */
  readonly file: string;
  /** A path into the file, e.g. `milestones[2].edges` or `conversation[3].apis[0].request`. */
  readonly field?: string;
  readonly caseId?: string;
  readonly message: string;
}

export interface LoadedCases<C extends BenchmarkCase> {
  readonly cases: readonly C[];
  readonly problems: readonly CaseProblem[];
  /**
   * A hash of everything in the case set that can change a score (ids, data, gold solutions), so two
   * runs can be known to have played the same cases. Hex SHA-256.
   */
  readonly caseSetHash: string;
  /** Where the cases came from: `built-in` or the path the user gave. */
  readonly source: string;
}

/** A flag a benchmark adds to commands. The value reaches the benchmark in {@link BenchmarkOptionValues}. */
export interface BenchmarkOption {
  /** The long flag without dashes, e.g. `teval-protocol`; shown as `--teval-protocol <value>`. */
  readonly flag: string;
  readonly description: string;
  /**
   * The commands that accept it. `rescore` marks an option that changes only how episodes are scored
   * (a scoring profile or mode): `toolgauge rescore` may change it without playing again.
   */
  readonly commands: readonly ('run' | 'list' | 'validate' | 'rescore')[];
  /** `string` takes a value; `boolean` is a switch. */
  readonly type: 'string' | 'boolean';
  /** A string option that takes several values (`--category a b`); its value is then a string array. */
  readonly multiple?: boolean;
  /** Allowed values of a string option. */
  readonly choices?: readonly string[];
  readonly default?: string | boolean;
}

/** Resolved option values by flag name (`teval-protocol`), defaults filled in. */
export type BenchmarkOptionValues = Readonly<Record<string, string | boolean | readonly string[] | undefined>>;

/** What a request to load cases says. */
export interface LoadCasesRequest {
  /** A user's file or folder (`--data`/`--scenarios`); absent for the built-in cases. */
  readonly source?: string;
  readonly options: BenchmarkOptionValues;
}

/** Whether a larger value of a metric is better. */
export type MetricDirection = 'higher' | 'lower';

/** A metric an episode is scored with. */
export interface MetricDefinition {
  /** Short id, e.g. `precision`, `IAC`, `plan.json`. */
  readonly id: string;
  readonly title: string;
  readonly description: string;
  readonly direction: MetricDirection;
  /**
   * `score`: a number in [0, 1] (shown as a score or a percentage); `count`: a whole number kept for
   * micro-averages (e.g. matched calls), shown but never a headline; `number`: anything else.
   */
  readonly kind: 'score' | 'count' | 'number';
}

/** An episode's metric values by metric id; null where the metric does not apply to the episode. */
export type MetricValues = Readonly<Record<string, number | null>>;

/** Services a benchmark may need while playing or scoring, made once per run by the run layer. */
export interface BenchmarkServices {
  /** The run's embedder (`--embedder`), made on first use and cached for the run. */
  embedder(): Promise<Embedder>;
}

/** Everything an episode is played with. */
export interface EpisodeInput<C extends BenchmarkCase> {
  readonly case: C;
  /** Trial number (0-based); part of the episode's seed. */
  readonly trial: number;
  readonly agent: Agent;
  /**
   * A simulated user made by the run (`--user <model>`), for benchmarks that have one; absent means the
   * benchmark's own default (a scripted user, or none).
   */
  readonly user?: User;
  readonly options: BenchmarkOptionValues;
  readonly services: BenchmarkServices;
  /** Caps on the episode's length; a benchmark records hitting one in its record. */
  readonly limits: { readonly maxMessages?: number };
  readonly signal: AbortSignal;
}

/** A stored episode to score again (see `Benchmark.rescore`). */
export interface RescoreInput<C extends BenchmarkCase, R> {
  readonly case: C;
  readonly trial: number;
  /** The stored record, as the benchmark's `parseRecord` read it. */
  readonly record: R;
  readonly options: BenchmarkOptionValues;
  readonly services: BenchmarkServices;
  readonly signal: AbortSignal;
}

/** How an episode ended, for the run. */
export type EpisodeStatus =
  /** It ran to an end the agent is accountable for; it has metrics. */
  | 'scored'
  /** Something outside the agent broke (provider outage after retries, a cache miss in replay mode): no fair score, a resume plays it again. */
  | 'failed';

/** One played and scored episode. */
export interface EpisodeResult<R = unknown> {
  readonly status: EpisodeStatus;
  /** Why a failed episode failed (redacted; never a secret). */
  readonly error?: string;
  /** A value for every declared metric (null where it does not apply). Empty when failed. */
  readonly metrics: MetricValues;
  /** Usually the case's labels, plus any the episode adds. */
  readonly labels: Labels;
  /** The benchmark's full record of the episode, stored as JSON and read back through `parseRecord`. */
  readonly record: R;
  /**
   * Objects inside `record`, each named by its path of keys (e.g. `['trajectory', 'initialWorld']`), that
   * repeat from episode to episode (the world an episode starts in): the store keeps each distinct one
   * once and the record reads back exactly as if stored whole. A path that leads nowhere is skipped. A
   * named object must not change afterwards (it is serialized once per process and remembered by identity).
   */
  readonly sharedParts?: readonly RecordPartPath[];
}

/** Where an object sits inside a record: its keys (and array positions) from the record down. */
export type RecordPartPath = readonly (string | number)[];

/** What aggregation and reports see of an episode (no record: reading records is for viewers). */
export interface EpisodeSummary {
  readonly caseId: string;
  readonly trial: number;
  readonly status: EpisodeStatus;
  readonly metrics: MetricValues;
  readonly labels: Labels;
}

/** A number with an interval around it (e.g. a mean with its 95% bootstrap interval). */
export interface IntervalCell {
  readonly value: number | null;
  readonly low: number | null;
  readonly high: number | null;
}

/** A table cell; null (or NaN) is shown as `–`, and a column whose every cell is null is left out. */
export type TableCell = string | number | IntervalCell | null;

/** A column of a report table: how a number is shown. */
export interface TableColumn {
  readonly id: string;
  readonly title: string;
  /** `score`: 0–1 shown with 3 decimals; `percent`: 0–1 shown ×100; `count`; `number`; `text`. */
  readonly format: 'score' | 'percent' | 'count' | 'number' | 'text';
  /** Decimals of a `number` (default 3) or `percent` (default 1) column. */
  readonly digits?: number;
  /** For numeric columns: whether higher is better (reports may colour by it). */
  readonly direction?: MetricDirection;
  /** Left out of a rendered table when none of its cells has a value (e.g. a category no case is in). */
  readonly optional?: boolean;
  /**
   * Consecutive columns of one group share a header above theirs, as a paper lays out e.g. an ability's
   * String and JSON scores; the HTML report then shows each title without the group's name in front of it
   * (the terminal prints the whole title).
   */
  readonly group?: string;
}

/** A table a benchmark reports, e.g. ToolSandbox's Table 5 or ToolTalk's Table 2. */
export interface ReportTable {
  readonly id: string;
  readonly title: string;
  readonly columns: readonly TableColumn[];
  /** One row per group; each maps column ids to cells. The first column usually names the group. */
  readonly rows: readonly Readonly<Record<string, TableCell>>[];
  /** A sentence under the table: what the numbers are and how they were averaged. */
  readonly note?: string;
  /** A chart the HTML report draws under the table (see {@link TableChart}). */
  readonly chart?: TableChart;
}

/**
 * A chart of a report table's cells, drawn by the HTML report under the table for every run that has it.
 * Charts name columns of their table; a benchmark declares what to plot, the report knows how.
 */
export type TableChart = TableRadarChart | TableBarChart | TableScatterChart;

/** One axis per row (named by the `label` column) with the `value` column's score in [0, 1], one polygon per run. */
export interface TableRadarChart {
  readonly type: 'radar';
  readonly label: string;
  readonly value: string;
}

/**
 * Grouped horizontal bars: one group per bar declaration's `group` (default: its column's title), in it one
 * bar per row (named by the `label` column, with the declaration's `series` before it) and run.
 * E.g. precision, recall and incorrect-action rate by subset: bars `precision`, `recall`,
 * `incorrect_action_rate`, label `subset`; a String and a JSON score per ability: one declaration per
 * column with `group` the ability and `series` the format.
 */
export interface TableBarChart {
  readonly type: 'bars';
  readonly title: string;
  readonly bars: readonly { readonly column: string; readonly group?: string; readonly series?: string }[];
  /** The column naming each row (absent: a run's rows are told apart by their position). */
  readonly label?: string;
  /** Only rows whose `label` cell is one of these (absent: every row). */
  readonly rows?: readonly string[];
}

/** One point per row and run at the `x` column's value (across) and each `y` column's (up), named by `label`. */
export interface TableScatterChart {
  readonly type: 'scatter';
  readonly title: string;
  readonly label: string;
  readonly x: string;
  readonly y: readonly string[];
}

/**
 * What a run's numbers are, for the line printed next to its tables: how the run was scored, and whether
 * its numbers can stand beside the paper's (and which table), or why not.
 */
export interface ScoringDescription {
  /** E.g. `scoring profile paper: ROUGE-L answers and equal milestone weights, as ToolSandbox`. */
  readonly summary: string;
  /** Comparable with the paper: which of its tables, and anything a reader must know (units). */
  readonly comparable?: { readonly with: string; readonly note?: string };
  /** Not comparable with the paper: why (absent when `comparable` is given). */
  readonly notComparable?: string;
}

/** What a benchmark is told to describe a run's scoring: its options and where its cases came from. */
export interface ScoringContext {
  readonly options: BenchmarkOptionValues;
  /** `built-in`, or the file or folder the cases were loaded from (`--data`). */
  readonly source: string;
}

/** A benchmark's aggregate of one run's scored episodes. */
export interface BenchmarkAggregate {
  /** The headline metric over the whole run, as the benchmark's paper computes it (micro or macro). */
  readonly headline: number | null;
  /** Every declared metric over the whole run, as the benchmark aggregates it. */
  readonly metrics: MetricValues;
  readonly tables: readonly ReportTable[];
}

/** An agent a benchmark provides by name (`--agent oracle`). */
export interface BuiltinAgentDefinition<C extends BenchmarkCase> {
  readonly name: string;
  readonly description: string;
  create(benchmarkCase: C, options: BenchmarkOptionValues): Agent;
}

/** One check of a case proof (`validate --prove`). */
export interface ProofCheck {
  readonly name: string;
  readonly ok: boolean;
  /** What was measured, e.g. `gold 1.000, wrong 0.333`. */
  readonly detail: string;
}

export interface CaseProof {
  readonly caseId: string;
  readonly checks: readonly ProofCheck[];
  /** Measurements the benchmark's `summarizeProofs` reads back (e.g. each trivial agent's score). */
  readonly figures?: Readonly<Record<string, number>>;
}

/**
 * How the reference server recognises a case in a wire request and plays its gold solution. The server
 * compares the request's leading messages with `prefix` and the tools it offers with `tools`; the oracle
 * agent is then asked for its turn given the request's messages, so it must decide from what it sees
 * (stateless), never from a counter of its own.
 */
export interface ReferenceCase {
  /** The messages the agent sees before its first turn, in model form (system prompt, first user text…). */
  readonly prefix: readonly ModelMessage[];
  readonly tools: readonly ToolSchema[];
}

export interface Benchmark<C extends BenchmarkCase = BenchmarkCase, R = unknown> {
  /** Short lower-case id used on the command line and in the store, e.g. `sandbox`, `tooltalk`. */
  readonly id: string;
  /** The paper's name, e.g. `ToolSandbox`. */
  readonly title: string;
  /** One sentence for `list benchmarks`. */
  readonly description: string;
  /** Left out of `list benchmarks` and the CLI's help (benchmarks used only by tests). */
  readonly hidden?: boolean;
  /** The version of this benchmark's episode record format; `parseRecord` refuses others. */
  readonly recordVersion: number;
  readonly metrics: readonly MetricDefinition[];
  /** The id of the metric a run is summarised and gated by. */
  readonly headline: string;
  /** The label ids cases carry, with titles, in the order reports group by them. */
  readonly labels: readonly { readonly id: string; readonly title: string }[];
  readonly options: readonly BenchmarkOption[];
  /** Built-in agents; every benchmark has `oracle` (plays the gold solution). */
  readonly agents: readonly BuiltinAgentDefinition<C>[];
  /**
   * What an LLM user simulator (`--user <model>`) is told first in this benchmark; its per-case briefing
   * comes from the episode's own messages. Absent: toolgauge's generic user instructions.
   */
  readonly userInstructions?: string;
  /**
   * Whether episodes have a simulated user that a model can play (`--user <model>`). Absent: its users are
   * not simulated (replayed turns, or none), so `--user <model>` is refused and `list runs` shows no user.
   */
  readonly simulatedUser?: boolean;
  /** Whether episodes need the run's embedder (the run checks it works before the first episode). */
  readonly needsEmbedder?: (options: BenchmarkOptionValues) => boolean;

  /**
   * Roughly how many model requests an episode of this case needs (e.g. its gold solution's turns), so a
   * run's first episodes start longest first; later runs and trials use the requests really made.
   * Absent, or undefined for a case: unknown.
   */
  expectedLength?(benchmarkCase: C, options: BenchmarkOptionValues): number | undefined;
  /**
   * Which cases share what playing one builds once per process (e.g. a scenario's world and tools, for
   * all its augmentations and paraphrases): a `--workers` run gives each process whole groups first, so
   * no two processes build the same thing. Absent: each case is its own group (its trials together).
   */
  caseGroup?(benchmarkCase: C): string;
  /** Loads the built-in cases or a user's; problems name file and field, and those cases are skipped. */
  loadCases(request: LoadCasesRequest): Promise<LoadedCases<C>>;
  /** Plays one episode and scores it. Throws only for bugs; model and tool failures are in the result. */
  play(input: EpisodeInput<C>): Promise<EpisodeResult<R>>;
  /**
   * Scores a stored episode again from its record, under the options given (those marked for
   * `rescore` may differ from the run's), without a model request: the result `play` would have
   * given with those options for the same trajectory. Absent: the benchmark's runs cannot be rescored.
   */
  rescore?(input: RescoreInput<C, R>): Promise<EpisodeResult<R>>;
  /** The run's tables from its scored episodes (failed ones are not passed). */
  aggregate(episodes: readonly EpisodeSummary[], options: BenchmarkOptionValues): BenchmarkAggregate;
  /**
   * How a run with these options and cases was scored, and whether its numbers are comparable with the
   * paper's: printed next to every table of the run. Absent: the report says nothing about it.
   */
  describeScoring?(context: ScoringContext): ScoringDescription;
  /** Validates a stored record (it is untrusted JSON); throws an error naming the field. */
  parseRecord(value: unknown): R;
  /**
   * For a reader (see {@link BenchmarkReader}) that checks the common record without its schema's
   * libraries and imports those only for a record that needs them (the sandbox's: zod, only for a record
   * its quick parse is not sure of): imports what `parseRecord(value)` needs. Absent: nothing to load.
   */
  loadRecordSchema?(value: unknown): Promise<void>;
  /** The trajectories an episode's record holds (one per replayed turn for ToolTalk; none for T-Eval). */
  trajectories(record: R): readonly Trajectory[];
  /** Proves a case both ways: gold scores perfectly, wrong answers score less. */
  prove?(
    benchmarkCase: C,
    context: { readonly options: BenchmarkOptionValues; readonly services: BenchmarkServices },
  ): Promise<CaseProof>;
  /** The corpus figures of the proofs `validate --prove` collected, one line each (printed after them). */
  summarizeProofs?(proofs: readonly CaseProof[]): readonly string[];
  /** For the reference server; absent when the benchmark has no model-facing oracle. */
  reference?(benchmarkCase: C, options: BenchmarkOptionValues): ReferenceCase;
  /**
   * A benchmark's own reference model for the reference server, when the generic one (which finds a case
   * by `reference` and asks the `oracle` agent for its turn) is not enough, e.g. ToolSandbox also plays
   * the simulated user. `sources` are the user's case files or folders (absent: built-in).
   */
  referencePlayer?(request: {
    readonly sources?: readonly string[];
    readonly options: BenchmarkOptionValues;
  }): Promise<ReferencePlayer>;
  /**
   * Tables that explain one episode's score, for `show` and the generic episode viewer (e.g. which
   * milestone matched which message). Absent: the metrics alone.
   */
  explain?(record: R): readonly ReportTable[];
  /** The tools the benchmark's agents may be shown (`list tools`); absent when it has none of its own. */
  tools?(): readonly ToolInfo[];
  /**
   * How the HTML report shows this benchmark: `world-timeline` draws each episode's one trajectory with
   * the world after every message and the milestone mapping (its record carries them, as ToolSandbox's
   * does), and gives its runs the category and augmentation leaderboard. Absent: the generic viewer
   * (trajectories, `explain` tables) and the declared tables only.
   */
  readonly reportView?: 'world-timeline';
  /** The primary-key column of each world table, for viewers that pair the rows of world changes. */
  tablePrimaryKeys?(): Readonly<Record<string, string>>;
  /** The JSON Schema of the benchmark's case files, for editors (`validate --schema`). */
  caseFileSchema?(): Readonly<Record<string, unknown>>;
}

/**
 * What reading a benchmark's stored episodes needs (run reports, `show`, `compare`): its declarations,
 * aggregation and record. A benchmark may also publish this part as a module of its own (see the
 * registry), so that reading a run does not import what playing one needs (domains, tools, protocol).
 */
export type BenchmarkReader<C extends BenchmarkCase = BenchmarkCase, R = unknown> = Pick<
  Benchmark<C, R>,
  | 'id'
  | 'title'
  | 'description'
  | 'hidden'
  | 'recordVersion'
  | 'metrics'
  | 'headline'
  | 'labels'
  | 'options'
  | 'aggregate'
  | 'describeScoring'
  | 'parseRecord'
  | 'loadRecordSchema'
  | 'trajectories'
  | 'explain'
>;

/**
 * What a report over stored episodes needs (`report`, `compare`): a benchmark's declarations and its
 * aggregation, without its record. A benchmark may publish it as a module of its own, lighter than its
 * reader (see the registry), so that reporting a run does not import the record's schemas and scoring.
 */
export type BenchmarkAggregator = Pick<
  BenchmarkReader,
  | 'id'
  | 'title'
  | 'description'
  | 'hidden'
  | 'metrics'
  | 'headline'
  | 'labels'
  | 'options'
  | 'aggregate'
  | 'describeScoring'
>;

/** A benchmark reader of unknown case and record types. */
// biome-ignore lint/suspicious/noExplicitAny: readers of every case type.
export type AnyBenchmarkReader = BenchmarkReader<any, any>;

/** A benchmark of unknown case and record types, as the registry holds them. */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds benchmarks of every case type.
export type AnyBenchmark = Benchmark<any, any>;
