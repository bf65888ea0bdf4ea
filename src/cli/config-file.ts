import { access, readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { allBenchmarks } from '../benchmarks/registry.js';
import { optionKey } from '../runs/index.js';

const benchmarkOptionValue = z.union([z.string(), z.boolean(), z.array(z.string())]);

/**
 * Everything `toolgauge run` flags can say, for `toolgauge.config.{ts,json,yaml}`. Flags win over it.
 * A benchmark's own options go under their camel-cased flag (`category: [state_dependency]`).
 */
const settingsShape = {
  benchmark: z.string().optional(),
  data: z.string().optional(),
  embedder: z.string().optional(),
  agent: z.string().optional(),
  user: z.string().optional(),
  baseUrl: z.string().url().optional(),
  userBaseUrl: z.string().url().optional(),
  scenarios: z.string().optional(),
  case: z.string().optional(),
  category: z.array(z.string()).optional(),
  augmentation: z.array(z.string()).optional(),
  limit: z.number().int().positive().optional(),
  trials: z.number().int().positive().optional(),
  concurrency: z.number().int().positive().optional(),
  endpointConcurrency: z.number().int().positive().optional(),
  maxCost: z.number().positive().optional(),
  cache: z.enum(['use', 'replay', 'off']).optional(),
  db: z.string().optional(),
  temperature: z.number().min(0).max(2).optional(),
  seed: z.number().int().optional(),
  maxTokens: z.number().int().positive().optional(),
  maxMessages: z.number().int().positive().optional(),
  timeoutMs: z.number().int().positive().optional(),
  prices: z
    .record(
      z.string(),
      z.object({ inputPerMillion: z.number().nonnegative(), outputPerMillion: z.number().nonnegative() }),
    )
    .optional(),
};

export const configFileSchema = z
  .object(settingsShape)
  .catchall(benchmarkOptionValue)
  .superRefine((config, context) => {
    const known = new Set(
      allBenchmarks().flatMap((benchmark) => benchmark.options.map((option) => optionKey(option.flag))),
    );
    for (const key of Object.keys(config)) {
      if (!(key in settingsShape) && !known.has(key)) {
        context.addIssue({ code: 'custom', path: [key], message: `unknown setting "${key}"` });
      }
    }
  });

export type ConfigFile = z.infer<typeof configFileSchema>;

/**
 * Types a config file written in TypeScript or JavaScript:
 * `export default defineConfig({ benchmark: 'sandbox', agent: 'openai:gpt-4o', trials: 3 })`.
 */
export function defineConfig(config: ConfigFile): ConfigFile {
  return config;
}

const DEFAULT_NAMES = ['toolgauge.config.ts', 'toolgauge.config.json', 'toolgauge.config.yaml', 'toolgauge.config.yml'];

/** Reads the config file given, or the first default name present in `cwd`; none is fine. */
export async function loadConfigFile(
  path: string | undefined,
  cwd = process.cwd(),
): Promise<{ file?: string; config: ConfigFile }> {
  const file = path ? resolve(cwd, path) : await firstExisting(DEFAULT_NAMES.map((name) => resolve(cwd, name)));
  if (!file) return { config: {} };
  let data: unknown;
  try {
    if (extname(file) === '.ts' || extname(file) === '.js' || extname(file) === '.mjs') {
      const module = (await import(pathToFileURL(file).href)) as { default?: unknown };
      data = module.default;
    } else {
      const text = await readFile(file, 'utf8');
      data = extname(file) === '.json' ? JSON.parse(text) : parseYaml(text);
    }
  } catch (error) {
    throw new Error(`${file}: cannot read the config: ${error instanceof Error ? error.message : String(error)}`);
  }
  const parsed = configFileSchema.safeParse(data ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(top)'}: ${issue.message}`);
    throw new Error(`${file}: ${problems.join('; ')}`);
  }
  return { file, config: parsed.data };
}

async function firstExisting(paths: readonly string[]): Promise<string | undefined> {
  for (const path of paths) {
    if (
      await access(path).then(
        () => true,
        () => false,
      )
    )
      return path;
  }
  return undefined;
}
