import { z } from 'zod';
import { benchmarkDescriptors } from '../benchmarks/registry.js';
import { optionKey } from '../runs/index.js';
import { closestName } from './closest-name.js';

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

export const configFileSchema: z.ZodType<ConfigFile> = z
  .unknown()
  // Keys are checked on the input as written: parsing copies an object by assignment, which would turn a
  // `__proto__` key into a prototype and hide it from any check made afterwards.
  .superRefine((input, context) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return;
    const known = new Set(
      benchmarkDescriptors().flatMap((benchmark) => benchmark.options.map((option) => optionKey(option.flag))),
    );
    const names = [...Object.keys(settingsShape), ...known];
    // Own keys only: `key in settingsShape` would take `toString` or `__proto__` for a setting.
    for (const key of Object.keys(input)) {
      if (!Object.hasOwn(settingsShape, key) && !known.has(key)) {
        const near = closestName(key, names);
        const hint = near ? `; did you mean "${near}"?` : '';
        context.addIssue({ code: 'custom', path: [key], message: `unknown setting "${key}"${hint}` });
      }
    }
  })
  .pipe(settingsSchema.catchall(benchmarkOptionValue)) as unknown as z.ZodType<ConfigFile>;

/**
 * Types a config file written in TypeScript or JavaScript:
 * `export default defineConfig({ benchmark: '<id>', agent: 'openai:gpt-4o', trials: 3 })`.
 */
export function defineConfig(config: ConfigFile): ConfigFile {
  return config;
}
