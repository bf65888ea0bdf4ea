import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AnyBenchmark } from '../spec/index.js';
import { BENCHMARK_CATALOG } from './catalog.js';
import {
  BENCHMARK_MODULES,
  benchmarkDescriptors,
  benchmarkIds,
  getBenchmark,
  getBenchmarkReader,
  loadBenchmark,
  loadBenchmarkReader,
  UnknownBenchmarkError,
} from './registry.js';

const CATALOG_FILE = fileURLToPath(new URL('./catalog.ts', import.meta.url));

/** Every benchmark toolgauge has (test ones included, whatever TOOLGAUGE_TEST_BENCHMARKS says), in catalog order. */
async function everyBenchmark(): Promise<AnyBenchmark[]> {
  const benchmarks = await Promise.all(Object.values(BENCHMARK_MODULES).map((load) => load()));
  return [
    ...benchmarks.filter((benchmark) => !benchmark.hidden),
    ...benchmarks.filter((benchmark) => benchmark.hidden),
  ];
}

/** What `catalog.ts` should hold: each benchmark's id, title, hidden and simulated-user flags and options (as JSON data). */
function catalogEntries(benchmarks: readonly AnyBenchmark[]): unknown[] {
  return benchmarks.map((benchmark) => ({
    id: benchmark.id,
    title: benchmark.title,
    ...(benchmark.hidden ? { hidden: true } : {}),
    ...(benchmark.simulatedUser ? { simulatedUser: true } : {}),
    options: JSON.parse(JSON.stringify(benchmark.options)),
  }));
}

function catalogSource(entries: readonly unknown[]): string {
  return [
    '// Written by `TOOLGAUGE_WRITE_CATALOG=1 npx vitest run src/benchmarks/registry.test.ts` (then biome format);',
    '// do not edit.',
    '/**',
    " * Each registered benchmark's id, title and options, as its module declares them: what the command line",
    " * needs (`--help`, flag parsing) without importing the benchmark. The registry's test keeps it equal to",
    ' * the benchmarks themselves.',
    ' */',
    "import type { BenchmarkDescriptor } from './registry.js';",
    '',
    `export const BENCHMARK_CATALOG: readonly BenchmarkDescriptor[] = ${JSON.stringify(entries, null, 2)};`,
    '',
  ].join('\n');
}

describe('benchmark registry', () => {
  it('finds registered benchmarks by id and names them all for an unknown one', async () => {
    expect(benchmarkIds()).toContain('sandbox');
    const sandbox = getBenchmark('sandbox');
    expect(sandbox.title).toBe('ToolSandbox');
    expect(await loadBenchmark('sandbox')).toBe(sandbox);
    expect(sandbox.metrics.map((metric) => metric.id)).toContain(sandbox.headline);
    expect(sandbox.agents.map((agent) => agent.name)).toContain('oracle');
    expect(() => getBenchmark('nope')).toThrow(UnknownBenchmarkError);
    expect(() => getBenchmark('nope')).toThrow(
      `unknown benchmark "nope"; the registered benchmarks are: ${benchmarkIds().join(', ')}`,
    );
    await expect(loadBenchmark('nope')).rejects.toThrow(UnknownBenchmarkError);
  });

  it('gives every benchmark a unique id, a declared headline, and an oracle', () => {
    const ids = benchmarkIds();
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      const benchmark = getBenchmark(id);
      expect(benchmark.metrics.some((metric) => metric.id === benchmark.headline)).toBe(true);
      expect(benchmark.agents.some((agent) => agent.name === 'oracle')).toBe(true);
    }
  });

  it("reads stored episodes through the sandbox's reader, the same functions its whole benchmark uses", async () => {
    const { sandboxReader } = await import('./sandbox/reader.js');
    const sandbox = getBenchmark('sandbox');
    for (const [key, value] of Object.entries(sandboxReader)) {
      expect(sandbox[key as keyof typeof sandbox], key).toBe(value);
    }
    // Once the whole benchmark is loaded it serves as its own reader.
    expect(await loadBenchmarkReader('sandbox')).toBe(sandbox);
    expect(getBenchmarkReader('tooltalk')).toBe(getBenchmark('tooltalk'));
  });

  it("describes each benchmark without loading it exactly as the benchmark's module does (catalog.ts)", async () => {
    const expected = catalogEntries(await everyBenchmark());
    if (process.env.TOOLGAUGE_WRITE_CATALOG === '1') writeFileSync(CATALOG_FILE, catalogSource(expected));
    expect(
      JSON.parse(JSON.stringify(BENCHMARK_CATALOG)),
      'catalog.ts is out of date: TOOLGAUGE_WRITE_CATALOG=1 npx vitest run src/benchmarks/registry.test.ts',
    ).toEqual(expected);
    // The registry serves the built-in ones (and the test ones only when asked for).
    expect(benchmarkDescriptors().map((descriptor) => descriptor.id)).toEqual(
      BENCHMARK_CATALOG.filter((entry) => !entry.hidden || process.env.TOOLGAUGE_TEST_BENCHMARKS === '1').map(
        (entry) => entry.id,
      ),
    );
  });
});
