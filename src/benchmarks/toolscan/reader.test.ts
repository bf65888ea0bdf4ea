import { describe, expect, it } from 'vitest';
import { TOOLSCAN_ENVIRONMENTS } from '../../domains/toolscan/index.js';
import { toolscanAggregator } from './aggregator.js';
import { toolscanBenchmark } from './benchmark.js';
import { TOOLSCAN_ENVIRONMENT_APIS } from './environment-apis.js';
import { toolscanReader } from './reader.js';

// Benchmarks are loaded only when asked for (this file has its own module graph).
const registry = await import('../registry.js');

describe("ToolScan's reader and aggregator (what `show` and `report` load)", () => {
  it("are the whole benchmark's declarations, aggregation and record, the same objects", () => {
    for (const [key, value] of Object.entries(toolscanReader)) {
      expect(toolscanBenchmark[key as keyof typeof toolscanBenchmark], key).toBe(value);
    }
    for (const [key, value] of Object.entries(toolscanAggregator)) {
      expect(toolscanReader[key as keyof typeof toolscanReader], key).toBe(value);
    }
    expect(Object.keys(toolscanReader).sort()).toEqual(
      [
        ...Object.keys(toolscanAggregator),
        'recordVersion',
        'parseRecord',
        'loadRecordSchema',
        'trajectories',
        'explain',
      ].sort(),
    );
  });

  it("snapshots the environments' ids and API names exactly (environment-apis.ts)", () => {
    expect(TOOLSCAN_ENVIRONMENT_APIS).toEqual(
      TOOLSCAN_ENVIRONMENTS.map((environment) => ({
        id: environment.id,
        apis: environment.tools.map((tool) => tool.name),
      })),
    );
  });

  it('is what the lazy registry hands out: the aggregator for reports, the reader for `show`', async () => {
    expect(await registry.loadBenchmarkAggregator('toolscan')).toBe(toolscanAggregator);
    expect(() => registry.getBenchmarkReader('toolscan')).toThrow(/not loaded yet/);
    expect(await registry.loadBenchmarkReader('toolscan')).toBe(toolscanReader);
    expect(registry.getBenchmarkAggregator('toolscan')).toBe(toolscanReader);
    expect(() => registry.getBenchmark('toolscan')).toThrow(/not loaded yet/);
  });
});
