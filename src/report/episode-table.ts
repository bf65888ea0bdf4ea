/**
 * The episode summaries of a paged report as columns (`EpisodeTable`, format 4): written by
 * `writeHtmlReport` one episode at a time, read back into `ReportEpisode` objects by the page. A column
 * of 100,000 numbers parses many times faster than 100,000 objects repeating their field names, and
 * repetitive values (run ids, labels, categories…) are written once each.
 *
 * No Node imports: the report page bundles this file.
 */
import type { EpisodeColumn, EpisodeTable, Labels, MetricValues, ReportEpisode } from './report-data.js';

/** Fields written as a dictionary of distinct values and one index per episode. */
const DICTIONARY_FIELDS = [
  'runId',
  'benchmark',
  'caseId',
  'status',
  'error',
  'baseId',
  'scenarioId',
  'augmentation',
  'categories',
  'labels',
  'metricKeys',
] as const;
/** Fields written as plain values. */
const VALUE_FIELDS = [
  'trial',
  'score',
  'turnCount',
  'cost',
  'inputTokens',
  'outputTokens',
  'diagnosticCount',
  'toolErrors',
  'page',
] as const;

type DictionaryField = (typeof DICTIONARY_FIELDS)[number];
type ValueField = (typeof VALUE_FIELDS)[number];

interface DictionaryBuilder {
  readonly dictionary: unknown[];
  readonly codeOf: Map<unknown, number>;
  readonly codes: number[];
}

/** Collects episode summaries into columns; `table()` returns what the data element holds. */
export class EpisodeTableBuilder {
  private count = 0;
  private readonly dictionaries = new Map<DictionaryField, DictionaryBuilder>(
    DICTIONARY_FIELDS.map((field) => [field, { dictionary: [], codeOf: new Map(), codes: [] }]),
  );
  private readonly values = new Map<ValueField, unknown[]>(VALUE_FIELDS.map((field) => [field, []]));
  private readonly metricValues = new Map<string, (number | null)[]>();

  /** Adds one episode's summary (its views, if any, are not written). */
  add(episode: ReportEpisode): void {
    for (const field of DICTIONARY_FIELDS) {
      this.code(field, field === 'metricKeys' ? Object.keys(episode.metrics) : episode[field]);
    }
    // An optional field an episode lacks (`diagnosticCount`, `toolErrors`, `page`) is written as null.
    for (const field of VALUE_FIELDS) this.values.get(field)?.push(episode[field] ?? null);
    for (const [metric, value] of Object.entries(episode.metrics)) {
      let column = this.metricValues.get(metric);
      if (!column) {
        column = new Array<number | null>(this.count).fill(null);
        this.metricValues.set(metric, column);
      }
      column.push(value);
    }
    this.count += 1;
    for (const column of this.metricValues.values()) if (column.length < this.count) column.push(null);
  }

  private code(field: DictionaryField, value: unknown): void {
    const builder = this.dictionaries.get(field);
    if (!builder) return;
    const key = typeof value === 'object' && value !== null ? JSON.stringify(value) : value;
    let code = builder.codeOf.get(key);
    if (code === undefined) {
      code = builder.dictionary.length;
      builder.dictionary.push(value);
      builder.codeOf.set(key, code);
    }
    builder.codes.push(code);
  }

  get size(): number {
    return this.count;
  }

  table(): EpisodeTable {
    const columns: Record<string, EpisodeColumn> = {};
    for (const [field, { dictionary, codes }] of this.dictionaries) columns[field] = { dictionary, codes };
    for (const [field, values] of this.values) columns[field] = { values };
    return { count: this.count, columns, metricValues: Object.fromEntries(this.metricValues) };
  }
}

/** Why an episode table cannot be read. */
export class EpisodeTableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EpisodeTableError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Throws unless `field` is a column of `table.count` values, or of as many codes into its dictionary. */
function checkColumn(table: EpisodeTable, field: string): void {
  const column: unknown = table.columns[field];
  if (!isRecord(column)) throw new EpisodeTableError(`The episode table has no "${field}" column.`);
  if (Array.isArray(column.values)) {
    if (column.values.length !== table.count) {
      throw new EpisodeTableError(
        `The episode table's "${field}" column has ${column.values.length} values, not ${table.count}.`,
      );
    }
    return;
  }
  const { dictionary, codes } = column;
  if (!Array.isArray(dictionary) || !Array.isArray(codes) || codes.length !== table.count) {
    throw new EpisodeTableError(
      `The episode table's "${field}" column is neither values nor a dictionary of ${table.count} codes.`,
    );
  }
  for (const code of codes) {
    if (typeof code !== 'number' || !Number.isInteger(code) || code < 0 || code >= dictionary.length) {
      throw new EpisodeTableError(`The episode table's "${field}" column has a code outside its dictionary.`);
    }
  }
}

