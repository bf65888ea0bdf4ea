import { describe, expect, it } from 'vitest';
import { benchmarkIds, getBenchmark, UnknownBenchmarkError } from './registry.js';

describe('benchmark registry', () => {
  it('finds registered benchmarks by id and names them all for an unknown one', () => {
    expect(benchmarkIds()).toContain('sandbox');
    const sandbox = getBenchmark('sandbox');
    expect(sandbox.title).toBe('ToolSandbox');
    expect(sandbox.metrics.map((metric) => metric.id)).toContain(sandbox.headline);
    expect(sandbox.agents.map((agent) => agent.name)).toContain('oracle');
    expect(() => getBenchmark('nope')).toThrow(UnknownBenchmarkError);
    expect(() => getBenchmark('nope')).toThrow(
      `unknown benchmark "nope"; the registered benchmarks are: ${benchmarkIds().join(', ')}`,
    );
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
});
