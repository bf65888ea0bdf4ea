import { rememberedUpTo } from '../util/remembered.js';
import { BoundedCache } from './bounded-cache.js';
import { porterStem } from './porter-stemmer.js';

/** Tokens per text and stems per word, remembered: scoring compares the same texts many times. */
const tokensByText = new BoundedCache<string, readonly string[]>(20_000);
const stemsByWord = new BoundedCache<string, string>(50_000);

/**
 * Tokens as Google's `rouge_score` makes them for ROUGE-L with stemming: lower case, every run of
 * characters outside a–z and 0–9 is a separator, and tokens longer than three characters are reduced
 * with nltk's default Porter stemmer (`porter-stemmer.ts`).
 */
export function rougeTokens(text: string): readonly string[] {
  return tokensByText.get(text, tokenize);
}

function tokenize(text: string): readonly string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((token) => token.length > 0)
    .map((token) => (token.length > 3 ? stemsByWord.get(token, porterStem) : token));
}

/**
 * Scores per target and candidate text, remembered: an episode's answer is scored against the same
 * targets again and again (keyed by the texts themselves, whose hashes strings keep). Bounded.
 */
const scoresByTarget = new Map<string, Map<string, number>>();
const MAX_REMEMBERED_TARGETS = 5000;
const MAX_REMEMBERED_CANDIDATES = 1000;

/**
 * ROUGE-L F-measure (β = 1) between a target and a candidate text, in [0, 1], as `rouge_score` computes
 * it: 0 when either text has no token (two empty texts included).
 */
export function rougeL(target: string, candidate: string): number {
  const byCandidate = rememberedUpTo(scoresByTarget, MAX_REMEMBERED_TARGETS, target, () => new Map<string, number>());
  return rememberedUpTo(byCandidate, MAX_REMEMBERED_CANDIDATES, candidate, () => rougeLAfresh(target, candidate));
}

function rougeLAfresh(target: string, candidate: string): number {
  const targetTokens = rougeTokens(target);
  const candidateTokens = rougeTokens(candidate);
  if (targetTokens.length === 0 || candidateTokens.length === 0) return 0;
  const common = longestCommonSubsequence(targetTokens, candidateTokens);
  if (common === 0) return 0;
  const precision = common / candidateTokens.length;
  const recall = common / targetTokens.length;
  return (2 * precision * recall) / (precision + recall);
}

function longestCommonSubsequence(a: readonly string[], b: readonly string[]): number {
  // Two rows swapped in place: no allocation per token.
  let previous = new Int32Array(b.length + 1);
  let current = new Int32Array(b.length + 1);
  for (const tokenA of a) {
    for (let j = 1; j <= b.length; j += 1) {
      current[j] =
        tokenA === b[j - 1]
          ? (previous[j - 1] as number) + 1
          : Math.max(previous[j] as number, current[j - 1] as number);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length] as number;
}