/** A column's values, one per episode (a dictionary column looked up); the table is checked already. */
export function episodeColumn(table: EpisodeTable, field: string): readonly unknown[] {
  const column = table.columns[field];
  if (!column) return [];
  if ('values' in column) return column.values;
  const { dictionary, codes } = column;
  return codes.map((code) => dictionary[code]);
}

/** The distinct values of a column, without reading it episode by episode when it is a dictionary. */
export function distinctColumnValues(table: EpisodeTable, field: string): readonly unknown[] {
  const column = table.columns[field];
  if (!column) return [];
  return 'values' in column ? [...new Set(column.values)] : column.dictionary;
}

/**
 * Checks a table crossed a file boundary intact: its count, every column's length and codes, and the
 * types of the identifying columns (run, benchmark, case, trial). Cheap: nothing is built.
 */
export function checkEpisodeTable(table: unknown): asserts table is EpisodeTable {
  if (!isRecord(table) || !Number.isInteger(table.count) || !isRecord(table.columns) || !isRecord(table.metricValues)) {
    throw new EpisodeTableError('The episode table lacks "count", "columns" or "metricValues".');
  }
  const checked = table as unknown as EpisodeTable;
  for (const field of [...DICTIONARY_FIELDS, ...VALUE_FIELDS]) checkColumn(checked, field);
  for (const [metric, column] of Object.entries(table.metricValues)) {
    if (!Array.isArray(column) || column.length !== table.count) {
      throw new EpisodeTableError(`The episode table's "${metric}" metric column does not have ${table.count} values.`);
    }
  }
  const identifying = { runId: 'string', benchmark: 'string', caseId: 'string', trial: 'number' } as const;
  for (const [field, type] of Object.entries(identifying)) {
    for (const value of distinctColumnValues(checked, field)) {
      if (typeof value !== type)
        throw new EpisodeTableError(`The episode table's "${field}" column has a non-${type}.`);
    }
  }
}

/**
 * The episodes of a table, one object each, in table order. Episodes with a `page` also get their
 * `pagePosition` (the views of a page are in episode order). Repeated labels and categories are shared
 * between episodes, not copied. Fields an episode lacks are present as `undefined`: every episode has
 * the same shape, which keeps 100,000 of them fast to make and to read.
 */
export function expandEpisodeTable(table: EpisodeTable): ReportEpisode[] {
  checkEpisodeTable(table);
  const metricColumns = new Map<string, readonly unknown[]>(Object.entries(table.metricValues));
  const [runId, benchmark, caseId, status, error, baseId, scenarioId, augmentation, categories, labels, metricKeys] =
    DICTIONARY_FIELDS.map((field) => episodeColumn(table, field));
  const [trial, score, turnCount, cost, inputTokens, outputTokens, diagnosticCount, toolErrors, page] =
    VALUE_FIELDS.map((field) => episodeColumn(table, field));
  const optional = (values: readonly unknown[] | undefined, position: number) => values?.[position] ?? undefined;
  const pageFill: number[] = [];
  const episodes: ReportEpisode[] = new Array(table.count);
  for (let position = 0; position < table.count; position += 1) {
    const metrics: Record<string, number | null> = {};
    const keys = metricKeys?.[position];
    if (Array.isArray(keys)) {
      for (const metric of keys) {
        metrics[String(metric)] = (metricColumns.get(String(metric))?.[position] as number | null | undefined) ?? null;
      }
    }
    const onPage = page?.[position];
    let pagePosition: number | undefined;
    if (typeof onPage === 'number') {
      pagePosition = pageFill[onPage] ?? 0;
      pageFill[onPage] = pagePosition + 1;
    }
    episodes[position] = {
      runId: runId?.[position],
      caseId: caseId?.[position],
      trial: trial?.[position],
      status: status?.[position],
      score: score?.[position],
      turnCount: turnCount?.[position],
      error: error?.[position],
      cost: cost?.[position],
      inputTokens: inputTokens?.[position],
      outputTokens: outputTokens?.[position],
      baseId: baseId?.[position],
      scenarioId: scenarioId?.[position],
      augmentation: augmentation?.[position],
      categories: categories?.[position],
      benchmark: benchmark?.[position],
      metrics: metrics as MetricValues,
      labels: (labels?.[position] ?? {}) as Labels,
      diagnosticCount: optional(diagnosticCount, position),
      toolErrors: optional(toolErrors, position),
      page: onPage ?? undefined,
      pagePosition,
    } as ReportEpisode;
  }
  return episodes;
}
