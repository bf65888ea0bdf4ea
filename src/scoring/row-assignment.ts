import { munkres } from 'munkres';
import type { Row } from '../spec/index.js';
import { type ColumnSimilarity, columnSimilarity } from './column-similarity.js';

/** Cost standing in for −log(0): large enough never to be chosen over a real match. */
const IMPOSSIBLE = 1e6;

/**
 * How similar a set of actual rows is to a set of target rows, in [0, 1] (ToolSandbox's snapshot
 * similarity). The two sets must have the same size; each target row is compared on its own columns
 * only, scored by the geometric mean of its column similarities; rows are paired by the assignment that
 * maximises the geometric mean of the paired rows' scores (Hungarian method on −log similarities). Any
 * pair scoring 0 makes the whole similarity 0.
 */
export function rowSetSimilarity(
  target: readonly Row[],
  actual: readonly Row[],
  measureOf: (column: string) => ColumnSimilarity,
): number {
  if (target.length !== actual.length) return 0;
  if (target.length === 0) return 1;
  const scores = target.map((targetRow) => actual.map((actualRow) => rowSimilarity(targetRow, actualRow, measureOf)));
  if (target.length === 1) return scores[0]?.[0] ?? 0;
  const costs = scores.map((row) => row.map((score) => (score > 0 ? -Math.log(score) : IMPOSSIBLE)));
  let product = 1;
  for (const [targetIndex, actualIndex] of munkres(costs)) {
    product *= scores[targetIndex]?.[actualIndex] ?? 0;
  }
  return product > 0 ? product ** (1 / target.length) : 0;
}

/**
 * How well the target rows are found among the actual rows, in [0, 1]: like `rowSetSimilarity`, but
 * the actual set may hold other rows too (each target row is paired with a distinct actual row).
 */
export function rowSubsetSimilarity(
  target: readonly Row[],
  actual: readonly Row[],
  measureOf: (column: string) => ColumnSimilarity,
): number {
  if (target.length > actual.length) return 0;
  if (target.length === 0) return 1;
  const scores = target.map((targetRow) => actual.map((actualRow) => rowSimilarity(targetRow, actualRow, measureOf)));
  if (target.length === 1) return Math.max(...(scores[0] ?? [0]));
  const costs = scores.map((row) => row.map((score) => (score > 0 ? -Math.log(score) : IMPOSSIBLE)));
  let product = 1;
  for (const [targetIndex, actualIndex] of munkres(costs)) {
    product *= scores[targetIndex]?.[actualIndex] ?? 0;
  }
  return product > 0 ? product ** (1 / target.length) : 0;
}

/** The geometric mean of a target row's column similarities against an actual row. */
export function rowSimilarity(target: Row, actual: Row, measureOf: (column: string) => ColumnSimilarity): number {
  const columns = Object.keys(target);
  if (columns.length === 0) return 1;
  let product = 1;
  for (const column of columns) {
    const score = columnSimilarity(measureOf(column), target[column] ?? null, actual[column]);
    if (score === 0) return 0;
    product *= score;
  }
  return product ** (1 / columns.length);
}
