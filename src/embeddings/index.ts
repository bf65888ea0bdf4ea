export * from './caching-embedder.js';
export * from './cosine.js';
export * from './create-embedder.js';
export * from './lexical-embedder.js';
export * from './openai-compatible-embedder.js';
export * from './similarity-thresholds.js';
export * from './use-lite-embedder.js';
