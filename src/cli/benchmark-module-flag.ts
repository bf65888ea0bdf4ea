import { InvalidArgumentError } from 'commander';
import {
  BenchmarkModuleError,
  benchmarkModuleHref,
  importBenchmarkModule,
  MODULE_PREFIX,
} from '../benchmarks/benchmark-module.js';
import { benchmarkIdOfModule } from '../benchmarks/registry.js';
import { UsageError } from './usage-error.js';

/**
 * `--benchmark module:./my-bench.mjs`: a benchmark from the user's own module. The module is imported
 * (and registered under its benchmark's id) before the command line is parsed, so that its options are
 * flags like a built-in benchmark's; the flag's value then stands for that id.
 */

/** The `module:` values of every `--benchmark` in `argv` (`--benchmark <v...>` and `--benchmark=<v>`). */
export function benchmarkModuleSpecifiers(argv: readonly string[]): string[] {
  const specifiers: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] as string;
    if (argument === '--') break;
    if (argument.startsWith('--benchmark=')) {
      specifiers.push(argument.slice('--benchmark='.length));
    } else if (argument === '--benchmark') {
      // `serve-reference --benchmark a b` takes several.
      for (let next = index + 1; next < argv.length && !(argv[next] as string).startsWith('-'); next += 1) {
        specifiers.push(argv[next] as string);
      }
    }
  }
  return specifiers
    .filter((value) => value.startsWith(MODULE_PREFIX))
    .map((value) => value.slice(MODULE_PREFIX.length));
}

/** Imports and registers every benchmark module `argv` names; a module that fails is a usage error. */
export async function registerBenchmarkModules(argv: readonly string[]): Promise<void> {
  for (const specifier of benchmarkModuleSpecifiers(argv)) {
    if (specifier === '') throw new UsageError('--benchmark module: needs a path, e.g. module:./my-bench.mjs');
    try {
      await importBenchmarkModule(specifier);
    } catch (error) {
      throw asUsageError(error);
    }
  }
}

/** A benchmark module that cannot be used is the caller's mistake: exit code 2, like any bad flag. */
export function asUsageError(error: unknown): unknown {
  if (error instanceof BenchmarkModuleError || (error instanceof Error && error.name === 'BenchmarkIdTakenError')) {
    return new UsageError(error.message);
  }
  return error;
}

/** The registered id a `--benchmark` value stands for: itself, or the id of the module it names. */
export function benchmarkIdOf(value: string): string {
  if (!value.startsWith(MODULE_PREFIX)) return value;
  const id = benchmarkIdOfModule(benchmarkModuleHref(value.slice(MODULE_PREFIX.length)));
  if (!id) throw new InvalidArgumentError(`${value}: the module was not loaded (give it as --benchmark ${value})`);
  return id;
}
