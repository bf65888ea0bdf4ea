/**
 * REVIEW: judge a tool response as A success, B internal error, C input error, D irrelevant response or
 * E unable to accomplish. The choice is the first character after the first `:` (or of the whole reply
 * when there is none), after white space; anything but A–E is unparsed.
 */
import { pyStrip } from './lenient-load.js';
import { isDict, type PyValue } from './python-value.js';

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

export function scoreReview(reply: string, groundTruth: PyValue): ReviewScore {
  const choice = parseReviewChoice(reply);
  if (choice === null) return { score: 0, parsed: false, choice, error: 'no choice A–E after the first ":"' };
  return { score: choice === goldReviewChoice(groundTruth) ? 1 : 0, parsed: true, choice };
}
