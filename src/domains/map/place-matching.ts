/**
 * How well a place matches what an agent searched for ("Starbucks", "coffee shop", "Golden Gate Bridge",
 * "1 Infinite Loop"). Matches come in tiers so that ranking is stable: within a tier, places are ordered
 * by distance, so several branches of a chain come back nearest first.
 */
import { partial_ratio, ratio, token_sort_ratio } from 'fuzzball';
import { remembered, rememberedUpTo } from '../../util/index.js';
import type { Place } from '../knowledge-data/places.js';
import { normalizeSearchText } from '../knowledge-data/search-text.js';

export type MatchTier = 'exact' | 'close' | 'loose';

/** Tiers best first. */
export const MATCH_TIERS: readonly MatchTier[] = ['exact', 'close', 'loose'];

/** Fuzzy score (0–100, see {@link nameSimilarity}) from which a match is close, and from which it counts at all. */
const CLOSE_SCORE = 90;
const LOOSE_SCORE = 82;

/** Words people use for the categories of the gazetteer, beyond the category itself. */
const CATEGORY_WORDS: Readonly<Record<string, readonly string[]>> = {
  cafe: ['café', 'coffee', 'coffee shop', 'coffee house', 'coffeehouse', 'espresso bar'],
  grocery: ['grocery store', 'groceries', 'supermarket', 'market', 'food store'],
  train_station: ['train', 'station', 'railway station', 'rail station', 'transit station', 'metro station'],
  gas_station: ['gas', 'petrol station', 'fuel', 'filling station', 'service station'],
  pharmacy: ['drugstore', 'drug store', 'chemist'],
  hospital: ['medical center', 'emergency room', 'er', 'clinic'],
  theater: ['theatre', 'cinema', 'movie theater', 'movies', 'concert hall'],
  restaurant: ['food', 'dining', 'place to eat', 'eatery', 'burger', 'burgers'],
  hotel: ['lodging', 'motel', 'inn', 'accommodation'],
  gym: ['fitness center', 'fitness club', 'health club'],
  stadium: ['arena', 'ballpark', 'sports venue'],
  university: ['college', 'campus'],
  office: ['headquarters', 'hq', 'company office'],
  post_office: ['usps', 'mail'],
  bank: ['atm'],
  store: ['shop', 'retail store'],
  landmark: ['attraction', 'tourist attraction', 'sight', 'sights', 'monument'],
  museum: ['gallery', 'art museum'],
  park: ['garden', 'playground'],
  library: ['public library'],
  airport: ['airfield'],
};

/** The search words of a place, normalised. */
export interface PlaceIndex {
  readonly place: Place;
  /** Id, name and brand. */
  readonly names: readonly string[];
  /** The category and the words people use for it, singular and plural. */
  readonly categoryWords: ReadonlySet<string>;
  /** The words of the address. */
  readonly addressWords: ReadonlySet<string>;
}

export function indexPlace(place: Place): PlaceIndex {
  return {
    place,
    names: [place.id, place.name, ...(place.brand ? [place.brand] : [])].map(normalizeSearchText),
    categoryWords: categoryWordsOf(place.category),
    addressWords: new Set(normalizeSearchText(place.address).split(' ')),
  };
}

/** The words of a category, one set per category (shared by its places, so scores per set are shared too). */
const categoryWordSets = new Map<string, ReadonlySet<string>>();

function categoryWordsOf(category: string): ReadonlySet<string> {
  return remembered(categoryWordSets, category, () => {
    const words = [category, ...(CATEGORY_WORDS[category] ?? [])].map(normalizeSearchText);
    return new Set([...words, ...words.map(plural)]);
  });
}

/**
 * The tier of the match between `query` (normalised) and a place, or undefined when it does not match.
 * - exact: the id, name, brand or category itself, or a name or brand plus a category ("apple store",
 *   "starbucks coffee");
 * - close: a name or brand at similarity 90 or more (spelling slips, part of a name), a category word
 *   misspelt slightly, or every word of the query in the address ("1 infinite loop", "cupertino");
 * - loose: a name, brand or category word at similarity 82 or more.
 * Category words are compared whole (not as parts of the query), so "whole foods" does not find every
 * restaurant through the word "food".
 */
export function matchTier(query: string, index: PlaceIndex): MatchTier | undefined {
  if (index.names.includes(query) || index.categoryWords.has(query) || isNamePlusCategory(query, index)) {
    return 'exact';
  }
  const nameScore = Math.max(...index.names.map((name) => rememberedScore(query, name, nameSimilarity)));
  const categoryScore = bestCategoryScore(query, index.categoryWords);
  const queryWords = query.split(' ');
  if (nameScore >= CLOSE_SCORE || categoryScore >= CLOSE_SCORE) return 'close';
  if (queryWords.every((word) => index.addressWords.has(word))) return 'close';
  if (nameScore >= LOOSE_SCORE || categoryScore >= LOOSE_SCORE) return 'loose';
  return undefined;
}

/**
 * Scores per query, measure and text: many places share a category's words and a chain's names, so a
 * search compares the query with each once. Bounded (cleared when it holds many queries).
 */
const scores = new Map<string, Map<(query: string, text: string) => number, Map<string, number>>>();
const MAX_REMEMBERED_QUERIES = 5000;

