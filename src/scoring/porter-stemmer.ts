/**
 * The Porter stemmer as nltk's `PorterStemmer()` runs it by default (mode `NLTK_EXTENSIONS`), which is
 * what Google's `rouge_score` stems with. It is Porter's 1980 algorithm with nltk's documented
 * departures: a pool of irregular forms (skies → sky, dying → die, news → news, proceed → proceed, …),
 * words of one or two letters left alone, `-ies`/`-ied` on four-letter words kept as `-ie`, `-ied` → `-i`
 * before the `-ed` rule, `y` → `i` only after a consonant that is not the first letter, `-alli` → `-al`
 * tried first and then step 2 again, `-bli` → `-ble` (not `-abli`), `-fulli` → `-ful`, `-logi` → `-log`
 * measured with the `l`, and a two-letter vowel–consonant stem counting as "cvc".
 *
 * Written from the algorithm's rules; `src/scoring/fixtures/porter-nltk/` holds nltk 3.8's stems of
 * tens of thousands of words, which the tests compare word by word. Input is expected in lower case.
 */

/** Irregular forms nltk maps directly, before any rule. */
const IRREGULAR: ReadonlyMap<string, string> = new Map(
  (
    [
      ['sky', ['sky', 'skies']],
      ['die', ['dying']],
      ['lie', ['lying']],
      ['tie', ['tying']],
      ['news', ['news']],
      ['inning', ['innings', 'inning']],
      ['outing', ['outings', 'outing']],
      ['canning', ['cannings', 'canning']],
      ['howe', ['howe']],
      ['proceed', ['proceed']],
      ['exceed', ['exceed']],
      ['succeed', ['succeed']],
    ] as const
  ).flatMap(([stem, forms]) => forms.map((form): [string, string] => [form, stem])),
);

/** Whether the letter at `index` is a consonant in Porter's sense (`y` after a consonant is a vowel). */
function isConsonant(word: string, index: number): boolean {
  const letter = word[index];
  if (letter === 'a' || letter === 'e' || letter === 'i' || letter === 'o' || letter === 'u') return false;
  if (letter !== 'y') return true;
  return index === 0 ? true : !isConsonant(word, index - 1);
}

/** Porter's m: the number of vowel-run → consonant-run transitions ([C](VC)^m[V]). */
function measure(stem: string): number {
  let count = 0;
  let previousVowel = false;
  for (let index = 0; index < stem.length; index++) {
    const consonant = isConsonant(stem, index);
    if (consonant && previousVowel) count++;
    previousVowel = !consonant;
  }
  return count;
}

function containsVowel(stem: string): boolean {
  for (let index = 0; index < stem.length; index++) if (!isConsonant(stem, index)) return true;
  return false;
}

function endsDoubleConsonant(word: string): boolean {
  const last = word.length - 1;
  return word.length >= 2 && word[last] === word[last - 1] && isConsonant(word, last);
}

/** *o: consonant–vowel–consonant, the last not w, x or y; nltk also accepts a two-letter vowel–consonant. */
function endsCvc(word: string): boolean {
  const n = word.length;
  if (n >= 3) {
    const last = word[n - 1] as string;
    if (
      isConsonant(word, n - 3) &&
      !isConsonant(word, n - 2) &&
      isConsonant(word, n - 1) &&
      last !== 'w' &&
      last !== 'x' &&
      last !== 'y'
    )
      return true;
  }
  return n === 2 && !isConsonant(word, 0) && isConsonant(word, 1);
}

/** A rule: the suffix, what replaces it, and the condition the remaining stem must meet. */
type Rule = readonly [suffix: string, replacement: string, condition?: (stem: string) => boolean];

/**
 * The first rule whose suffix the word ends with decides: if its condition holds the suffix is replaced,
 * otherwise the word is returned unchanged (later rules are not tried). The suffix `*d` stands for a
 * double consonant.
 */
function applyFirstRule(word: string, rules: readonly Rule[]): string {
  for (const [suffix, replacement, condition] of rules) {
    if (suffix === '*d') {
      if (!endsDoubleConsonant(word)) continue;
      const stem = word.slice(0, -2);
      return !condition || condition(stem) ? stem + replacement : word;
    }
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, word.length - suffix.length);
    return !condition || condition(stem) ? stem + replacement : word;
  }
  return word;
}

const positiveMeasure = (stem: string): boolean => measure(stem) > 0;
const measureAboveOne = (stem: string): boolean => measure(stem) > 1;

function step1a(word: string): string {
  if (word.length === 4 && word.endsWith('ies')) return `${word.slice(0, -3)}ie`;
  return applyFirstRule(word, [
    ['sses', 'ss'],
    ['ies', 'i'],
    ['ss', 'ss'],
    ['s', ''],
  ]);
}

