/**
 * Makes the run's embedder from `--embedder`: `use-lite` (the offline default), `lexical`, or
 * `openai-compatible:<model>` with `--embedder-base-url`. The embedder is checked before it is returned
 * (the model loads, the server answers one probe), so an unavailable model or server is a clear error
 * before a run starts rather than a failure mid-run. The result caches vectors for the run.
 */

import type { Embedder } from '../spec/index.js';
import { DefinitionError } from '../spec/index.js';
import { CachingEmbedder } from './caching-embedder.js';
import { LexicalEmbedder } from './lexical-embedder.js';
import { OpenAICompatibleEmbedder } from './openai-compatible-embedder.js';
import { UseLiteEmbedder } from './use-lite-embedder.js';

export const DEFAULT_EMBEDDER = 'use-lite';

export interface CreateEmbedderOptions {
  /** Base URL of an OpenAI-compatible server (`--embedder-base-url`), e.g. `http://localhost:8080/v1`. */
  readonly baseUrl?: string;
  /** Its API key, if it needs one (default: the `TOOLGAUGE_EMBEDDER_API_KEY` environment variable). */
  readonly apiKey?: string;
  /** Skip the availability probe (tests that check it themselves). */
  readonly skipCheck?: boolean;
  readonly signal?: AbortSignal;
}

export async function createEmbedder(spec: string, options: CreateEmbedderOptions = {}): Promise<CachingEmbedder> {
  const embedder = makeEmbedder(spec, options);
  if (!options.skipCheck) {
    if (embedder instanceof UseLiteEmbedder) await embedder.ready();
    else if (embedder instanceof OpenAICompatibleEmbedder) await embedder.probe(options.signal);
  }
  return new CachingEmbedder(embedder);
}

function makeEmbedder(spec: string, options: CreateEmbedderOptions): Embedder {
  if (spec === 'use-lite') return new UseLiteEmbedder();
  if (spec === 'lexical') return new LexicalEmbedder();
  if (spec.startsWith('openai-compatible:')) {
    const model = spec.slice('openai-compatible:'.length);
    if (!model) throw new DefinitionError('--embedder openai-compatible:<model> needs a model name after the colon');
    if (!options.baseUrl) {
      throw new DefinitionError(
        `--embedder ${spec} needs --embedder-base-url (the server's OpenAI-compatible base URL, e.g. http://localhost:8080/v1)`,
      );
    }
    const apiKey = options.apiKey ?? process.env.TOOLGAUGE_EMBEDDER_API_KEY;
    return new OpenAICompatibleEmbedder({ model, baseUrl: options.baseUrl, ...(apiKey ? { apiKey } : {}) });
  }
  throw new DefinitionError(
    `unknown embedder "${spec}"; choose use-lite (offline default), lexical, or openai-compatible:<model> with --embedder-base-url`,
  );
}
