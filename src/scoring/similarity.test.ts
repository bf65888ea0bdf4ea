import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { columnSimilarity, isBinaryMeasure } from './column-similarity.js';
import { rougeL, rougeTokens } from './rouge-l.js';
import { rowSetSimilarity, rowSimilarity } from './row-assignment.js';

describe('ROUGE-L with stemming', () => {
  it('tokenises like rouge_score: lower case, non-alphanumerics split, Porter stems for tokens over 3 letters', () => {
    expect(rougeTokens("Your message to Daniel's phone was SENT!")).toEqual([
      'your',
      'messag',
      'to',
      'daniel',
      's',
      'phone',
      'was',
      'sent',
    ]);
  });

  it('computes the LCS F-measure', () => {
    expect(rougeL('the cat sat on the mat', 'the cat sat on the mat')).toBe(1);
    // LCS("a b c d", "a c d e") = 3; P = 3/4, R = 3/4.
    expect(rougeL('a b c d', 'a c d e')).toBeCloseTo(0.75, 10);
    // Stemming makes "reminders" and "reminder" the same token.
    expect(rougeL('set reminders', 'set reminder')).toBe(1);
    expect(rougeL('hello', 'goodbye')).toBe(0);
    // P = 2/2, R = 2/4 → F = 2/3.
    expect(rougeL('buy milk and eggs', 'buy milk')).toBeCloseTo(2 / 3, 10);
    // rouge_score scores 0 when either side has no token, two empty texts included.
    expect(rougeL('', '')).toBe(0);
    expect(rougeL('x', '')).toBe(0);
  });

  it("gives rouge_score's F-measure (nltk stems) on every recorded sentence pair", () => {
    const recorded = JSON.parse(
      readFileSync(
        fileURLToPath(new URL('../../test/fixtures/rouge-nltk/rouge-l-scores.json', import.meta.url)),
        'utf8',
      ),
    ) as { scores: { target: string; prediction: string; f: number }[] };
    expect(recorded.scores.length).toBeGreaterThan(40);
    const off = recorded.scores.filter(({ target, prediction, f }) => Math.abs(rougeL(target, prediction) - f) > 1e-12);
    expect(
      off.map(({ target, prediction, f }) => ({ target, prediction, f, here: rougeL(target, prediction) })),
    ).toEqual([]);
    // The pairs are not all trivial: some score strictly between 0 and 1.
    expect(recorded.scores.filter(({ f }) => f > 0 && f < 1).length).toBeGreaterThan(20);
  });

  it('stems as nltk does where the original Porter algorithm differs (skies, news, dying)', () => {
    expect(rougeTokens('Sunny skies; the news: nobody is dying')).toEqual([
      'sunni',
      'sky',
      'the',
      'news',
      'nobodi',
      'is',
      'die',
    ]);
    expect(rougeL('sunny skies', 'sunny sky')).toBe(1);
  });
});

describe('column similarities', () => {
  it('exact, close, contains, rouge-l and ignore', () => {
    expect(columnSimilarity('exact', 5, 5)).toBe(1);
    expect(columnSimilarity('exact', null, 0)).toBe(0);
    expect(columnSimilarity('exact', null, null)).toBe(1);
    expect(columnSimilarity({ close: 0.5 }, 37.7, 37.9)).toBe(1);
    expect(columnSimilarity({ close: 0.1 }, 37.7, 37.9)).toBe(0);
    expect(columnSimilarity({ close: 1 }, '1', 1)).toBe(0);
    expect(columnSimilarity('contains', 'milk', 'Buy MILK today')).toBe(1);
    expect(columnSimilarity('contains', 'eggs', 'Buy milk')).toBe(0);
    expect(columnSimilarity('rouge-l', 'buy milk and eggs', 'buy milk')).toBeCloseTo(2 / 3, 10);
    expect(columnSimilarity('ignore', 'a', 'b')).toBe(1);
    expect(columnSimilarity('exact', 'a', undefined)).toBe(0);
    expect(isBinaryMeasure('rouge-l')).toBe(false);
    expect(isBinaryMeasure({ close: 1 })).toBe(true);
  });
});

describe('row-set similarity with optimal assignment', () => {
  const exact = () => 'exact' as const;
  const textual = (column: string) => (column === 'text' ? ('rouge-l' as const) : ('exact' as const));

  it('is the geometric mean of column similarities for one row, on the target columns only', () => {
    expect(
      rowSimilarity({ a: 1, text: 'buy milk and eggs' }, { a: 1, text: 'buy milk', extra: 9 }, textual),
    ).toBeCloseTo(Math.sqrt(2 / 3), 10);
    expect(rowSimilarity({ missing: 1 }, { a: 1 }, exact)).toBe(0);
  });

  it('needs equal row counts', () => {
    expect(rowSetSimilarity([{ a: 1 }], [{ a: 1 }, { a: 2 }], exact)).toBe(0);
    expect(rowSetSimilarity([], [], exact)).toBe(1);
  });

  it('finds the assignment a greedy pairing misses', () => {
    // Target 0 is most similar to actual 0, but taking that pair leaves target 1 with nothing (score 0).
    // The optimal pairing is (0→1, 1→0).
    const target = [{ text: 'buy milk and eggs today' }, { text: 'call the plumber' }];
    const actual = [{ text: 'call the plumber about milk and eggs today' }, { text: 'buy milk and eggs' }];
    const greedy = Math.sqrt(
      rowSimilarity(target[0] as never, actual[0] as never, textual) *
        rowSimilarity(target[1] as never, actual[1] as never, textual),
    );
    const best = Math.sqrt(
      rowSimilarity(target[0] as never, actual[1] as never, textual) *
        rowSimilarity(target[1] as never, actual[0] as never, textual),
    );
    expect(greedy).toBe(0);
    expect(best).toBeGreaterThan(0.5);
    expect(rowSetSimilarity(target, actual, textual)).toBeCloseTo(best, 10);
  });

  it('is 0 when some pair cannot match at all', () => {
    expect(rowSetSimilarity([{ a: 1 }, { a: 2 }], [{ a: 1 }, { a: 3 }], exact)).toBe(0);
    expect(rowSetSimilarity([{ a: 1 }, { a: 2 }], [{ a: 2 }, { a: 1 }], exact)).toBe(1);
  });
});
