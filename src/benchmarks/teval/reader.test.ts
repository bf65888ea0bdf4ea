import { describe, expect, it } from 'vitest';
import { tevalAggregator } from './aggregator.js';
import { tevalBenchmark } from './index.js';
import { tevalReader } from './reader.js';

// `show` and `report` import the reader (or the aggregator) instead of the whole benchmark: what they
// declare must be what the benchmark declares, or a stored run would read differently from a played one.
describe('the T-Eval reader and aggregator', () => {
  it("declare the whole benchmark's own objects", () => {
    for (const [key, value] of Object.entries(tevalReader)) {
      expect(tevalBenchmark[key as keyof typeof tevalBenchmark], key).toBe(value);
    }
    for (const [key, value] of Object.entries(tevalAggregator)) {
      expect(tevalReader[key as keyof typeof tevalReader], key).toBe(value);
    }
    expect(Object.keys(tevalReader).sort()).toEqual(
      [
        'aggregate',
        'describeScoring',
        'description',
        'explain',
        'headline',
        'id',
        'loadRecordSchema',
        'labels',
        'metrics',
        'options',
        'parseRecord',
        'recordVersion',
        'title',
        'trajectories',
      ].sort(),
    );
  });

  it('refuses a malformed record naming the field', () => {
    expect(() => tevalReader.parseRecord({ formatVersion: 1, caseId: 7 })).toThrow(
      'not a T-Eval episode record: caseId:',
    );
  });
});
