import type { Labels, MetricValues } from '../spec/index.js';
import * as shape from './json-shape.js';
import type { ModelCallUsage } from './usage-meter.js';

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
});

/** Thrown when a stored row cannot be read: names the store, run and case. */
export class StoredRowError extends Error {
  override readonly name = 'StoredRowError';
}

function parseJson<T>(check: shape.Shape<T>, text: string, where: string, column: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new StoredRowError(`${where}: ${column} is not JSON (${error instanceof Error ? error.message : error})`);
  }
  try {
    return check(value, []);
  } catch (error) {
    if (!(error instanceof shape.ShapeError)) throw error;
    const place = [column, ...error.path].join('.');
    throw new StoredRowError(`${where}: ${place}: ${error.message}`);
  }
}

export const readLabels = (text: string, where: string): Labels => parseJson(labelsShape, text, where, 'labels');
export const readMetrics = (text: string, where: string): MetricValues =>
  parseJson(metricsShape, text, where, 'metrics');
export const readModelCalls = (text: string, where: string): ModelCallUsage[] =>
  parseJson(modelCallsShape, text, where, 'model_calls');
export const readConfig = (text: string, where: string): Record<string, unknown> =>
  parseJson(configShape, text, where, 'config');
export const readManifest = (text: string, where: string): RunManifest =>
  parseJson(manifestShape, text, where, 'manifest');
