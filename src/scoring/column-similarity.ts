import type { CellValue } from '../spec/index.js';
import { type AnswerFact, factVerdict } from './answer-facts.js';
import { rougeL } from './rouge-l.js';
import { e164 } from './value-readers.js';

/**
 * How one column of a target row is compared with the actual value, each giving a score in [0, 1]:
 * - `exact`: equal values (null equals only null);
 * - `{ close: tolerance }`: numbers within an absolute tolerance (1 or 0);
 * - `contains`: the actual text contains the target text, ignoring case (1 or 0);
 * - `rouge-l`: ROUGE-L F-measure with stemming, for free text;
 * - `ignore`: always 1;
 * - `phone`: the same phone number in any form the tools accept ("415.555.0100" = "+14155550100");
 * - `{ facts: [...] }`: a text judged by its values, as answers are (1 when it states every fact and
 *   contradicts none, else 0): "dinner is at 17:00" is not a text saying 7 pm, "0100" is not a number.
 */
export type ColumnSimilarity =
  | 'exact'
  | 'contains'
  | 'rouge-l'
  | 'ignore'
  | 'phone'
  | { readonly close: number }
  | { readonly facts: readonly AnswerFact[] };

export function columnSimilarity(measure: ColumnSimilarity, target: CellValue, actual: CellValue | undefined): number {
  if (actual === undefined) return 0;
  if (typeof measure === 'object' && 'facts' in measure) {
    if (typeof actual !== 'string') return 0;
    return measure.facts.every((fact) => factVerdict(actual, fact) === 'stated') ? 1 : 0;
  }
  if (typeof measure === 'object') {
    return typeof target === 'number' && typeof actual === 'number' && Math.abs(target - actual) <= measure.close
      ? 1
      : 0;
  }
  switch (measure) {
    case 'ignore':
      return 1;
    case 'phone':
      return typeof target === 'string' && typeof actual === 'string' && e164(target) === e164(actual) ? 1 : 0;
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
