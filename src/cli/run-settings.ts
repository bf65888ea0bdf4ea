import type { Command } from 'commander';
import { describeEndpoint } from '../models/index.js';
import type { CacheMode } from '../runs/index.js';
import type { ConfigFile } from './config-file.js';
import { UsageError } from './usage-error.js';

/** Everything a run is configured with, as stored with the run (never secrets). */
export interface RunSettings {
  readonly formatVersion: 1;
  readonly benchmark: 'sandbox';
  readonly agent: string;
  readonly user: string;
  readonly baseUrl?: string;
  readonly userBaseUrl?: string;
  readonly scenarios?: string;
  readonly case?: string;
  readonly category?: readonly string[];
  readonly augmentation?: readonly string[];
  readonly limit?: number;
  readonly trials: number;
  readonly temperature: number;
  readonly seed?: number;
  readonly maxTokens?: number;
  readonly maxMessages?: number;
  readonly cache: CacheMode;
  readonly maxCost?: number;
  readonly timeoutMs?: number;
}

/** The flags of `run` that are also settings, with their defaults. */
export interface RunFlags {
  benchmark: 'sandbox';
  agent: string;
  user: string;
  userModel?: string;
  baseUrl?: string;
  userBaseUrl?: string;
  scenarios?: string;
  case?: string;
  category?: string[];
  augmentation?: string[];
  limit?: number;
  trials: number;
  temperature: number;
  seed?: number;
  maxTokens?: number;
  maxMessages?: number;
  cache?: CacheMode | false;
  maxCost?: number;
  timeoutMs?: number;
  concurrency: number;
  endpointConcurrency?: number;
  db: string;
}

const SETTING_KEYS = [
  'agent',
  'user',
  'baseUrl',
  'userBaseUrl',
  'scenarios',
  'case',
  'category',
  'augmentation',
  'limit',
  'trials',
  'temperature',
  'seed',
  'maxTokens',
  'maxMessages',
  'maxCost',
  'timeoutMs',
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
export function runSettings(flags: RunFlags): RunSettings {
  checkTemperature(flags.temperature);
  const cache: CacheMode = flags.cache === false ? 'off' : (flags.cache ?? (flags.temperature === 0 ? 'use' : 'off'));
  return dropUndefined({
    formatVersion: 1,
    benchmark: flags.benchmark,
    agent: flags.agent,
    user: flags.user,
    baseUrl: withoutSecrets(flags.baseUrl),
    userBaseUrl: withoutSecrets(flags.userBaseUrl),
    scenarios: flags.scenarios,
    case: flags.case,
    category: flags.category,
    augmentation: flags.augmentation,
    limit: flags.limit,
    trials: flags.trials,
    temperature: flags.temperature,
    seed: flags.seed,
    maxTokens: flags.maxTokens,
    maxMessages: flags.maxMessages,
    cache,
    maxCost: flags.maxCost,
    timeoutMs: flags.timeoutMs,
  }) as unknown as RunSettings;
}

/** A URL as stored: normalised, without user, password or credential-like query values. */
export function withoutSecrets(url: string | undefined): string | undefined {
  return url ? describeEndpoint(url) : undefined;
}

/** Differences between two stored settings, for the error when a run id is reused with other settings. */
export function settingsDifferences(stored: Readonly<Record<string, unknown>>, wanted: RunSettings): string[] {
  const keys = new Set([...Object.keys(stored), ...Object.keys(wanted)]);
  return [...keys]
    .filter(
      (key) => JSON.stringify(stored[key]) !== JSON.stringify((wanted as unknown as Record<string, unknown>)[key]),
    )
    .map(
      (key) =>
        `${key}: stored ${JSON.stringify(stored[key])}, now ${JSON.stringify((wanted as unknown as Record<string, unknown>)[key])}`,
    );
}

function dropUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}
