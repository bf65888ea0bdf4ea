/**
 * What a run sees when the offline model cannot load: a clear error naming the packages, and a later
 * request that tries again on a new thread (the failed one is gone). The embeddings package is made to
 * fail by resolving it to a module that throws as it loads.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type * as NodeModule from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const state = vi.hoisted(() => ({ broken: true, brokenPath: '' }));

vi.mock('node:module', async (importOriginal) => {
  const actual = await importOriginal<typeof NodeModule>();
  return {
    ...actual,
    createRequire(from: string | URL) {
      const real = actual.createRequire(from);
      const resolve = (id: string, options?: { paths?: string[] }) =>
        state.broken && id === '@energetic-ai/embeddings' ? state.brokenPath : real.resolve(id, options);
      return Object.assign((id: string) => real(id), real, { resolve });
    },
  };
});

const { UseLiteEmbedder } = await import('./use-lite-embedder.js');

describe('use-lite when its model cannot load', () => {
  it('fails the request with an error naming the packages, and loads afresh on the next request', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'use-lite-broken-'));
    state.brokenPath = join(folder, 'broken-embeddings.mjs');
    writeFileSync(state.brokenPath, "throw new Error('this copy of the package is broken');\n");

    await expect(new UseLiteEmbedder().embed(['Book a table for two'])).rejects.toThrow(
      /use-lite\) could not be loaded: this copy of the package is broken.*@energetic-ai\/embeddings/,
    );
    await expect(new UseLiteEmbedder().ready()).rejects.toThrow(/could not be loaded/);

    state.broken = false;
    const [vector] = await new UseLiteEmbedder().embed(['Book a table for two']);
    expect(vector?.length).toBe(512);
  }, 30_000);
});
