/**
 * REVIEW: judge a tool response as A success, B internal error, C input error, D irrelevant response or
 * E unable to accomplish. The choice is the first character after the first `:` (or of the whole reply
 * when there is none), after white space; anything but A–E is unparsed.
 */
import { lenientLoad, pyStrip } from './lenient-load.js';
import { isDict, PyFloat, type PyValue } from './python-value.js';
import type { TevalFormat } from './teval-case.js';
import type { QuirkMode } from './teval-protocol.js';

export const REVIEW_CHOICES = ['A', 'B', 'C', 'D', 'E'] as const;
export type ReviewChoice = (typeof REVIEW_CHOICES)[number];

export interface ReviewScore {
  readonly score: number;
  readonly parsed: boolean;
  readonly choice: ReviewChoice | null;
  readonly error?: string;
}

export function parseReviewChoice(reply: string): ReviewChoice | null {
  const rest = pyStrip(reply.slice(reply.indexOf(':') + 1));
  const first = rest[0];
  return first !== undefined && (REVIEW_CHOICES as readonly string[]).includes(first) ? (first as ReviewChoice) : null;
}

export function goldReviewChoice(groundTruth: PyValue): string | undefined {
  const answer = isDict(groundTruth) ? groundTruth.get('answer') : undefined;
  return typeof answer === 'string' ? answer : undefined;
}

export function scoreReview(
  reply: string,
  groundTruth: PyValue,
  format: TevalFormat = 'str',
  quirks: QuirkMode = 'fixed',
): ReviewScore {
  if (format === 'json' && quirks === 'faithful') return scoreJsonReviewAsReference(reply);
  const choice = parseReviewChoice(reply);
  if (choice === null) return { score: 0, parsed: false, choice, error: 'no choice A–E after the first ":"' };
  return { score: choice === goldReviewChoice(groundTruth) ? 1 : 0, parsed: true, choice };
}

/**
 * The reference's JSON REVIEW: the reply must load and hold `is_finished` equal to True or False (Python's
 * `in [True, False]`, so 1, 0 and 1.0 pass); it then compares `{'review': is_finished}` with the gold letter,
 * which is never equal, so a JSON review scores 0 however it answers. `fixed` reads the choice as the
 * string format does.
 */
function scoreJsonReviewAsReference(reply: string): ReviewScore {
  const loaded = lenientLoad(reply);
  const finished = loaded.ok && isDict(loaded.value) ? loaded.value.get('is_finished') : undefined;
  const truthy = (value: PyValue | undefined) =>
    typeof value === 'boolean' ||
    value === 0n ||
    value === 1n ||
    (value instanceof PyFloat && (value.value === 0 || value.value === 1));
  if (!truthy(finished))
    return { score: 0, parsed: false, choice: null, error: 'no is_finished true/false in the reply' };
  return {
    score: 0,
    parsed: true,
    choice: null,
    error: 'the reference compares is_finished with the gold letter (never equal)',
  };
}
