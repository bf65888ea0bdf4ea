/**
 * Success: does the agent's final answer equal the expected one? The answer is the `answer` argument of
 * the agent's last successful `finish` call, or else its last text reply.
 *
 * - `number`: a JSON number within the absolute tolerance; or a text with at least one number within it
 *   whose other numbers (thousands commas allowed) are all within it too or are numbers the query itself
 *   states ("148 minutes" and, for a query about the 2018 film, "The 2018 film runs 148 minutes." pass;
 *   "1995, 148" does not).
 * - `set`: a list of strings, or a text split on commas, semicolons, newlines and " and "; compared after
 *   normalisation as a set (as a list when `ordered`).
 * - `string`: equal after normalisation to the value or an alias; a text answer also passes when one of
 *   its sentences is (so declining an irrelevant request in a second sentence does not fail the answer,
 *   as it does not for numbers).
 *
 * Normalisation: Unicode compatibility form, accents removed, lower case, every run of characters other
 * than letters and digits becomes one space, trimmed ("2-1" equals "2 - 1"; "Space.com" equals "space com").
 */
import type { AnswerSpec } from './cases.js';

export function normaliseText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const NUMBER = /-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+(?:\.\d+)?/g;

function numbersIn(text: string): number[] {
  return [...text.matchAll(NUMBER)].map((match) => Number(match[0].replace(/,/g, '')));
}

function asItems(answer: unknown): string[] {
  if (Array.isArray(answer)) return answer.map((item) => normaliseText(String(item))).filter(Boolean);
  if (typeof answer === 'number') return [normaliseText(String(answer))];
  if (typeof answer !== 'string') return [];
  return answer
    .split(/[;\n]|,(?!\d{3})|\band\b/)
    .map((item) => normaliseText(item))
    .filter(Boolean);
}

/**
 * Whether `answer` is the expected one. `goal` is the query text: numbers it states may appear in a
 * text answer beside the answer itself.
 */
/** A text's sentences (split after . ! ? or a line break followed by space), normalised. */
function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map(normaliseText)
    .filter(Boolean);
}

export function answerMatches(spec: AnswerSpec, answer: unknown, goal = ''): boolean {
  if (answer === undefined || answer === null) return false;
  switch (spec.type) {
    case 'number': {
      const close = (value: number) => Number.isFinite(value) && Math.abs(value - spec.value) <= spec.tolerance + 1e-9;
      if (typeof answer === 'number') return close(answer);
      if (Array.isArray(answer)) return answer.length === 1 && answerMatches(spec, answer[0], goal);
      if (typeof answer !== 'string') return false;
      const numbers = numbersIn(answer);
      const stated = new Set(numbersIn(goal));
      return numbers.some(close) && numbers.every((value) => close(value) || stated.has(value));
    }
    case 'set': {
      const given = asItems(answer);
      const expected = spec.values.map(normaliseText);
      if (spec.ordered)
        return given.length === expected.length && given.every((item, index) => item === expected[index]);
      return new Set(given).size === new Set(expected).size && expected.every((item) => given.includes(item));
    }
    case 'string': {
      const text =
        Array.isArray(answer) && answer.length === 1
          ? String(answer[0])
          : typeof answer === 'object'
            ? ''
            : String(answer);
      const accepted = new Set([spec.value, ...(spec.aliases ?? [])].map(normaliseText));
      if (accepted.has(normaliseText(text))) return true;
      return typeof answer === 'string' && sentencesOf(answer).some((sentence) => accepted.has(sentence));
    }
  }
}

/** What the oracle says: the expected answer itself. */
export function expectedAnswer(spec: AnswerSpec): string | number | string[] {
  switch (spec.type) {
    case 'number':
      return spec.value;
    case 'set':
      return [...spec.values];
    case 'string':
      return spec.value;
  }
}

/** A wrong answer of the same kind, for proofs. */
export function wrongAnswer(spec: AnswerSpec): string | number | string[] {
  switch (spec.type) {
    case 'number':
      return spec.value + Math.max(1, spec.tolerance * 10 + 1);
    case 'set':
      return spec.values.slice(0, -1).concat(spec.values.length === 1 ? ['none of these'] : []);
    case 'string':
      return `not ${spec.value}`;
  }
}
