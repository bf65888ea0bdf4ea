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
/** Value fields an episode may lack (written as null, left out when read). */
const OPTIONAL_FIELDS: ReadonlySet<string> = new Set(['diagnosticCount', 'toolErrors', 'page']);

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

/** A column's value reader, after checking its length and codes against the table's count. */
function columnReader(table: EpisodeTable, field: string): (position: number) => unknown {
  const column: unknown = table.columns[field];
  if (!isRecord(column)) throw new EpisodeTableError(`The episode table has no "${field}" column.`);
  if (Array.isArray(column.values)) {
    const values = column.values;
    if (values.length !== table.count) {
      throw new EpisodeTableError(
        `The episode table's "${field}" column has ${values.length} values, not ${table.count}.`,
      );
    }
    return (position) => values[position];
  }
  const { dictionary, codes } = column;
  if (!Array.isArray(dictionary) || !Array.isArray(codes) || codes.length !== table.count) {
    throw new EpisodeTableError(
      `The episode table's "${field}" column is neither values nor a dictionary of ${table.count} codes.`,
    );
  }
  for (const code of codes) {
    if (!Number.isInteger(code) || code < 0 || code >= dictionary.length) {
      throw new EpisodeTableError(`The episode table's "${field}" column has a code outside its dictionary.`);
    }
  }
  return (position) => dictionary[codes[position] as number];
}

/**
 * The episodes of a table, one object each, in table order. Episodes with a `page` also get their
 * `pagePosition` (the views of a page are in episode order). Repeated labels and categories are shared
 * between episodes, not copied.
 */
export function expandEpisodeTable(table: EpisodeTable): ReportEpisode[] {
  if (!isRecord(table) || !Number.isInteger(table.count) || !isRecord(table.columns) || !isRecord(table.metricValues)) {
    throw new EpisodeTableError('The episode table lacks "count", "columns" or "metricValues".');
  }
  const readers = new Map<string, (position: number) => unknown>();
  for (const field of [...DICTIONARY_FIELDS, ...VALUE_FIELDS]) readers.set(field, columnReader(table, field));
  const metricColumns = Object.entries(table.metricValues);
  const metricByName = new Map(metricColumns);
  for (const [metric, column] of metricColumns) {
    if (!Array.isArray(column) || column.length !== table.count) {
      throw new EpisodeTableError(`The episode table's "${metric}" metric column does not have ${table.count} values.`);
    }
  }
  const read = (field: string, position: number): unknown => readers.get(field)?.(position);
  const pageFill = new Map<number, number>();
  const episodes: ReportEpisode[] = new Array(table.count);
  for (let position = 0; position < table.count; position += 1) {
    const metrics: Record<string, number | null> = {};
    const keys = read('metricKeys', position);
    for (const metric of Array.isArray(keys) ? keys : []) {
      metrics[String(metric)] = (metricByName.get(String(metric))?.[position] as number | null | undefined) ?? null;
    }
    const episode: Record<string, unknown> = { metrics: metrics as MetricValues };
    for (const field of DICTIONARY_FIELDS) if (field !== 'metricKeys') episode[field] = read(field, position);
    for (const field of VALUE_FIELDS) {
      const value = read(field, position);
      if (value !== null || !OPTIONAL_FIELDS.has(field)) episode[field] = value;
    }
    if (typeof episode.page === 'number') {
      const filled = pageFill.get(episode.page) ?? 0;
      episode.pagePosition = filled;
      pageFill.set(episode.page, filled + 1);
    }
    episode.labels ??= {} satisfies Labels;
    episodes[position] = episode as unknown as ReportEpisode;
  }
  return episodes;
}
