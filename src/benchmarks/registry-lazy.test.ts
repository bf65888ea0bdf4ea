import { describe, expect, it } from 'vitest';
import { sandboxAggregator } from './sandbox/aggregator.js';
import { sandboxReader } from './sandbox/reader.js';
import { tooltalkAggregator } from './tooltalk/aggregator.js';

// As the command line does: benchmarks are loaded only when asked for (this file has its own module graph).
(globalThis as Record<symbol, unknown>)[Symbol.for('toolgauge.lazyBenchmarks')] = true;
// The test-only benchmark too: every built-in one now has an aggregator module, and it has none.
process.env.TOOLGAUGE_TEST_BENCHMARKS = '1';
const registry = await import('./registry.js');

describe('the registry with lazy benchmarks (the command line)', () => {
  it('reports through the lightest part loaded: the aggregator, then the reader, then the benchmark', async () => {
    expect(() => registry.getBenchmarkAggregator('sandbox')).toThrow(/not loaded yet/);
    // `report` loads only the aggregator: not the record's parsers or explanations that `show` needs.
    expect(await registry.loadBenchmarkAggregator('sandbox')).toBe(sandboxAggregator);
    expect(registry.getBenchmarkAggregator('sandbox')).toBe(sandboxAggregator);
    expect(() => registry.getBenchmarkReader('sandbox')).toThrow(/not loaded yet/);
    // `show` loads the reader, which then serves reports too.
    expect(await registry.loadBenchmarkReader('sandbox')).toBe(sandboxReader);
    expect(registry.getBenchmarkAggregator('sandbox')).toBe(sandboxReader);
    // ToolTalk's `report` loads its aggregator too.
    expect(await registry.loadBenchmarkAggregator('tooltalk')).toBe(tooltalkAggregator);
    // A benchmark without an aggregator module reports through its reader (here: the whole benchmark).
    const example = await registry.loadBenchmarkAggregator('example');
    expect(example).toBe(registry.getBenchmark('example'));
    await expect(registry.loadBenchmarkAggregator('nope')).rejects.toThrow(registry.UnknownBenchmarkError);
  });

  it("gives the sandbox's reader the aggregator's declarations and aggregation, unchanged", () => {
    for (const [key, value] of Object.entries(sandboxAggregator)) {
      expect(sandboxReader[key as keyof typeof sandboxReader], key).toBe(value);
    }
  });
});
