import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EpisodeSummary } from '../../spec/index.js';
import { sharedDataFile } from '../../testing/shared-data.js';
import { abilitiesFromColumns, aggregateTeval } from './teval-aggregate.js';
import { TABLE_ONE_COLUMNS, type TableOneColumn } from './teval-metrics.js';

/** Rows of the paper's Table 1 typed in: the eleven sub-scores, then the printed Overall. */
const TYPED_ROWS: readonly (readonly [string, readonly number[], number])[] = [
  ['Claude2', [97.7, 97.8, 87.1, 84.9, 62.9, 62.8, 76.5, 78.2, 74.9, 82.0, 70.4], 78.8],
  ['GPT-3.5', [94.1, 99.1, 86.6, 86.6, 65.2, 70.3, 98.3, 86.2, 82.9, 88.1, 75.6], 84.0],
  ['GPT-4', [96.7, 95.9, 88.9, 86.7, 65.6, 65.1, 91.3, 86.6, 83.2, 88.3, 94.5], 86.4],
  ['LLaMA2-7B', [68.7, 0.2, 47.0, 9.1, 37.1, 7.1, 30.3, 3.5, 36.8, 12.1, 38.6], 27.4],
  ['Qwen-72B', [27.8, 98.3, 85.1, 73.4, 63.5, 55.4, 76.8, 65.0, 84.5, 66.1, 80.3], 71.4],
];

function overallOf(subScores: readonly number[]): number | null {
  const columns: Partial<Record<TableOneColumn, number>> = {};
  TABLE_ONE_COLUMNS.forEach((column, index) => {
    columns[column] = subScores[index] as number;
  });
  return abilitiesFromColumns(columns).overall;
}

/** The rows of Table 1 in the paper's text: a model name and twelve tab-separated numbers. */
function paperRows(text: string): [string, number[], number][] {
  const rows: [string, number[], number][] = [];
  for (const line of text.split('\n')) {
    const cells = line.split('\t');
    if (cells.length !== 13) continue;
    const numbers = cells.slice(1).map((cell) => {
      const text = cell.replace(/<\/?u>|\*\*/g, '').trim();
      return text === '' ? Number.NaN : Number(text);
    });
    if (numbers.some((value) => Number.isNaN(value))) continue;
    rows.push([cells[0] as string, numbers.slice(0, 11), numbers[11] as number]);
  }
  return rows;
}

describe('Table 1 aggregation', () => {
  // Sub-scores are printed to 0.1, so a recomputed Overall can differ from the printed one by rounding only.
  it.each(TYPED_ROWS)('reproduces the Overall of %s', (_model, subScores, overall) => {
    expect(Math.abs((overallOf(subScores) ?? Number.NaN) - overall)).toBeLessThanOrEqual(0.05 + 1e-9);
  });

  const paper = sharedDataFile('../papers/teval-2312.14033.txt');
  it.skipIf(!paper)('reproduces the Overall of every model row of the paper text', () => {
    const rows = paperRows(readFileSync(paper as string, 'utf8'));
    expect(rows.length).toBe(20);
    for (const [model, subScores, overall] of rows) {
      expect(Math.abs((overallOf(subScores) ?? Number.NaN) - overall), model).toBeLessThanOrEqual(0.05 + 1e-9);
    }
  });

  const scores = sharedDataFile('teval/docs/scores.csv');
  it.skipIf(!scores || !existsSync(scores))('every leaderboard row: Overall is the mean of its six abilities', () => {
    const lines = readFileSync(scores as string, 'utf8')
      .trim()
      .split('\n')
      .slice(1);
    expect(lines.length).toBeGreaterThanOrEqual(20);
    for (const line of lines) {
      const [model, overall, ...abilities] = line.split(',').map((cell) => cell.trim());
      const six = abilities.slice(0, 6).map(Number);
      const mean = six.reduce((sum, value) => sum + value, 0) / 6;
      expect(Math.abs(mean - Number(overall)), model).toBeLessThanOrEqual(0.05 + 1e-9);
    }
  });

  it('aggregates episodes: columns are item means, abilities average formats, REVIEW stands alone', () => {
    const episode = (ability: string, metrics: Record<string, number>): EpisodeSummary => ({
      caseId: `${ability}-${Object.keys(metrics).join()}`,
      trial: 0,
      status: 'scored',
      metrics,
      labels: { ability },
    });
    const aggregate = aggregateTeval([
      episode('plan', { 'plan.json': 1 }),
      episode('plan', { 'plan.json': 0.5 }),
      episode('plan', { 'plan.string': 0.25 }),
      episode('review', { review: 1 }),
      episode('review', { review: 0 }),
    ]);
    expect(aggregate.metrics['plan.json']).toBe(0.75);
    expect(aggregate.metrics['plan.string']).toBe(0.25);
    // PLAN = (0.75 + 0.25) / 2 = 0.5, REVIEW = 0.5: Overall over the two abilities present.
    expect(aggregate.headline).toBe(0.5);
    const radar = aggregate.tables.find((table) => table.id === 'teval-abilities');
    expect(radar?.rows.find((row) => row.ability === 'PLAN')).toMatchObject({ score: 0.5, items: 3 });
    expect(aggregate.tables[0]?.note).toMatch(/Only 2 of the six/);
  });
});
