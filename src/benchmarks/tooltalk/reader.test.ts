import { describe, expect, it } from 'vitest';
import { tooltalkAggregator } from './aggregator.js';
import { tooltalkBenchmark } from './index.js';
import { tooltalkReader } from './reader.js';

// That the built CLI's `show` prints through the reader what the whole benchmark prints, and loads none
// of the play path, is checked in src/cli/start-up-imports.test.ts.
describe("ToolTalk's reader and aggregator modules", () => {
  it("are the whole benchmark's declarations, aggregation and record: the same objects, declared once", () => {
    for (const [key, value] of Object.entries(tooltalkReader)) {
      expect(tooltalkBenchmark[key as keyof typeof tooltalkBenchmark], key).toBe(value);
    }
    for (const [key, value] of Object.entries(tooltalkAggregator)) {
      expect(tooltalkReader[key as keyof typeof tooltalkReader], key).toBe(value);
    }
  });
});
