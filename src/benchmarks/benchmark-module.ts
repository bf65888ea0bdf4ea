import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyBenchmark } from '../spec/index.js';
import { hasBenchmark, loadBenchmark, registerBenchmark } from './registry.js';

/**
 * Benchmarks from outside the repository: a module (`--benchmark module:./my-bench.mjs`) whose default
 * export, or named export `benchmark`, is a `Benchmark` object (`src/spec/benchmark.ts`). Loading one
 * checks it and registers it (see `registerBenchmark`), so that every command then finds it by its id.
 */

/** The prefix of a `--benchmark` value that names a module instead of a registered id. */
export const MODULE_PREFIX = 'module:';

/** A benchmark module that cannot be loaded, or whose export is not a benchmark: a usage error. */
export class BenchmarkModuleError extends Error {
  override readonly name = 'BenchmarkModuleError';
}

/** The absolute file URL of a module path (relative to `cwd`) or file URL. */
export function benchmarkModuleHref(specifier: string, cwd = process.cwd()): string {
  if (specifier.startsWith('file:')) return new URL(specifier).href;
  return pathToFileURL(isAbsolute(specifier) ? specifier : resolve(cwd, specifier)).href;
}

const imported = new Map<string, Promise<AnyBenchmark>>();

/**
 * Imports the benchmark module at `specifier` (a path relative to `cwd`, or a file URL), checks its
 * export and registers it; returns the benchmark. Importing the same module twice returns the first.
 */
export function importBenchmarkModule(specifier: string, cwd = process.cwd()): Promise<AnyBenchmark> {
  const href = benchmarkModuleHref(specifier, cwd);
  let pending = imported.get(href);
  if (!pending) {
    pending = importChecked(href);
    imported.set(href, pending);
    pending.catch(() => imported.delete(href));
  }
  return pending;
}

async function importChecked(href: string): Promise<AnyBenchmark> {
  const file = fileURLToPath(href);
  if (!existsSync(file)) throw new BenchmarkModuleError(`benchmark module ${file}: no such file`);
  let module: Record<string, unknown>;
  try {
    module = (await import(href)) as Record<string, unknown>;
  } catch (error) {
    throw new BenchmarkModuleError(
      `benchmark module ${file}: cannot load it: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const exported = module.default ?? module.benchmark;
  if (exported === undefined) {
    throw new BenchmarkModuleError(
      `benchmark module ${file}: export a Benchmark object as its default export or as \`benchmark\``,
    );
  }
  const benchmark = checkedBenchmark(exported, `benchmark module ${file}: its export`);
  registerBenchmark(benchmark, href);
  return benchmark;
}

/** The fields every `Benchmark` must have, with what each must be. */
const REQUIRED: readonly (readonly [string, 'string' | 'number' | 'array' | 'function'])[] = [
  ['id', 'string'],
  ['title', 'string'],
  ['description', 'string'],
  ['recordVersion', 'number'],
  ['metrics', 'array'],
  ['headline', 'string'],
  ['labels', 'array'],
  ['options', 'array'],
  ['agents', 'array'],
  ['loadCases', 'function'],
  ['play', 'function'],
  ['aggregate', 'function'],
  ['parseRecord', 'function'],
  ['trajectories', 'function'],
];

const OPTIONAL_FUNCTIONS = [
  'expectedLength',
  'caseGroup',
  'rescore',
  'describeScoring',
  'loadRecordSchema',
  'prove',
  'summarizeProofs',
  'reference',
  'referencePlayer',
  'explain',
  'tools',
  'tablePrimaryKeys',
  'caseFileSchema',
  'needsEmbedder',
] as const;

/**
 * `value` if it has the shape of a `Benchmark` (what the rest of toolgauge relies on), else an error
 * naming `what` (e.g. `benchmark module /x/b.mjs: its export`) and the first missing or wrong field.
 */
