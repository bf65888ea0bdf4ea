import { partial_ratio, ratio, token_sort_ratio } from 'fuzzball';
import { describe, expect, it } from 'vitest';
import { loadPlaces } from '../knowledge-data/places.js';
import { normalizeSearchText } from '../knowledge-data/search-text.js';
import { fuzzyUpperBounds, indexPlace, nameSimilarity, partialRatioUpperBound } from './place-matching.js';

const PLAIN = { full_process: false };

/** The similarity `nameSimilarity` stands for, with every part computed. */
function fullSimilarity(query: string, name: string): number {
  return Math.max(
    ratio(query, name, PLAIN),
    token_sort_ratio(query, name, PLAIN) * 0.95,
    partial_ratio(query, name, PLAIN) * 0.9,
  );
}

/** A small seeded generator (mulberry32), so the random texts are the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomText(random: () => number, alphabet: string, maxLength: number): string {
  const length = Math.floor(random() * (maxLength + 1));
  let text = '';
  for (let index = 0; index < length; index += 1) text += alphabet[Math.floor(random() * alphabet.length)];
  return text;
}

/** The gazetteer's search texts (names, brands, category words) and queries made from them. */
function gazetteerTexts(): { names: string[]; queries: string[] } {
  const indexes = loadPlaces().places.map(indexPlace);
  const names = [...new Set(indexes.flatMap((index) => [...index.names, ...index.categoryWords]))].sort();
  const random = seededRandom(15);
  const queries = new Set<string>();
  names.forEach((name, position) => {
    if (position % 45 !== 0) return;
    queries.add(name);
    queries.add(name.slice(0, Math.max(2, Math.ceil(name.length * 0.6))));
    // A typing slip: one character replaced.
    const at = Math.floor(random() * name.length);
    queries.add(`${name.slice(0, at)}x${name.slice(at + 1)}`);
  });
  for (const query of ['starbucks coffee', 'coffe shop', 'pharmacy', 'museum', 'gas station', 'golden gate'])
    queries.add(normalizeSearchText(query));
  return { names, queries: [...queries] };
}

describe('partialRatioUpperBound', () => {
  it("is never below fuzzball's partial_ratio (random texts over small alphabets, empty ones included)", () => {
    const random = seededRandom(7);
    for (let round = 0; round < 4000; round += 1) {
      const alphabet = round % 2 === 0 ? 'ab c' : 'abcdefgh ';
      const a = randomText(random, alphabet, 12);
      const b = randomText(random, alphabet, 12);
      expect(partialRatioUpperBound(a, b), `"${a}" / "${b}"`).toBeGreaterThanOrEqual(partial_ratio(a, b, PLAIN));
      expect(partialRatioUpperBound(a, b)).toBe(partialRatioUpperBound(b, a));
    }
  });

  it("bounds fuzzball's ratio, and token_sort_ratio for words separated by single spaces", () => {
    const random = seededRandom(11);
    for (let round = 0; round < 3000; round += 1) {
      const alphabet = round % 2 === 0 ? 'ab c' : 'abcdefgh ';
      const a = randomText(random, alphabet, 12);
      const b = randomText(random, alphabet, 12);
      const bounds = fuzzyUpperBounds(a, b);
      expect(bounds.ratio, `"${a}" / "${b}"`).toBeGreaterThanOrEqual(ratio(a, b, PLAIN));
      const words = (text: string) => text.split(' ').filter(Boolean).join(' ');
      expect(fuzzyUpperBounds(words(a), words(b)).ratio).toBeGreaterThanOrEqual(
        token_sort_ratio(words(a), words(b), PLAIN),
      );
    }
  });

  it('is 100 for a part of the other text, and low for texts sharing few characters', () => {
    expect(partialRatioUpperBound('museum', 'san francisco museum of modern art')).toBe(100);
    expect(partialRatioUpperBound('pharmacy', 'golden gate bridge')).toBeLessThan(50);
  });
});

describe('nameSimilarity', () => {
  it('is on the same side of the close and loose scores as the full similarity, for random texts', () => {
    const random = seededRandom(23);
    const disagreements: string[] = [];
    for (let round = 0; round < 3000; round += 1) {
      const alphabet = round % 3 === 0 ? 'ab c' : round % 3 === 1 ? 'abcdefgh ' : 'abcdefghijklmnop  ';
      const query = randomText(random, alphabet, 10);
      const name = randomText(random, alphabet, 16);
      // fuzzball's token_sort_ratio throws on a text of spaces only (no word to sort); queries never are.
      if (query.trim() === '' || name.trim() === '') continue;
      const shown = nameSimilarity(query, name);
      const full = fullSimilarity(query, name);
      if (shown > full || shown >= 82 !== full >= 82 || shown >= 90 !== full >= 90) {
        disagreements.push(`"${query}" / "${name}": ${shown} for ${full}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('is on the same side of the close and loose scores as the full similarity, for the gazetteer', () => {
    const { names, queries } = gazetteerTexts();
    let skipped = 0;
    const disagreements: string[] = [];
    for (const query of queries) {
      for (const name of names) {
        const shown = nameSimilarity(query, name);
        const full = fullSimilarity(query, name);
        if (shown !== full) skipped += 1;
        if (shown > full || shown >= 82 !== full >= 82 || shown >= 90 !== full >= 90) {
          disagreements.push(`"${query}" / "${name}": ${shown} for ${full}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
    // The shortcut is taken (else this test would prove nothing about it).
    expect(skipped).toBeGreaterThan(0);
  });
});
