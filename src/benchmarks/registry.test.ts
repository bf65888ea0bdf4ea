import { describe, expect, it } from 'vitest';
import type { AnyBenchmark } from '../spec/index.js';
import {
  benchmarkDatasets,
  benchmarkDescriptors,
  benchmarkIds,
  builtInDeclarations,
  DEFAULT_BENCHMARK,
  getBenchmark,
  getBenchmarkReader,
  loadAllBenchmarks,
  loadBenchmark,
  loadBenchmarkReader,
  UnknownBenchmarkError,
} from './registry.js';

describe('benchmark registry', () => {
  it('finds registered benchmarks by id and names them all for an unknown one', async () => {
    expect(benchmarkIds()).toContain(DEFAULT_BENCHMARK);
    const sandbox = await loadBenchmark('sandbox');
    expect(getBenchmark('sandbox')).toBe(sandbox);
    expect(sandbox.title).toBe('ToolSandbox');
    expect(sandbox.metrics.map((metric) => metric.id)).toContain(sandbox.headline);
    expect(sandbox.agents.map((agent) => agent.name)).toContain('oracle');
    expect(() => getBenchmark('nope')).toThrow(UnknownBenchmarkError);
    expect(() => getBenchmark('nope')).toThrow(
      `unknown benchmark "nope"; the registered benchmarks are: ${benchmarkIds().join(', ')}`,
    );
    await expect(loadBenchmark('nope')).rejects.toThrow(UnknownBenchmarkError);
  });

  it('gives every benchmark a unique id, a declared headline, and an oracle', async () => {
    await loadAllBenchmarks();
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
    const sandbox = await loadBenchmark('sandbox');
    for (const [key, value] of Object.entries(sandboxReader)) {
      expect(sandbox[key as keyof typeof sandbox], key).toBe(value);
    }
    // Once the whole benchmark is loaded it serves as its own reader.
    expect(await loadBenchmarkReader('sandbox')).toBe(sandbox);
    expect(getBenchmarkReader('tooltalk')).toBe(await loadBenchmark('tooltalk'));
  });

  it("declares each benchmark (declaration.ts) exactly as the benchmark's module does", async () => {
    const declarations = builtInDeclarations();
    expect(declarations.map((declaration) => declaration.id)).toEqual([
      'sandbox',
      'tooltalk',
      'toolscan',
      'teval',
      'example',
    ]);
    for (const declaration of declarations) {
      const benchmark: AnyBenchmark = await declaration.load();
      const declared = (value: { id: string; title: string; hidden?: boolean; simulatedUser?: boolean }) => ({
        id: value.id,
        title: value.title,
        hidden: value.hidden ?? false,
        simulatedUser: value.simulatedUser ?? false,
      });
      expect(declared(declaration), declaration.id).toEqual(declared(benchmark));
      expect(JSON.parse(JSON.stringify(declaration.options)), declaration.id).toEqual(
        JSON.parse(JSON.stringify(benchmark.options)),
      );
      // Its lighter parts declare the same benchmark.
      for (const part of [await declaration.loadReader?.(), await declaration.loadAggregator?.()]) {
        if (!part) continue;
        expect([part.id, part.title, part.headline], declaration.id).toEqual([
          benchmark.id,
          benchmark.title,
          benchmark.headline,
        ]);
        expect(part.options, declaration.id).toEqual(benchmark.options);
      }
    }
    // The registry serves the built-in ones (and the test ones only when asked for).
    expect(benchmarkDescriptors().map((descriptor) => descriptor.id)).toEqual(
      declarations
        .filter((entry) => !entry.hidden || process.env.TOOLGAUGE_TEST_BENCHMARKS === '1')
        .map((entry) => entry.id),
    );
  });

  it('offers to `data pull` the datasets the benchmarks declare', () => {
    expect(benchmarkDatasets().map((dataset) => dataset.name)).toEqual(['tooltalk', 'teval']);
    for (const dataset of benchmarkDatasets()) {
      expect(dataset.use).toContain(`--benchmark ${dataset.name} `);
    }
  });
});
