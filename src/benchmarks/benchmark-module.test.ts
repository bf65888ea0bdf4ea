import { describe, expect, it } from 'vitest';
import { benchmarkModuleSpecifiers } from '../cli/benchmark-module-flag.js';
import type { AnyBenchmark } from '../spec/index.js';
import { BenchmarkModuleError, checkedBenchmark } from './benchmark-module.js';
import { exampleBenchmark } from './example/index.js';
import { benchmarkIdOfModule, benchmarkModuleUrl, hasBenchmark, loadBenchmark, registerBenchmark } from './registry.js';

/** The test-only example benchmark under another id: a benchmark from outside, as far as the registry knows. */
const outside: AnyBenchmark = { ...exampleBenchmark, id: 'outside-example', title: 'Outside' };

describe('benchmarks from outside the repository', () => {
  it('accepts a whole benchmark and names the file and the first missing or wrong field otherwise', () => {
    expect(checkedBenchmark(outside, 'x.mjs: its export')).toBe(outside);
    const without = (field: string) => Object.fromEntries(Object.entries(outside).filter(([key]) => key !== field));
    expect(() => checkedBenchmark(without('play'), 'x.mjs: its export')).toThrow(
      'x.mjs: its export is not a Benchmark: play is missing (a function)',
    );
    expect(() => checkedBenchmark({ ...outside, metrics: {} }, 'x.mjs: its export')).toThrow(
      'metrics must be a list, not an object',
    );
    expect(() => checkedBenchmark({ ...outside, headline: 'nope' }, 'x.mjs: its export')).toThrow(
      'headline "nope" is not one of its metrics\' ids',
    );
    expect(() => checkedBenchmark({ ...outside, id: 'Has Spaces' }, 'x.mjs: its export')).toThrow(/^.*id "Has Spaces"/);
    expect(() => checkedBenchmark(() => 1, 'x.mjs: its export')).toThrow(BenchmarkModuleError);
  });

  it('registers one under its id, with the module it came from, and refuses a built-in id', async () => {
    registerBenchmark(outside, 'file:///somewhere/outside.mjs');
    expect(hasBenchmark('outside-example')).toBe(true);
    expect(await loadBenchmark('outside-example')).toBe(outside);
    expect(benchmarkModuleUrl('outside-example')).toBe('file:///somewhere/outside.mjs');
    expect(benchmarkIdOfModule('file:///somewhere/outside.mjs')).toBe('outside-example');
    expect(() => registerBenchmark({ ...outside, id: 'sandbox' }, 'file:///x.mjs')).toThrow(
      'file:///x.mjs: its id "sandbox" is a built-in benchmark\'s (ToolSandbox); give it another id',
    );
  });

  it('finds every --benchmark module: in a command line before it is parsed', () => {
    expect(
      benchmarkModuleSpecifiers(['run', '--benchmark', 'module:./a.mjs', '--agent', 'module:./agent.mjs']),
    ).toEqual(['./a.mjs']);
    expect(benchmarkModuleSpecifiers(['report', 'r1', '--benchmark=module:b.mjs'])).toEqual(['b.mjs']);
    expect(
      benchmarkModuleSpecifiers(['serve-reference', '--benchmark', 'sandbox', 'module:c.mjs', '--port', '0']),
    ).toEqual(['c.mjs']);
    expect(benchmarkModuleSpecifiers(['run', '--benchmark', 'sandbox'])).toEqual([]);
    expect(benchmarkModuleSpecifiers(['run', '--', '--benchmark', 'module:d.mjs'])).toEqual([]);
  });
});
