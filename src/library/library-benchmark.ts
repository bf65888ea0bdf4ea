import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  BenchmarkModuleError,
  benchmarkModuleHref,
  checkedBenchmark,
  importBenchmarkModule,
  MODULE_PREFIX,
} from '../benchmarks/benchmark-module.js';
import { loadBenchmark, registerBenchmark } from '../benchmarks/registry.js';
import type { AnyBenchmark } from '../spec/index.js';

/**
 * How the library's calls name a benchmark, as the command line's `--benchmark` does: a registered id,
 * `module:<path or file URL>` (imported and registered by the command line's own loader, so that its runs
 * record the module's absolute URL), or a `Benchmark` object — with, optionally, the module it came from
 * (`benchmarkModule`), recorded with its runs the same way so that `toolgauge report` finds it later.
 */
export interface BenchmarkChoice {
  readonly benchmark: string | AnyBenchmark;
  /** The module a `Benchmark` object is the export of: a path (relative to the current folder) or file URL. */
  readonly benchmarkModule?: string | URL;
}

/** The benchmark a library call names, loaded (and registered, for a module or an object). */
export async function libraryBenchmark(choice: BenchmarkChoice, caller: string): Promise<AnyBenchmark> {
  const { benchmark, benchmarkModule } = choice;
  if (typeof benchmark === 'string') {
    if (benchmarkModule !== undefined) {
      throw new BenchmarkModuleError(
        `${caller}: benchmarkModule is for a Benchmark object; with benchmark "${benchmark}" give module:<path> as the benchmark instead`,
      );
    }
    if (!benchmark.startsWith(MODULE_PREFIX)) return loadBenchmark(benchmark);
    const specifier = benchmark.slice(MODULE_PREFIX.length);
    if (specifier === '')
      throw new BenchmarkModuleError(`${caller}: benchmark "module:" needs a path, e.g. module:./my-bench.mjs`);
    return importBenchmarkModule(specifier);
  }
  const checked = checkedBenchmark(benchmark, `the benchmark given to ${caller}`);
  registerBenchmark(
    checked,
    benchmarkModule === undefined ? undefined : await moduleOf(checked, benchmarkModule, caller),
  );
  return checked;
}

/**
 * The absolute URL of the module a benchmark object says it came from, once that module is found to
 * export a benchmark with the object's id (a URL recorded with runs must load their benchmark again).
 */
async function moduleOf(benchmark: AnyBenchmark, given: string | URL, caller: string): Promise<string> {
  const text = given instanceof URL ? given.href : String(given);
  if (text === '')
    throw new BenchmarkModuleError(`${caller}: benchmarkModule is empty; give the module's path or file URL`);
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) && !text.startsWith('file:') && !/^[a-z]:[\\/]/i.test(text)) {
    throw new BenchmarkModuleError(`${caller}: benchmarkModule ${text}: give a file path or a file: URL`);
  }
  const href = benchmarkModuleHref(text);
  const file = fileURLToPath(href);
  if (!existsSync(file)) throw new BenchmarkModuleError(`${caller}: benchmarkModule ${file}: no such file`);
  const exported = await importBenchmarkModule(href);
  if (exported.id !== benchmark.id) {
    throw new BenchmarkModuleError(
      `${caller}: benchmarkModule ${file} exports the "${exported.id}" benchmark, not "${benchmark.id}" (the benchmark given)`,
    );
  }
  return href;
}
