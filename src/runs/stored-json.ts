import { z } from 'zod';
import type { Labels, MetricValues } from '../spec/index.js';
import type { ModelCallUsage } from './usage-meter.js';

const labelsSchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
const metricsSchema = z.record(z.string(), z.number().nullable());
const modelCallsSchema = z.array(
  z.object({
    model: z.string(),
    inputTokens: z.number(),
    outputTokens: z.number(),
    cached: z.boolean(),
    cost: z.number(),
    priced: z.boolean().default(true),
    failed: z.boolean().optional(),
  }),
);
const configSchema = z.record(z.string(), z.unknown());

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

const manifestSchema = z.object({
  toolgaugeVersion: z.string().optional(),
  benchmarks: z
    .record(z.string(), z.object({ caseSetHash: z.string(), caseCount: z.number(), source: z.string() }))
    .optional(),
  priceTableVersion: z.string().optional(),
  gitCommit: z.string().optional(),
  nodeVersion: z.string().optional(),
  agentModule: z.object({ path: z.string(), sha256: z.string() }).optional(),
  allowedChanges: z
    .array(z.object({ field: z.string(), stored: z.unknown(), now: z.unknown(), at: z.string() }))
    .optional(),
});

/** Thrown when a stored row cannot be read: names the store, run and case. */
export class StoredRowError extends Error {
  override readonly name = 'StoredRowError';
}

function parseJson<T>(schema: z.ZodType<T>, text: string, where: string, column: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new StoredRowError(`${where}: ${column} is not JSON (${error instanceof Error ? error.message : error})`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new StoredRowError(`${where}: ${column}.${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

export const readLabels = (text: string, where: string): Labels => parseJson(labelsSchema, text, where, 'labels');
export const readMetrics = (text: string, where: string): MetricValues =>
  parseJson(metricsSchema, text, where, 'metrics');
export const readModelCalls = (text: string, where: string): ModelCallUsage[] =>
  parseJson(modelCallsSchema, text, where, 'model_calls');
export const readConfig = (text: string, where: string): Record<string, unknown> =>
  parseJson(configSchema, text, where, 'config');
export const readManifest = (text: string, where: string): RunManifest =>
  parseJson(manifestSchema, text, where, 'manifest') as RunManifest;
