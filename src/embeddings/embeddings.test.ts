import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CachingEmbedder } from './caching-embedder.js';
import { cosineSimilarity } from './cosine.js';
import { createEmbedder } from './create-embedder.js';
import { LexicalEmbedder } from './lexical-embedder.js';
import { REFERENCE_THRESHOLDS, thresholdsFor } from './similarity-thresholds.js';
import { modelThreadLimit, UseLiteEmbedder } from './use-lite-embedder.js';

describe('lexical embedder', () => {
  it('scores shared wording high and unrelated text low', async () => {
    const [a, b, c] = await new LexicalEmbedder().embed([
      'Pick up the dry cleaning',
      'pick up dry cleaning',
      'Book flights to Oslo',
    ]);
    if (!a || !b || !c) throw new Error('missing vectors');
    expect(cosineSimilarity(a, b)).toBeGreaterThan(0.8);
    expect(cosineSimilarity(a, c)).toBeLessThan(0.3);
  });
});

describe('caching embedder', () => {
  it('embeds each distinct text once', async () => {
    const seen: string[] = [];
    const inner = {
      id: 'counting',
      dimensions: 2,
      async embed(texts: readonly string[]) {
        seen.push(...texts);
        return texts.map((text) => Float32Array.from([text.length, 1]));
      },
    };
    const cached = new CachingEmbedder(inner);
    await cached.embed(['a', 'bb', 'a']);
    const again = await cached.embed(['bb', 'ccc']);
    expect(seen).toEqual(['a', 'bb', 'ccc']);
    expect([...(again[1] ?? [])]).toEqual([3, 1]);
    expect(cached.size).toBe(3);
  });

  it('gathers texts asked for at the same moment into one request, and retries after a failure', async () => {
    const batches: string[][] = [];
    let fail = true;
    const inner = {
      id: 'batching',
      dimensions: 1,
      async embed(texts: readonly string[]) {
        batches.push([...texts]);
        if (fail) throw new Error('down');
        return texts.map(() => Float32Array.from([1]));
      },
    };
    const cached = new CachingEmbedder(inner);
    await expect(Promise.all([cached.embed(['a']), cached.embed(['b', 'a'])])).rejects.toThrow('down');
    fail = false;
    await Promise.all([cached.embed(['a']), cached.embed(['b']), cached.embed(['c'])]);
    expect(batches).toEqual([
      ['a', 'b'],
      ['a', 'b', 'c'],
    ]);
  });

  it('fails only the requests for a text the inner embedder failed on alone (embedEach)', async () => {
    const batches: string[][] = [];
    const inner = {
      id: 'picky',
      dimensions: 1,
      async embed(): Promise<Float32Array[]> {
        throw new Error('embed is not used when embedEach is there');
      },
      async embedEach(texts: readonly string[]) {
        batches.push([...texts]);
        return texts.map((text) =>
          text === 'bad' ? new Error(`picky cannot embed "${text}"`) : Float32Array.from([1]),
        );
      },
    };
    const cached = new CachingEmbedder(inner);
    const [a, withBad, b] = await Promise.allSettled([
      cached.embed(['a']),
      cached.embed(['b', 'bad']),
      cached.embed(['b']),
    ]);
    expect(batches).toEqual([['a', 'b', 'bad']]);
    expect(a.status).toBe('fulfilled');
    expect(b.status).toBe('fulfilled');
    expect(withBad.status === 'rejected' && String(withBad.reason)).toBe('Error: picky cannot embed "bad"');
    // The failed text is forgotten and asked for again; the others come from the cache.
    await expect(cached.embed(['a', 'bad'])).rejects.toThrow('picky cannot embed');
    expect(batches).toEqual([['a', 'b', 'bad'], ['bad']]);
  });
});

describe('thresholds', () => {
  it('keeps the reference values for servers and calibrated ones for the offline embedders', () => {
    expect(thresholdsFor('openai-compatible:all-mpnet-base-v2')).toEqual(REFERENCE_THRESHOLDS);
    expect(thresholdsFor('use-lite').strict).toBeLessThan(REFERENCE_THRESHOLDS.strict);
  });
});

describe('createEmbedder', () => {
  it('names the choices for an unknown embedder and asks for a base URL', async () => {
    await expect(createEmbedder('word2vec')).rejects.toThrow(/use-lite.*lexical.*openai-compatible/);
    await expect(createEmbedder('openai-compatible:mini')).rejects.toThrow(/--embedder-base-url/);
  });

  it('fails before the run when the embedding server is unreachable', async () => {
    await expect(createEmbedder('openai-compatible:mini', { baseUrl: 'http://127.0.0.1:9/v1' })).rejects.toThrow(
      /embedding server http:\/\/127\.0\.0\.1:9\/v1 \(model mini\) failed/,
    );
  });
});

