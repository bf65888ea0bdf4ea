import type { Labels, MetricValues } from '../../spec/index.js';
import type { ModelCallUsage } from '../pricing/usage-meter.js';
import * as shape from './json-shape.js';

// The store's JSON columns are checked by hand-written shapes, not zod: see `json-shape.ts`.
const labelsShape: shape.Shape<Labels> = shape.record(
  shape.either(shape.string, shape.array(shape.string), 'string or array of strings'),
);
const metricsShape: shape.Shape<MetricValues> = shape.record(shape.nullable(shape.number));
const modelCallsShape: shape.Shape<ModelCallUsage[]> = shape.array(
  shape.object<ModelCallUsage>({
    model: shape.string,
    inputTokens: shape.number,
    outputTokens: shape.number,
    cached: shape.boolean,
    cost: shape.number,
    priced: shape.withDefault(shape.boolean, true),
    failed: shape.optional(shape.boolean),
  }),
);
const configShape: shape.Shape<Record<string, unknown>> = shape.record(shape.unknown);

/** What a run was played with, so that two runs can be known comparable. */
export interface RunManifest {
  /** The toolgauge version that started the run. */
  readonly toolgaugeVersion?: string;
  /** Per benchmark: where its cases came from, how many were played and the hash of the case set. */
  readonly benchmarks?: Readonly<
    Record<string, { readonly caseSetHash: string; readonly caseCount: number; readonly source: string }>
  >;
  readonly priceTableVersion?: string;
  /** The commit of the toolgauge checkout that ran (`+dirty` with local changes); absent for a package. */
  readonly gitCommit?: string;
  readonly nodeVersion?: string;
  /** For `module:` agents: the module's absolute path and the SHA-256 of its file. */
  readonly agentModule?: { readonly path: string; readonly sha256: string };
  /** Setting changes accepted with `--allow-changed` on a resume, with when. */
  readonly allowedChanges?: readonly {
    readonly field: string;
    readonly stored: unknown;
    readonly now: unknown;
    readonly at: string;
  }[];
  /** For a run made by `toolgauge rescore`: the stored run whose trajectories it scored again, and when. */
  readonly rescoredFrom?: { readonly runId: string; readonly at: string };
}

const manifestShape: shape.Shape<RunManifest> = shape.object<RunManifest>({
  toolgaugeVersion: shape.optional(shape.string),
  benchmarks: shape.optional(
    shape.record(shape.object({ caseSetHash: shape.string, caseCount: shape.number, source: shape.string })),
  ),
  priceTableVersion: shape.optional(shape.string),
  gitCommit: shape.optional(shape.string),
  nodeVersion: shape.optional(shape.string),
  agentModule: shape.optional(shape.object({ path: shape.string, sha256: shape.string })),
  allowedChanges: shape.optional(
    shape.array(shape.object({ field: shape.string, stored: shape.unknown, now: shape.unknown, at: shape.string })),
  ),
  rescoredFrom: shape.optional(shape.object({ runId: shape.string, at: shape.string })),
});

/** Thrown when a stored row cannot be read: names the store, run and case. */
export class StoredRowError extends Error {
  override readonly name = 'StoredRowError';
}

/**
 * Parses a column and checks it. `quick` is a check written for the common case, without the paths a
 * shape keeps for its error: it returns the value as the shape would, or `undefined` when it is not sure,
 * and then the shape decides (and names where the value is wrong). `where` is built only for an error.
 */
function parseJson<T>(
  check: shape.Shape<T>,
  text: string,
  where: Where,
  column: string,
  quick?: (value: unknown) => T | undefined,
): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new StoredRowError(
      `${place(where)}: ${column} is not JSON (${error instanceof Error ? error.message : error})`,
    );
  }
  const quickly = quick?.(value);
  if (quickly !== undefined) return quickly;
  try {
    return check(value, []);
  } catch (error) {
    if (!(error instanceof shape.ShapeError)) throw error;
    const path = [column, ...error.path].join('.');
    throw new StoredRowError(`${place(where)}: ${path}: ${error.message}`);
  }
}

/** Where a column was read (store, run, case), or how to say it when an error needs it. */
export type Where = string | (() => string);

const place = (where: Where): string => (typeof where === 'string' ? where : where());

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !Object.hasOwn(value, '__proto__');
}

/** Labels as `labelsShape` returns them, when every value is a string or a list of strings. */
function quickLabels(value: unknown): Labels | undefined {
  if (!isPlainRecord(value)) return undefined;
  for (const key in value) {
    const label = value[key];
    if (typeof label === 'string') continue;
    if (!Array.isArray(label)) return undefined;
    for (const item of label) if (typeof item !== 'string') return undefined;
  }
  return value as Labels;
}

/** Metrics as `metricsShape` returns them, when every value is a finite number or null. */
function quickMetrics(value: unknown): MetricValues | undefined {
  if (!isPlainRecord(value)) return undefined;
  for (const key in value) {
    const metric = value[key];
    if (metric !== null && !(typeof metric === 'number' && Number.isFinite(metric))) return undefined;
  }
  return value as MetricValues;
}

/** Model calls as `modelCallsShape` returns them (fields in its order, `priced` defaulted), when all fit. */
function quickModelCalls(value: unknown): ModelCallUsage[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const calls: ModelCallUsage[] = [];
  for (const call of value) {
    if (!isPlainRecord(call)) return undefined;
    const { model, inputTokens, outputTokens, cached, cost, priced, failed } = call;
    if (
      typeof model !== 'string' ||
      !isFiniteNumber(inputTokens) ||
      !isFiniteNumber(outputTokens) ||
      typeof cached !== 'boolean' ||
      !isFiniteNumber(cost) ||
      (priced !== undefined && typeof priced !== 'boolean') ||
      (failed !== undefined && typeof failed !== 'boolean')
    ) {
      return undefined;
    }
    calls.push({
      model,
      inputTokens,
      outputTokens,
      cached,
      cost,
      priced: priced ?? true,
      ...(failed === undefined ? {} : { failed }),
    });
  }
  return calls;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export const readLabels = (text: string, where: Where): Labels =>
  parseJson(labelsShape, text, where, 'labels', quickLabels);
export const readMetrics = (text: string, where: Where): MetricValues =>
  parseJson(metricsShape, text, where, 'metrics', quickMetrics);
export const readModelCalls = (text: string, where: Where): ModelCallUsage[] =>
  parseJson(modelCallsShape, text, where, 'model_calls', quickModelCalls);
export const readConfig = (text: string, where: Where): Record<string, unknown> =>
  parseJson(configShape, text, where, 'config');
export const readManifest = (text: string, where: Where): RunManifest =>
  parseJson(manifestShape, text, where, 'manifest');
