import type { CellValue } from '../spec/index.js';
import { rougeL } from './rouge-l.js';

/**
 * How one column of a target row is compared with the actual value, each giving a score in [0, 1]:
 * - `exact`: equal values (null equals only null);
 * - `{ close: tolerance }`: numbers within an absolute tolerance (1 or 0);
 * - `contains`: the actual text contains the target text, ignoring case (1 or 0);
 * - `rouge-l`: ROUGE-L F-measure with stemming, for free text;
 * - `ignore`: always 1.
 */
export type ColumnSimilarity = 'exact' | 'contains' | 'rouge-l' | 'ignore' | { readonly close: number };

export function columnSimilarity(measure: ColumnSimilarity, target: CellValue, actual: CellValue | undefined): number {
  if (actual === undefined) return 0;
  if (typeof measure === 'object') {
    return typeof target === 'number' && typeof actual === 'number' && Math.abs(target - actual) <= measure.close
      ? 1
      : 0;
  }
  switch (measure) {
    case 'ignore':
      return 1;
    case 'exact':
      return target === actual ? 1 : 0;
    case 'contains':
      return typeof target === 'string' && typeof actual === 'string'
        ? Number(actual.toLowerCase().includes(target.toLowerCase()))
        : Number(target === actual);
    case 'rouge-l':
      if (target === actual) return 1;
      return typeof target === 'string' && typeof actual === 'string' ? rougeL(target, actual) : 0;
  }
}

/** Whether a measure only ever gives 0 or 1 (minefields must use such measures). */
export function isBinaryMeasure(measure: ColumnSimilarity): boolean {
  return measure !== 'rouge-l';
}