function step1b(word: string): string {
  if (word.endsWith('ied')) return word.length === 4 ? `${word.slice(0, -3)}ie` : `${word.slice(0, -3)}i`;
  if (word.endsWith('eed')) {
    const stem = word.slice(0, -3);
    return measure(stem) > 0 ? `${stem}ee` : word;
  }
  let stem: string | undefined;
  for (const suffix of ['ed', 'ing']) {
    if (!word.endsWith(suffix)) continue;
    const candidate = word.slice(0, word.length - suffix.length);
    if (containsVowel(candidate)) {
      stem = candidate;
      break;
    }
  }
  if (stem === undefined) return word;
  const last = stem[stem.length - 1] as string;
  return applyFirstRule(stem, [
    ['at', 'ate'],
    ['bl', 'ble'],
    ['iz', 'ize'],
    ['*d', last, () => last !== 'l' && last !== 's' && last !== 'z'],
    ['', 'e', (rest) => measure(rest) === 1 && endsCvc(rest)],
  ]);
}

function step1c(word: string): string {
  return applyFirstRule(word, [['y', 'i', (stem) => stem.length > 1 && isConsonant(stem, stem.length - 1)]]);
}

function step2(word: string): string {
  if (word.endsWith('alli') && positiveMeasure(word.slice(0, -4))) return step2(`${word.slice(0, -4)}al`);
  return applyFirstRule(word, [
    ['ational', 'ate', positiveMeasure],
    ['tional', 'tion', positiveMeasure],
    ['enci', 'ence', positiveMeasure],
    ['anci', 'ance', positiveMeasure],
    ['izer', 'ize', positiveMeasure],
    ['bli', 'ble', positiveMeasure],
    ['alli', 'al', positiveMeasure],
    ['entli', 'ent', positiveMeasure],
    ['eli', 'e', positiveMeasure],
    ['ousli', 'ous', positiveMeasure],
    ['ization', 'ize', positiveMeasure],
    ['ation', 'ate', positiveMeasure],
    ['ator', 'ate', positiveMeasure],
    ['alism', 'al', positiveMeasure],
    ['iveness', 'ive', positiveMeasure],
    ['fulness', 'ful', positiveMeasure],
    ['ousness', 'ous', positiveMeasure],
    ['aliti', 'al', positiveMeasure],
    ['iviti', 'ive', positiveMeasure],
    ['biliti', 'ble', positiveMeasure],
    ['fulli', 'ful', positiveMeasure],
    // The measure is taken with the `l` kept, so short stems (geo-, theo-) behave like long ones.
    ['logi', 'log', () => positiveMeasure(word.slice(0, -3))],
  ]);
}

function step3(word: string): string {
  return applyFirstRule(word, [
    ['icate', 'ic', positiveMeasure],
    ['ative', '', positiveMeasure],
    ['alize', 'al', positiveMeasure],
    ['iciti', 'ic', positiveMeasure],
    ['ical', 'ic', positiveMeasure],
    ['ful', '', positiveMeasure],
    ['ness', '', positiveMeasure],
  ]);
}

function step4(word: string): string {
  return applyFirstRule(word, [
    ['al', '', measureAboveOne],
    ['ance', '', measureAboveOne],
    ['ence', '', measureAboveOne],
    ['er', '', measureAboveOne],
    ['ic', '', measureAboveOne],
    ['able', '', measureAboveOne],
    ['ible', '', measureAboveOne],
    ['ant', '', measureAboveOne],
    ['ement', '', measureAboveOne],
    ['ment', '', measureAboveOne],
    ['ent', '', measureAboveOne],
    ['ion', '', (stem) => measure(stem) > 1 && (stem.endsWith('s') || stem.endsWith('t'))],
    ['ou', '', measureAboveOne],
    ['ism', '', measureAboveOne],
    ['ate', '', measureAboveOne],
    ['iti', '', measureAboveOne],
    ['ous', '', measureAboveOne],
    ['ive', '', measureAboveOne],
    ['ize', '', measureAboveOne],
  ]);
}

function step5a(word: string): string {
  if (!word.endsWith('e')) return word;
  const stem = word.slice(0, -1);
  const m = measure(stem);
  return m > 1 || (m === 1 && !endsCvc(stem)) ? stem : word;
}

function step5b(word: string): string {
  return applyFirstRule(word, [['ll', 'l', () => measure(word.slice(0, -1)) > 1]]);
}

/** The stem nltk's default `PorterStemmer().stem(word)` gives for a lower-case word. */
export function porterStem(word: string): string {
  const irregular = IRREGULAR.get(word);
  if (irregular !== undefined) return irregular;
  if (word.length <= 2) return word;
  return step5b(step5a(step4(step3(step2(step1c(step1b(step1a(word))))))));
}