function rememberedScore(query: string, text: string, measure: (query: string, text: string) => number): number {
  const byMeasure = rememberedUpTo(scores, MAX_REMEMBERED_QUERIES, query, () => new Map());
  const byText = remembered(byMeasure, measure, () => new Map<string, number>());
  return remembered(byText, text, () => measure(query, text));
}

/** The best score of the query against a set of category words, per set and query (places share sets). */
const categoryScores = new WeakMap<ReadonlySet<string>, Map<string, number>>();

function bestCategoryScore(query: string, words: ReadonlySet<string>): number {
  const byQuery = remembered(categoryScores, words, () => new Map<string, number>());
  return rememberedUpTo(byQuery, MAX_REMEMBERED_QUERIES, query, () =>
    Math.max(...[...words].map((word) => rememberedScore(query, word, categoryRatio))),
  );
}

/** Plain similarity of a query and a category word (0–100). */
function categoryRatio(query: string, word: string): number {
  return ratio(query, word, { full_process: false });
}

/**
 * Similarity of two normalised texts, 0–100: the best of plain, word-order-free and part-of-the-other
 * similarity, the last two slightly discounted (as in fuzzball's WRatio). Unlike WRatio it leaves out
 * shared-word-set scoring, which rates "gas station" close to any "… Station".
 *
 * Only the tiers read it (is it at least {@link LOOSE_SCORE}, at least {@link CLOSE_SCORE}?), so parts
 * are left out where they cannot change either answer: everything when the bounds of all three stay below
 * the loose score (most pairs: a query shares few letters with most names), and the part-of-the-other
 * similarity, by far the dearest, when the other two already reach the close score or its own bound
 * stays below the loose score (see {@link fuzzyUpperBounds}). The value may then be lower than the full
 * similarity, but always on the same side of both scores (exported for its test).
 */
export function nameSimilarity(query: string, name: string): number {
  const bounds = fuzzyUpperBounds(query, name);
  const partialCounts = bounds.partial * 0.9 >= LOOSE_SCORE;
  if (!partialCounts && bounds.ratio < LOOSE_SCORE && isWordsWithSingleSpaces(query) && isWordsWithSingleSpaces(name)) {
    return 0;
  }
  const options = { full_process: false };
  const plain = Math.max(ratio(query, name, options), token_sort_ratio(query, name, options) * 0.95);
  if (plain >= CLOSE_SCORE || !partialCounts) return plain;
  return Math.max(plain, partial_ratio(query, name, options) * 0.9);
}

/**
 * Upper bounds of fuzzball's `ratio` and `partial_ratio` (without processing), from `m`, the characters
 * (UTF-16 code units, as fuzzball compares them) the two texts have in common counted with multiplicity,
 * which bounds their longest common subsequence (LCS):
 * - `ratio` is `round(200 × LCS / (|a| + |b|))` (Levenshtein with substitutions costing 2), so at most
 *   `round(200 × m / (|a| + |b|))`; `token_sort_ratio` too, for texts whose sorted words have the same
 *   characters and length (words separated by single spaces, see {@link isWordsWithSingleSpaces});
 * - `partial_ratio` scores the shorter text `s` against windows of the longer one as
 *   `round(200 × LCS / (|s| + |window|))`, where a window is at most `|s|` long and at least its LCS with
 *   `s`, so no window scores above `round(200 × m / (|s| + m))`.
 */
export function fuzzyUpperBounds(a: string, b: string): { readonly ratio: number; readonly partial: number } {
  const shorter = a.length <= b.length ? a : b;
  const longer = shorter === a ? b : a;
  if (shorter.length === 0) return { ratio: 0, partial: 0 };
  const available = new Map<number, number>();
  for (let index = 0; index < longer.length; index += 1) {
    const unit = longer.charCodeAt(index);
    available.set(unit, (available.get(unit) ?? 0) + 1);
  }
  let common = 0;
  for (let index = 0; index < shorter.length; index += 1) {
    const unit = shorter.charCodeAt(index);
    const left = available.get(unit) ?? 0;
    if (left > 0) {
      available.set(unit, left - 1);
      common += 1;
    }
  }
  return {
    ratio: Math.round((200 * common) / (a.length + b.length)),
    partial: Math.round((200 * common) / (shorter.length + common)),
  };
}

/** An upper bound of fuzzball's `partial_ratio` (see {@link fuzzyUpperBounds}). */
export function partialRatioUpperBound(a: string, b: string): number {
  return fuzzyUpperBounds(a, b).partial;
}

/**
 * Words (runs of non-whitespace) separated by single spaces, nothing before or after: sorting its words
 * (what `token_sort_ratio` does) keeps its characters and length.
 */
function isWordsWithSingleSpaces(text: string): boolean {
  return /^\S+(?: \S+)*$/.test(text);
}

/** Whether the query is a name or brand of the place together with one of its category words, either order. */
function isNamePlusCategory(query: string, index: PlaceIndex): boolean {
  return index.names.some((name) => {
    if (query.startsWith(`${name} `)) return index.categoryWords.has(query.slice(name.length + 1));
    if (query.endsWith(` ${name}`)) return index.categoryWords.has(query.slice(0, -name.length - 1));
    return false;
  });
}

function plural(word: string): string {
  if (/(s|sh|ch|x)$/.test(word)) return `${word}es`;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}
