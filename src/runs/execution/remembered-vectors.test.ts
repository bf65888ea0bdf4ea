import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getBenchmark, loadAllBenchmarks } from '../../benchmarks/registry.js';
import { lexicalVector } from '../../embeddings/index.js';
import type { Embedder } from '../../spec/index.js';
import { buildRunReport } from '../outputs/run-report.js';
import { loadPriceTable } from '../pricing/price-table.js';
import { RunStore } from '../store/run-store.js';
import { rememberingVectors, vectorKey } from './remembered-vectors.js';
import { runBenchmark } from './run-benchmark.js';

// The benchmarks these tests use synchronously (`getBenchmark`): importing the registry loads none.
await loadAllBenchmarks();

/** A lexical embedder that counts the texts it is asked for, with a fingerprint unless given `null`. */
function countingEmbedder(fingerprint: string | null = 'counting v1') {
  const asked: string[] = [];
  const embedder: Embedder & { asked: string[] } = {
    id: 'counting',
    dimensions: 512,
    ...(fingerprint === null ? {} : { fingerprint }),
    asked,
    async embed(texts) {
      asked.push(...texts);
      return texts.map((text) => lexicalVector(text));
    },
  };
  return embedder;
}

const bits = (vectors: readonly Float32Array[]) => vectors.map((vector) => [...vector]);

describe('vectors remembered in the store', () => {
  it('embeds a text once per store: a later embedder with the same fingerprint reads it back, bit for bit', async () => {
    const store = await RunStore.open(':memory:');
    const first = countingEmbedder();
    const texts = ['Book a table for two', "{'query': 'MSFT'}", 'Cancel my alarm'];
    const vectors = await rememberingVectors(first, store).embed(texts);
    expect(first.asked).toEqual(texts);

    const later = countingEmbedder();
    const again = await rememberingVectors(later, store).embed([
      texts[1] as string,
      'A text not seen',
      texts[0] as string,
    ]);
    expect(later.asked).toEqual(['A text not seen']);
    expect(bits([again[0] as Float32Array, again[2] as Float32Array])).toEqual(
      bits([vectors[1], vectors[0]] as Float32Array[]),
    );
    expect(bits([again[1] as Float32Array])).toEqual(bits([lexicalVector('A text not seen')]));

    // Another model (another fingerprint) never gets these vectors.
    const other = countingEmbedder('counting v2');
    await rememberingVectors(other, store).embed(texts);
    expect(other.asked).toEqual(texts);
    store.close();
  });

  it('keeps nothing for an embedder without a fingerprint, and embeds again an entry that is not a vector of its size', async () => {
    const store = await RunStore.open(':memory:');
    const plain = countingEmbedder(null);
    expect(rememberingVectors(plain, store)).toBe(plain);

    store.cachePut(vectorKey('counting v1', 'Cancel my alarm'), Buffer.alloc(12).toString('base64'), 'now');
    const embedder = countingEmbedder();
    const [vector] = await rememberingVectors(embedder, store).embed(['Cancel my alarm']);
    expect(embedder.asked).toEqual(['Cancel my alarm']);
    expect(vector?.length).toBe(512);
    store.close();
  });

  it('lets a second T-Eval run on the same store score from the first run’s vectors, unless the cache is off', async () => {
    const store = await RunStore.open(join(await mkdtemp(join(tmpdir(), 'remembered-vectors-')), 'runs.db'));
    const run = (runId: string, embedder: Embedder, cache: 'use' | 'off') =>
      runBenchmark({
        benchmark: getBenchmark('teval'),
        runId,
        store,
        settings: { benchmark: 'teval', agent: 'oracle', run: runId },
        options: {},
        selection: { casePattern: '*plan*', limit: 60 },
        trials: 1,
        participants: { agent: 'oracle', user: 'scripted', agentSettings: {}, userSettings: {}, cache },
        context: {
          adapterFor: () => {
            throw new Error('the oracle needs no model');
          },
        },
        embedderFactory: async () => embedder,
        prices: loadPriceTable(),
        concurrency: 4,
      });
    const first = countingEmbedder();
    await run('first', first, 'use');
    expect(first.asked.length).toBeGreaterThan(0);

    const second = countingEmbedder();
    await run('second', second, 'use');
    expect(second.asked).toEqual([]);
    const scores = (runId: string) =>
      store.episodes(runId, { withRecords: false }).map((episode) => [episode.caseId, episode.metrics]);
    expect(scores('second')).toEqual(scores('first'));
    expect(buildRunReport(store, 'second').benchmarks.teval?.overall.score).toBe(1);

    const uncached = countingEmbedder();
    await run('third', uncached, 'off');
    expect(new Set(uncached.asked)).toEqual(new Set(first.asked));
    store.close();
  }, 60_000);
});
