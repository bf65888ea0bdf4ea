import { describe, expect, it } from 'vitest';
import { sandboxAggregator } from './sandbox/aggregator.js';
import { sandboxReader } from './sandbox/reader.js';
import { tooltalkAggregator } from './tooltalk/aggregator.js';

// Importing the registry loads no benchmark: each is loaded when asked for (this file has its own module graph).
// The test-only benchmark too: every built-in one now has an aggregator module, and it has none.
process.env.TOOLGAUGE_TEST_BENCHMARKS = '1';
const registry = await import('./registry.js');

describe('the registry loads benchmarks lazily', () => {
  it('reports through the lightest part loaded: the aggregator, then the reader, then the benchmark', async () => {
    expect(() => registry.getBenchmark('sandbox')).toThrow(/not loaded yet/);
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
