import { z } from 'zod';
import { benchmarkDescriptors } from '../benchmarks/registry.js';
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

/** The settings every run has; a benchmark's own options come beside them. */
const settingsSchema = z.object(settingsShape);

/**
 * A config file: the run settings, plus each benchmark's own options under their camel-cased flag
 * (checked against the registered benchmarks when read, and by the chosen benchmark when a run starts).
 */
export type ConfigFile = z.infer<typeof settingsSchema> & {
  readonly [benchmarkOption: string]: string | boolean | readonly string[] | number | object | undefined;
};

export const configFileSchema: z.ZodType<ConfigFile> = settingsSchema
  .catchall(benchmarkOptionValue)
  .superRefine((config, context) => {
    const known = new Set(
      benchmarkDescriptors().flatMap((benchmark) => benchmark.options.map((option) => optionKey(option.flag))),
    );
    for (const key of Object.keys(config)) {
      if (!(key in settingsShape) && !known.has(key)) {
        context.addIssue({ code: 'custom', path: [key], message: `unknown setting "${key}"` });
      }
    }
  });

/**
 * Types a config file written in TypeScript or JavaScript:
 * `export default defineConfig({ benchmark: 'sandbox', agent: 'openai:gpt-4o', trials: 3 })`.
 */
export function defineConfig(config: ConfigFile): ConfigFile {
  return config;
}