export function checkedBenchmark(value: unknown, what: string): AnyBenchmark {
  const wrong = (field: string, why: string) => new BenchmarkModuleError(`${what} is not a Benchmark: ${field} ${why}`);
  if (typeof value !== 'object' || value === null) {
    throw new BenchmarkModuleError(`${what} is not a Benchmark: it is ${describe(value)}, not an object`);
  }
  const object = value as Record<string, unknown>;
  for (const [field, kind] of REQUIRED) {
    const actual = object[field];
    if (actual === undefined) throw wrong(field, `is missing (a ${kind === 'array' ? 'list' : kind})`);
    const ok = kind === 'array' ? Array.isArray(actual) : typeof actual === kind;
    if (!ok) throw wrong(field, `must be a ${kind === 'array' ? 'list' : kind}, not ${describe(actual)}`);
  }
  for (const field of OPTIONAL_FUNCTIONS) {
    if (object[field] !== undefined && typeof object[field] !== 'function') {
      throw wrong(field, `must be a function when given, not ${describe(object[field])}`);
    }
  }
  const id = object.id as string;
  if (!/^[a-z0-9][a-z0-9._-]*$/.test(id)) {
    throw wrong('id', `"${id}" must be lower-case letters, digits, ".", "_" or "-"`);
  }
  const metrics = object.metrics as unknown[];
  metrics.forEach((metric, index) => {
    const entry = metric as Record<string, unknown> | null;
    if (typeof entry?.id !== 'string') throw wrong(`metrics[${index}].id`, 'is missing (a string)');
    for (const key of ['title', 'description', 'direction', 'kind']) {
      if (typeof entry[key] !== 'string') throw wrong(`metrics[${index}].${key}`, 'is missing (a string)');
    }
  });
  if (!metrics.some((metric) => (metric as { id: string }).id === object.headline)) {
    throw wrong('headline', `"${String(object.headline)}" is not one of its metrics' ids`);
  }
  (object.labels as unknown[]).forEach((label, index) => {
    const entry = label as Record<string, unknown> | null;
    if (typeof entry?.id !== 'string' || typeof entry.title !== 'string') {
      throw wrong(`labels[${index}]`, 'must be { id, title } (strings)');
    }
  });
  (object.options as unknown[]).forEach((option, index) => {
    const entry = option as Record<string, unknown> | null;
    if (typeof entry?.flag !== 'string' || !Array.isArray(entry.commands)) {
      throw wrong(`options[${index}]`, 'must have a flag (a string) and commands (a list)');
    }
    if (entry.type !== 'string' && entry.type !== 'boolean') {
      throw wrong(`options[${index}].type`, 'must be "string" or "boolean"');
    }
  });
  (object.agents as unknown[]).forEach((agent, index) => {
    const entry = agent as Record<string, unknown> | null;
    if (typeof entry?.name !== 'string' || typeof entry.create !== 'function') {
      throw wrong(`agents[${index}]`, 'must have a name (a string) and a create function');
    }
  });
  return value as AnyBenchmark;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

/**
 * The benchmark a stored run was played with, loaded: a registered one by its id, else the module the run
 * recorded (`benchmarkModule` in its settings). A module that cannot be found any more is an error naming
 * the run, the recorded file and the flag that points at its new place.
 */
export async function loadRunBenchmark(
  runId: string,
  settings: Readonly<Record<string, unknown>>,
  fallbackId: string,
): Promise<AnyBenchmark> {
  await registerRunBenchmark(runId, settings);
  return loadBenchmark(String(settings.benchmark ?? fallbackId));
}

/**
 * Registers the benchmark module a stored run recorded, unless a benchmark with the run's id is
 * registered already (a built-in one, or one given with `--benchmark module:`, which overrides).
 */
export async function registerRunBenchmark(runId: string, settings: Readonly<Record<string, unknown>>): Promise<void> {
  const id = typeof settings.benchmark === 'string' ? settings.benchmark : undefined;
  const href = typeof settings.benchmarkModule === 'string' ? settings.benchmarkModule : undefined;
  if (!id || !href || hasBenchmark(id)) return;
  try {
    const benchmark = await importBenchmarkModule(href);
    if (benchmark.id !== id) {
      throw new BenchmarkModuleError(`the module's benchmark is "${benchmark.id}", not "${id}"`);
    }
  } catch (error) {
    const file = href.startsWith('file:') ? fileURLToPath(href) : href;
    const why = error instanceof Error ? error.message.replace(`benchmark module ${file}: `, '') : String(error);
    throw new BenchmarkModuleError(
      `run "${runId}" was played with the ${id} benchmark of the module ${file}, which cannot be loaded (${why}); if it moved, pass --benchmark module:<its new path>`,
    );
  }
}
