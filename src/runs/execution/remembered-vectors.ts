import type { Embedder } from '../../spec/index.js';
import { crypto } from '../../util/built-ins-on-demand.js';
import type { RunStore } from '../store/run-store.js';

/** Bumped whenever what goes into a vector's key or how it is written changes. */
export const VECTOR_KEY_VERSION = 1;

/**
 * A vector's key in the store's response cache: a hash of the embedder's fingerprint and the text, under
 * a tag of its own, so it can never be a model response's key.
 */
export function vectorKey(fingerprint: string, text: string): string {
  return crypto()
    .createHash('sha256')
    .update(`toolgauge vector ${VECTOR_KEY_VERSION}\u0000${Buffer.byteLength(fingerprint)}:${fingerprint}\u0000`)
    .update(text)
    .digest('hex');
}

/** The vector's float32 bytes (little-endian), in base64: exact, and about a third of its JSON. */
function encodeVector(vector: Float32Array): string {
  const bytes = Buffer.alloc(vector.length * 4);
  for (let index = 0; index < vector.length; index += 1) bytes.writeFloatLE(vector[index] as number, index * 4);
  return bytes.toString('base64');
}

function decodeVector(text: string, dimensions: number): Float32Array | undefined {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length % 4 !== 0 || (dimensions > 0 && bytes.length !== dimensions * 4)) return undefined;
  const vector = new Float32Array(bytes.length / 4);
  for (let index = 0; index < vector.length; index += 1) vector[index] = bytes.readFloatLE(index * 4);
  return vector;
}

/**
 * An embedder whose vectors are remembered in the run store's response cache, keyed by its fingerprint
 * and the text: a later run on the same store (another model, another trial, a resume, another worker)
 * embeds only the texts no run has embedded before. T-Eval's and ToolTalk's ground-truth texts recur in
 * every run, and the offline model costs 13–14 ms of CPU per text. An entry that does not decode to a
 * vector of the embedder's size is ignored and embedded again.
 */
export class RememberingEmbedder implements Embedder {
  constructor(
    private readonly inner: Embedder,
    readonly fingerprint: string,
    private readonly store: RunStore,
  ) {}

  get id(): string {
    return this.inner.id;
  }

  get dimensions(): number {
    return this.inner.dimensions;
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<readonly Float32Array[]> {
    const keys = texts.map((text) => vectorKey(this.fingerprint, text));
    const stored = this.store.cacheGetMany(keys);
    const vectors = keys.map((key) => {
      const text = stored.get(key);
      return text === undefined ? undefined : decodeVector(text, this.inner.dimensions);
    });
    const missing = texts.filter((_, index) => vectors[index] === undefined);
    if (missing.length === 0) return vectors as Float32Array[];
    const embedded = await this.inner.embed(missing, signal);
    const createdAt = new Date().toISOString();
    let next = 0;
    return vectors.map((vector, index) => {
      if (vector) return vector;
      const fresh = embedded[next++] as Float32Array;
      this.store.cachePut(keys[index] as string, encodeVector(fresh), createdAt);
      return fresh;
    });
  }
}

/** The embedder, remembering its vectors in the store when it has a fingerprint to key them by. */
export function rememberingVectors(embedder: Embedder, store: RunStore | undefined): Embedder {
  const { fingerprint } = embedder;
  if (!store || fingerprint === undefined) return embedder;
  return new RememberingEmbedder(embedder, fingerprint, store);
}
