import { type Command, InvalidArgumentError } from 'commander';
import { importBenchmarkModule, MODULE_PREFIX } from '../benchmarks/benchmark-module.js';
import { type BenchmarkDescriptor, benchmarkDescriptors, loadBenchmark } from '../benchmarks/registry.js';
import { optionKey } from '../runs/outputs/option-key.js';
import type { AnyBenchmark, BenchmarkOption, BenchmarkOptionValues } from '../spec/index.js';
import { asUsageError } from './benchmark-module-flag.js';
import { type BenchmarkCommand, optionsFor } from './cli-options.js';

/**
 * The chosen benchmark's option values: from the command line, else the config file, else the option's
 * default. A flag of another benchmark is refused, saying which benchmark it belongs to; a value outside
 * an option's choices is refused, listing them.
 */
export function resolveBenchmarkOptions(
  program: Command,
  benchmark: Pick<AnyBenchmark, 'id' | 'options'>,
  command: BenchmarkCommand,
  config: Readonly<Record<string, unknown>> = {},
): BenchmarkOptionValues {
  const given = program.opts() as Record<string, unknown>;
  for (const [flag, { owners }] of optionsFor(command)) {
    const key = optionKey(flag);
    const present = program.getOptionValueSource(key) === 'cli' || config[key] !== undefined;
    if (present && !owners.some((owner) => owner.id === benchmark.id)) {
      throw new InvalidArgumentError(
        `--${flag} belongs to the ${owners.map((owner) => owner.id).join(', ')} benchmark, not ${benchmark.id}`,
      );
    }
  }
  const values: Record<string, string | boolean | readonly string[] | undefined> = {};
  for (const option of benchmark.options) {
    if (!option.commands.includes(command)) continue;
    const key = optionKey(option.flag);
    const raw = program.getOptionValueSource(key) === 'cli' ? given[key] : (config[key] ?? given[key]);
    const value = checkedValue(option, raw, benchmark);
    values[option.flag] = value ?? option.default;
  }
  return values;
}

function checkedValue(
  option: BenchmarkOption,
  raw: unknown,
  benchmark: Pick<AnyBenchmark, 'id'>,
): string | boolean | readonly string[] | undefined {
  if (raw === undefined) return undefined;
  const wrong = (why: string) => new InvalidArgumentError(`--${option.flag} (${benchmark.id}): ${why}`);
  if (option.type === 'boolean') {
    if (typeof raw !== 'boolean') throw wrong(`expected a switch, got ${JSON.stringify(raw)}`);
    return raw;
  }
  const list = Array.isArray(raw) ? raw.map(String) : [String(raw)];
  for (const item of list) {
    if (option.choices && !option.choices.includes(item)) {
      throw wrong(`"${item}" is not one of ${option.choices.join(', ')}`);
    }
  }
  return option.multiple ? list : list[0];
}

/**
 * The benchmark a command names (after `benchmarkOption` checked it), loaded; a `module:<file>` value (from
 * a config file, which the flag's parser does not see) is imported.
 */
export async function chosenBenchmark(id: string): Promise<AnyBenchmark> {
  if (!id.startsWith(MODULE_PREFIX)) return loadBenchmark(id);
  return importBenchmarkModule(id.slice(MODULE_PREFIX.length)).catch((error: unknown) => {
    throw asUsageError(error);
  });
}

/** What is known of the benchmark a command names without loading it (its id and options). */
export function describedBenchmark(id: string): BenchmarkDescriptor {
  const found = benchmarkDescriptors().find((descriptor) => descriptor.id === id);
  if (!found) throw new Error(`unknown benchmark "${id}"`);
  return found;
}
