import type { CellValue, Row } from '../../spec/index.js';
import { fail } from '../../tools/index.js';
import { fuzzyScore } from './fuzzy-match.js';

/** One search argument of a search tool and how it filters a column. Omitted arguments are `undefined`. */
export type SearchCriterion =
  | {
      readonly argument: string;
      readonly column: string;
      readonly match: 'exact';
      readonly value: CellValue | undefined;
    }
  | {
      readonly argument: string;
      readonly column: string;
      readonly match: 'fuzzy';
      readonly value: string | undefined;
      /** Lowest WRatio score (0–100) that counts as a match. */
      readonly threshold: number;
    }
  | {
      readonly argument: string;
      readonly column: string;
      /** Inclusive bounds. */
      readonly match: 'at-least' | 'at-most';
      readonly value: number | undefined;
    };

/**
 * The rows that meet every given criterion, as plain objects. With a fuzzy criterion the best matches come
 * first (as the reference's rapidfuzz extraction ordered them), ties in table order; otherwise table order.
 * Fails with `invalid-value` when no criterion is given (a search tool is not a way to dump a table) or a
 * fuzzy text is blank.
 */
export function searchRows(rows: readonly Row[], criteria: readonly SearchCriterion[], toolName: string): Row[] {
  const given = criteria.filter((criterion) => criterion.value !== undefined);
  if (given.length === 0) {
    const argumentNames = criteria.map((criterion) => criterion.argument).join(', ');
    throw fail(
      'invalid-value',
      `${toolName} needs at least one search criterion, and none was given.`,
      `Give one or more of: ${argumentNames}.`,
    );
  }
  for (const criterion of given) {
    if (criterion.match === 'fuzzy' && criterion.value?.trim() === '') {
      throw fail(
        'invalid-value',
        `${criterion.argument} is empty, so it cannot match anything.`,
        `Leave ${criterion.argument} out, or give the text to look for.`,
        { argument: criterion.argument },
      );
    }
  }
  const matches: { row: Row; score: number }[] = [];
  for (const row of rows) {
    let score = 0;
    const meetsAll = given.every((criterion) => {
      const criterionScore = matchScore(row, criterion);
      score += criterionScore ?? 0;
      return criterionScore !== undefined;
    });
    if (meetsAll) matches.push({ row, score });
  }
  return matches.sort((first, second) => second.score - first.score).map(({ row }) => ({ ...row }));
}

/** `undefined` when the row fails the criterion; else the fuzzy score (0–100), or 0 for other criteria. */
function matchScore(row: Row, criterion: SearchCriterion): number | undefined {
  const cell = row[criterion.column] ?? null;
  switch (criterion.match) {
    case 'exact':
      return cell === criterion.value ? 0 : undefined;
    case 'fuzzy': {
      if (typeof cell !== 'string') return undefined;
      const score = fuzzyScore(criterion.value ?? '', cell);
      return score >= criterion.threshold ? score : undefined;
    }
    case 'at-least':
      return typeof cell === 'number' && cell >= (criterion.value ?? Number.NEGATIVE_INFINITY) ? 0 : undefined;
    case 'at-most':
      return typeof cell === 'number' && cell <= (criterion.value ?? Number.POSITIVE_INFINITY) ? 0 : undefined;
  }
}
