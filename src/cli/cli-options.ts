import { type Command, InvalidArgumentError, Option } from 'commander';
import {
  type BenchmarkDescriptor,
  benchmarkDescriptors,
  benchmarkIds,
  DEFAULT_BENCHMARK,
  hasBenchmark,
} from '../benchmarks/registry.js';
import type { BenchmarkOption } from '../spec/index.js';
import { benchmarkIdOf } from './benchmark-module-flag.js';

/**
 * The flags benchmarks add to commands, declared from the registry's descriptors: `--help` and flag
 * parsing need no benchmark loaded. (Resolving the values for the chosen benchmark is
 * `resolve-benchmark-options.ts`, used once a command runs.)
 */

export type BenchmarkCommand = BenchmarkOption['commands'][number];

/**
 * `--benchmark <id>` or `--benchmark module:<path>`: resolved through the registry (a module is registered
 * before parsing, see `benchmark-module-flag.ts`); an unknown id lists the registered ones.
 */
export function benchmarkOption(): Option {
  return new Option(
    '--benchmark <id>',
    `which benchmark: ${benchmarkIds().join(', ')}, or module:<file> for your own (its default export a Benchmark)`,
  )
    .default(DEFAULT_BENCHMARK)
    .argParser((given: string) => {
      const value = benchmarkIdOf(given);
      if (!hasBenchmark(value)) {
        throw new InvalidArgumentError(
          `unknown benchmark "${value}"; the registered benchmarks are: ${benchmarkIds().join(', ')}`,
        );
      }
      return value;
    });
}

/**
 * `--benchmark module:<file>` on a reading command: where the benchmark module of a run played with one
 * is now, when it has moved since (the run records where it was; that is read without the flag).
 */
export function movedModuleOption(): Option {
  return new Option(
    '--benchmark <module:path>',
    'for runs of a benchmark from a module that has moved since: module:<its new path>',
  ).argParser((value: string) => {
    if (!value.startsWith('module:')) {
      throw new InvalidArgumentError(`"${value}": give module:<path> (a built-in benchmark is found by itself)`);
    }
    return value;
  });
}

/** Every benchmark option a command accepts, with the benchmarks that declare it. */
export function optionsFor(
  command: BenchmarkCommand,
): Map<string, { option: BenchmarkOption; owners: BenchmarkDescriptor[] }> {
  const byFlag = new Map<string, { option: BenchmarkOption; owners: BenchmarkDescriptor[] }>();
  for (const benchmark of benchmarkDescriptors()) {
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