describe('OpenAI-compatible embedder over real HTTP', () => {
  let server: Server;
  let baseUrl = '';
  const requests: { model: string; input: string[] }[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const parsed = JSON.parse(body) as { model: string; input: string[] };
        requests.push(parsed);
        if (request.url !== '/v1/embeddings') {
          response.writeHead(404).end();
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            object: 'list',
            model: parsed.model,
            data: parsed.input.map((text, index) => ({ object: 'embedding', index, embedding: [text.length, 1, 0] })),
            usage: { prompt_tokens: 1, total_tokens: 1 },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('embeds through /v1/embeddings, checks the server first and caches', async () => {
    const embedder = await createEmbedder('openai-compatible:tiny-model', { baseUrl });
    expect(embedder.id).toBe('openai-compatible:tiny-model');
    const vectors = await embedder.embed(['abc', 'de', 'abc']);
    expect(vectors.map((vector) => [...vector])).toEqual([
      [3, 1, 0],
      [2, 1, 0],
      [3, 1, 0],
    ]);
    await embedder.embed(['de']);
    expect(requests.map((request) => request.input)).toEqual([['toolgauge embedder check'], ['abc', 'de']]);
    expect(requests.every((request) => request.model === 'tiny-model')).toBe(true);
  });
});

describe('Universal Sentence Encoder lite (offline default)', () => {
  it('loads from the installed package and gives 512-dimensional vectors that tell paraphrases apart', async () => {
    const embedder = new UseLiteEmbedder();
    const [a, b, c] = await embedder.embed([
      'Remind me to call grandma',
      'Set a reminder to phone my grandmother',
      'The quarterly revenue report is late',
    ]);
    if (!a || !b || !c) throw new Error('missing vectors');
    expect(a.length).toBe(512);
    expect(cosineSimilarity(a, b)).toBeGreaterThan(cosineSimilarity(a, c) + 0.2);
  }, 30_000);

  it('gives a text the same vector alone or asked together with others, longer ones included', async () => {
    // The long text pads the others when they share a model call: their vectors would move in the last
    // bits, and a run's scores would depend on which episodes happened to ask at the same moment.
    const texts = [
      'Book a table for two',
      'What is the weather in Oslo?',
      "{'query': 'MSFT'}",
      'Cancel my alarm, then book a table for two at the Italian place near the station for eight tonight',
    ];
    const alone: Float32Array[] = [];
    for (const text of texts) {
      const [vector] = await new CachingEmbedder(new UseLiteEmbedder()).embed([text]);
      if (vector) alone.push(vector);
    }
    // Asked at the same moment through a run's caching embedder: one call to the model thread.
    const embedder = new CachingEmbedder(new UseLiteEmbedder());
    const together = await Promise.all([
      embedder.embed([texts[2] as string]),
      embedder.embed([texts[0] as string, texts[3] as string]),
      embedder.embed([texts[1] as string, texts[2] as string]),
    ]);
    const bits = (vector: Float32Array | undefined) => [...(vector ?? [])];
    expect(together.map((vectors) => vectors.length)).toEqual([1, 2, 2]);
    expect(bits(together[0]?.[0])).toEqual(bits(alone[2]));
    expect(bits(together[1]?.[0])).toEqual(bits(alone[0]));
    expect(bits(together[1]?.[1])).toEqual(bits(alone[3]));
    expect(bits(together[2]?.[0])).toEqual(bits(alone[1]));
    expect(bits(together[2]?.[1])).toEqual(bits(alone[2]));
  }, 30_000);

  it('runs two model threads (one on one core), or as many as TOOLGAUGE_EMBEDDER_THREADS says', () => {
    expect(modelThreadLimit({ TOOLGAUGE_EMBEDDER_THREADS: '3' })).toBe(3);
    expect(modelThreadLimit({})).toBe(Math.min(2, availableParallelism()));
    expect(modelThreadLimit({ TOOLGAUGE_EMBEDDER_THREADS: 'many' })).toBe(Math.min(2, availableParallelism()));
  });

  it('runs the model off the main thread, so a run keeps going while texts are embedded', async () => {
    const embedder = new UseLiteEmbedder();
    await embedder.ready();
    const texts = Array.from(
      { length: 32 },
      (_, index) => `A sentence of its own, number ${index}, about nothing much.`,
    );
    const mainThread = process.threadCpuUsage();
    const vectors = await embedder.embed(texts);
    const used = process.threadCpuUsage(mainThread);
    expect(vectors).toHaveLength(32);
    // On the main thread these 32 texts cost about 450 ms of its CPU; from the model's thread, next to nothing.
    expect((used.user + used.system) / 1000).toBeLessThan(100);
  }, 30_000);
});
