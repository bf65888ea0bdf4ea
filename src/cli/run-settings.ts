import type { Command } from 'commander';
import { benchmarkModuleUrl } from '../benchmarks/registry.js';
import { storedEndpoint } from '../models/providers/endpoint.js';
import { type CacheMode, optionKey } from '../runs/index.js';
import type { AnyBenchmark, BenchmarkOptionValues } from '../spec/index.js';
import type { ConfigFile } from './config-file.js';
import { UsageError } from './usage-error.js';

/** The version of the settings stored with a run (2: any benchmark, `data` and its options). */
export const RUN_SETTINGS_FORMAT_VERSION = 2;

/**
 * Everything a run is configured with, as stored with the run (never secrets). The benchmark's own
 * options are stored beside these under their camel-cased flag (`--category` → `category`).
 */
export interface RunSettings {
  readonly formatVersion: number;
  readonly benchmark: string;
  /**
   * The absolute URL of the module the benchmark came from (`--benchmark module:<file>`), so that reading
   * the run later loads it again; absent for a built-in benchmark.
   */
  readonly benchmarkModule?: string;
  readonly agent: string;
  readonly user: string;
  /** The model an external agent (`command:`, `endpoint:`) is served on toolgauge's proxy (`--model`). */
  readonly model?: string;
  readonly baseUrl?: string;
  readonly userBaseUrl?: string;
  /** The user's case file or folder (`--data`, or `--scenarios` for the sandbox); absent: built-in. */
  readonly data?: string;
  /** Settings stored before format 2 named the sandbox's scenario folder here. */
  readonly scenarios?: string;
  readonly case?: string;
  readonly limit?: number;
  readonly trials: number;
  readonly temperature: number;
  readonly seed?: number;
  readonly maxTokens?: number;
  readonly maxMessages?: number;
  readonly cache: CacheMode;
  readonly maxCost?: number;
  readonly timeoutMs?: number;
  readonly embedder?: string;
  /** A `command:`/`endpoint:` agent's time limits in seconds, when given (stored so `--resume` keeps them). */
  readonly agentTurnTimeout?: number;
  readonly agentEpisodeTimeout?: number;
  readonly [benchmarkOption: string]: unknown;
}

/** The flags of `run` that are also settings, with their defaults. */
export interface RunFlags {
  benchmark: string;
  agent: string;
  user: string;
  userModel?: string;
  model?: string;
  baseUrl?: string;
  userBaseUrl?: string;
  data?: string;
  scenarios?: string;
  case?: string;
  limit?: number;
  trials: number;
  temperature: number;
  seed?: number;
  maxTokens?: number;
  maxMessages?: number;
  cache?: CacheMode | false;
  maxCost?: number;
  timeoutMs?: number;
  embedder?: string;
  agentTurnTimeout?: number;
  agentEpisodeTimeout?: number;
  concurrency: number;
  endpointConcurrency?: number;
  db: string;
}

const SETTING_KEYS = [
  'benchmark',
  'agent',
  'user',
  'model',
  'baseUrl',
  'userBaseUrl',
  'data',
  'scenarios',
  'case',
  'limit',
  'trials',
  'temperature',
  'seed',
  'maxTokens',
  'maxMessages',
  'maxCost',
  'timeoutMs',
  'embedder',
  'agentTurnTimeout',
  'agentEpisodeTimeout',
  'concurrency',
  'endpointConcurrency',
  'db',
] as const;

/**
 * Merges defaults, the config file and the command line, in that order of strength (a flag given on
 * the command line wins over the config file, which wins over a default).
 */
export function mergeRunFlags(command: Command, flags: RunFlags, config: ConfigFile): RunFlags {
  const merged: Record<string, unknown> = { ...flags };
  for (const key of SETTING_KEYS) {
    const fromCommandLine = command.getOptionValueSource(key) === 'cli';
    const configured = (config as Record<string, unknown>)[key];
    if (!fromCommandLine && configured !== undefined) merged[key] = configured;
  }
  if (command.getOptionValueSource('cache') !== 'cli' && config.cache) merged.cache = config.cache;
  if (flags.userModel) merged.user = flags.userModel;
  return merged as unknown as RunFlags;
}

/** The sampling temperatures every supported provider accepts (OpenAI and Gemini to 2, Anthropic to 1). */
export const TEMPERATURE_RANGE = { min: 0, max: 2 } as const;

/** @throws UsageError for a temperature no provider accepts (from a flag or the config file alike). */
export function checkTemperature(temperature: number): void {
  if (!(Number.isFinite(temperature) && temperature >= TEMPERATURE_RANGE.min && temperature <= TEMPERATURE_RANGE.max)) {
    throw new UsageError(
      `--temperature ${temperature} is out of range: use ${TEMPERATURE_RANGE.min} to ${TEMPERATURE_RANGE.max} (Anthropic models accept at most 1)`,
    );
  }
}

/** The settings stored with a run. The cache is on by default only at temperature 0. */
export function runSettings(flags: RunFlags, benchmark: AnyBenchmark, options: BenchmarkOptionValues): RunSettings {
  checkTemperature(flags.temperature);
  const cache: CacheMode = flags.cache === false ? 'off' : (flags.cache ?? (flags.temperature === 0 ? 'use' : 'off'));
  const benchmarkOptions = Object.fromEntries(
    benchmark.options
      .filter((option) => option.commands.includes('run'))
      .map((option) => [optionKey(option.flag), options[option.flag]]),
  );
  return dropUndefined({
    formatVersion: RUN_SETTINGS_FORMAT_VERSION,
    benchmark: benchmark.id,
    benchmarkModule: benchmarkModuleUrl(benchmark.id),
    agent: flags.agent,
    user: flags.user,
    model: flags.model,
    baseUrl: withoutSecrets(flags.baseUrl),
    userBaseUrl: withoutSecrets(flags.userBaseUrl),
    data: flags.data ?? flags.scenarios,
    case: flags.case,
    ...benchmarkOptions,
    limit: flags.limit,
    trials: flags.trials,
    temperature: flags.temperature,
    seed: flags.seed,
    maxTokens: flags.maxTokens,
    maxMessages: flags.maxMessages,
    cache,
    maxCost: flags.maxCost,
    timeoutMs: flags.timeoutMs,
    embedder: flags.embedder,
    agentTurnTimeout: flags.agentTurnTimeout,
    agentEpisodeTimeout: flags.agentEpisodeTimeout,
  }) as unknown as RunSettings;
}

/**
 * A URL as stored: normalised, without user, password or credential-like query values (each left as
 * `redacted`, so that a resume can tell something is missing; see `hasRedactedCredentials`).
 */
export function withoutSecrets(url: string | undefined): string | undefined {
  return url ? storedEndpoint(url) : undefined;
}

/** Differences between two stored settings, for the error when a run id is reused with other settings. */
export function settingsDifferences(stored: Readonly<Record<string, unknown>>, wanted: RunSettings): string[] {
  const keys = new Set([...Object.keys(stored), ...Object.keys(wanted)]);
  return [...keys]
    .filter((key) => JSON.stringify(stored[key]) !== JSON.stringify(wanted[key]))
    .map((key) => `${key}: stored ${JSON.stringify(stored[key])}, now ${JSON.stringify(wanted[key])}`);
}

function dropUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}
