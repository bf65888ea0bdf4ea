import { createRequire } from 'node:module';
import type { ModelAdapter } from '../../spec/index.js';
import type { CreateModelAdapterOptions } from './create-model-adapter.js';

const require = createRequire(import.meta.url);

/**
 * `createModelAdapter` (see `create-model-adapter.ts`) for the package's entry point, which must not load
 * the model providers' SDKs (the AI SDK, undici: most of a second) when `toolgauge` is imported: they
 * are loaded on the first call, synchronously (Node ≥ 22.12 requires an ES module whose graph has no
 * top-level await), into the same module instances a static import gives.
 *
 * @throws Error for a malformed spec, a missing key (naming the variable) or a missing base URL.
 */
export function createModelAdapter(spec: string, options: CreateModelAdapterOptions = {}): ModelAdapter {
  const providers = require('./create-model-adapter.js') as typeof import('./create-model-adapter.js');
  return providers.createModelAdapter(spec, options);
}
