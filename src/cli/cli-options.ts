import { type Command, InvalidArgumentError, Option } from 'commander';
import { allBenchmarks, benchmarkIds, getBenchmark, hasBenchmark } from '../benchmarks/registry.js';
import { optionKey } from '../runs/index.js';
import type { AnyBenchmark, BenchmarkOption, BenchmarkOptionValues } from '../spec/index.js';

export type BenchmarkCommand = BenchmarkOption['commands'][number];

/** `--benchmark <id>`: resolved through the registry; an unknown id lists the registered ones. */
export function benchmarkOption(): Option {
  return new Option('--benchmark <id>', `which benchmark: ${benchmarkIds().join(', ')}`)
    .default('sandbox')
    .argParser((value: string) => {
      if (!hasBenchmark(value)) {
        throw new InvalidArgumentError(
          `unknown benchmark "${value}"; the registered benchmarks are: ${benchmarkIds().join(', ')}`,
        );
      }
      return value;
    });
}

/** Every benchmark option a command accepts, with the benchmarks that declare it. */
function optionsFor(command: BenchmarkCommand): Map<string, { option: BenchmarkOption; owners: AnyBenchmark[] }> {
  const byFlag = new Map<string, { option: BenchmarkOption; owners: AnyBenchmark[] }>();
  for (const benchmark of allBenchmarks()) {
    for (const option of benchmark.options) {
      if (!option.commands.includes(command)) continue;
      const entry = byFlag.get(option.flag) ?? { option, owners: [] };
      entry.owners.push(benchmark);
      byFlag.set(option.flag, entry);
    }
  }
  return byFlag;
}

/** Adds every benchmark's options for this command; help names the benchmark each belongs to. */
export function addBenchmarkOptions(program: Command, command: BenchmarkCommand): Command {
  for (const [flag, { option, owners }] of optionsFor(command)) {
    const value = option.type === 'boolean' ? '' : option.multiple ? ' <value...>' : ' <value>';
    const choices = option.choices ? ` (${option.choices.join(', ')})` : '';
    const entry = new Option(
      `--${flag}${value}`,
      `[${owners.map((owner) => owner.id).join(', ')}] ${option.description}${choices}`,
    );
    if (owners.every((owner) => owner.hidden)) entry.hideHelp();
    program.addOption(entry);
  }
  return program;
}

/**
 * The chosen benchmark's option values: from the command line, else the config file, else the option's
 * default. A flag of another benchmark is refused, saying which benchmark it belongs to; a value outside
 * an option's choices is refused, listing them.
 */
export function resolveBenchmarkOptions(
  program: Command,
  benchmark: AnyBenchmark,
  command: BenchmarkCommand,
  config: Readonly<Record<string, unknown>> = {},
): BenchmarkOptionValues {
  const given = program.opts() as Record<string, unknown>;
  for (const [flag, { owners }] of optionsFor(command)) {
    const key = optionKey(flag);
    const present = program.getOptionValueSource(key) === 'cli' || config[key] !== undefined;
    if (present && !owners.includes(benchmark)) {
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
  benchmark: AnyBenchmark,
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

/** The benchmark a command names (after `benchmarkOption` checked it). */
export function chosenBenchmark(id: string): AnyBenchmark {
  return getBenchmark(id);
}
