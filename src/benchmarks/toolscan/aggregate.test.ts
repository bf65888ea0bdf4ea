import { describe, expect, it } from 'vitest';
import type { EpisodeSummary } from '../../spec/index.js';
import { aggregateToolscan } from './aggregate.js';

const episode = (
  caseId: string,
  environment: string,
  augmentation: string,
  metrics: Record<string, number | null>,
): EpisodeSummary => ({
  caseId,
  trial: 0,
  status: 'scored',
  labels: {
    environment,
    augmentation,
    set: augmentation === 'irrelevant-constraint' ? 'irrelevance' : 'main',
    ...(augmentation === 'irrelevant-constraint' ? { irrelevance: 'unrelated-request' } : {}),
  },
  metrics: { calls: 2, steps: 3, ...metrics },
});
const perfect = { success: 1, IAC: 1, RAC: 1, IAV: 1, IFE: 1, IAT: 1, IAN: 1, IFN: 1, call_precision: 1, no_IFN: 1 };

describe('ToolScan aggregate', () => {
  it('macro-averages Table 4 overall and per environment, leaving out patterns that do not apply', () => {
    const aggregate = aggregateToolscan(
      [
        episode('a', 'patents', 'constraint', perfect),
        episode('b', 'patents', 'irrelevant-constraint', {
          ...perfect,
          success: 0,
          IFN: 0.5,
          IAC: 0.5,
          call_precision: 0,
          no_IFN: 0,
        }),
        episode('c', 'movies', 'relevant-data', {
          success: 0,
          IAC: 0,
          IAV: null,
          RAC: null,
          IFE: null,
          IAT: null,
          IAN: null,
          IFN: null,
        }),
      ],
      { feedback: 'off', 'toolscan-output': 'json' },
    );
    expect(aggregate.headline).toBeCloseTo(1 / 3);
    expect(aggregate.metrics.IFN).toBeCloseTo(0.75);
    expect(aggregate.metrics.IAC).toBeCloseTo(0.5);
    const table4 = aggregate.tables.find((table) => table.id === 'table4');
    expect(table4?.columns.map((column) => column.title).slice(2)).toEqual([
      'Success Rate',
      'IAC',
      'Call precision',
      'RAC',
      'IAV',
      'IFE',
      'IAT',
      'IAN',
      'IFN',
    ]);
    expect(table4?.rows.map((row) => [row.group, row.episodes, row.success])).toEqual([
      ['all', 3, 1 / 3],
      ['patents', 2, 0.5],
      ['movies', 1, 0],
    ]);
    const augmentation = aggregate.tables.find((table) => table.id === 'augmentation');
    const irrelevant = augmentation?.rows.find((row) => row.group === 'irrelevant-constraint');
    expect(irrelevant?.IFN).toBe(0.5);
    expect(irrelevant?.no_IFN).toBe(0);
    expect(augmentation?.rows.find((row) => row.group === 'constraint')?.no_IFN).toBe(1);
    expect(augmentation?.rows.map((row) => row.group)).toContain('irrelevant-constraint: unrelated-request');
    expect(table4?.rows[0]?.call_precision).toBeCloseTo(0.5);
    const similarity = aggregate.tables.find((table) => table.id === 'api-similarity');
    expect(similarity?.rows.map((row) => row.group)).toEqual(['patents', 'movies']);
    expect(similarity?.rows[0]?.IAC).toBe(0.75);
    const conditions = aggregate.tables.find((table) => table.id === 'conditions');
    expect(conditions?.rows[0]).toMatchObject({ feedback: 'off', output: 'json', steps: 10, counting: 'paper' });
  });
});
