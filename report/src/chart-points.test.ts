import { describe, expect, it } from 'vitest';
import type { ReportTable } from '../../src/report/report-data';
import { barAxisLabel, barPoints, scatterPoints } from './chart-points';

const bySubset: ReportTable = {
  id: 'results',
  title: 'Results by subset',
  columns: [
    { id: 'subset', title: 'Subset', format: 'text' },
    { id: 'precision', title: 'Precision', format: 'percent' },
    { id: 'recall', title: 'Recall', format: 'percent' },
  ],
  rows: [
    { subset: 'easy', precision: 0.5, recall: { value: 0.25, low: 0.1, high: 0.4 } },
    { subset: 'hard', precision: null, recall: 1 },
  ],
};

describe('bar chart points', () => {
  it('names bars by their row and run, shows percentages ×100 and leaves out empty cells', () => {
    const chart = {
      type: 'bars',
      title: 't',
      label: 'subset',
      bars: [{ column: 'precision' }, { column: 'recall' }],
    } as const;
    const one = barPoints(chart, [{ runId: 'a', table: bySubset }]);
    expect(one.map((point) => [barAxisLabel(point), point.value, point.colour])).toEqual([
      ['Precision · easy', 50, 'easy'],
      ['Recall · easy', 25, 'easy'],
      ['Recall · hard', 100, 'hard'],
    ]);
    const two = barPoints(chart, [
      { runId: 'a', table: bySubset },
      { runId: 'b', table: bySubset },
    ]);
    expect(two.map(barAxisLabel)).toContain('Recall · hard · b');
    // A run whose table has one row names it too when another run's has several.
    const easyOnly: ReportTable = { ...bySubset, rows: [bySubset.rows[0] ?? {}] };
    const mixed = barPoints(chart, [
      { runId: 'a', table: easyOnly },
      { runId: 'b', table: bySubset },
    ]);
    expect(mixed.map(barAxisLabel).slice(0, 2)).toEqual(['Precision · easy · a', 'Recall · easy · a']);
  });

  it('groups declared columns under their group with their series, and keeps only the declared rows', () => {
    const chart = {
      type: 'bars',
      title: 't',
      label: 'subset',
      rows: ['easy'],
      bars: [
        { column: 'precision', group: 'P', series: 'String' },
        { column: 'recall', group: 'P', series: 'JSON' },
      ],
    } as const;
    expect(
      barPoints(chart, [{ runId: 'a', table: bySubset }]).map((point) => [barAxisLabel(point), point.colour]),
    ).toEqual([
      ['P · String', 'String'],
      ['P · JSON', 'JSON'],
    ]);
  });
});

describe('scatter chart points', () => {
  it('places each row at its x and each y column, named by its label', () => {
    const table: ReportTable = {
      id: 's',
      title: 's',
      columns: [
        { id: 'env', title: 'Environment', format: 'text' },
        { id: 'similarity', title: 'Similarity', format: 'score' },
        { id: 'IAC', title: 'IAC', format: 'score' },
        { id: 'IAV', title: 'IAV', format: 'score' },
      ],
      rows: [{ env: 'movies', similarity: 0.2, IAC: 0.9, IAV: null }],
    };
    expect(
      scatterPoints({ type: 'scatter', title: 't', label: 'env', x: 'similarity', y: ['IAC', 'IAV'] }, [
        { runId: 'a', table },
      ]),
    ).toEqual([{ x: 0.2, y: 0.9, metric: 'IAC', label: 'movies' }]);
  });
});
