/**
 * toolgauge: measure how well large language models use tools.
 *
 * The library surface: contracts, the world, tool definitions, the episode engine, agents and users.
 * Test doubles live on `toolgauge/testing`.
 */
export * from './agents/index.js';
export { runExampleEpisode } from './demo/example-episode.js';
export type { Domain } from './domains/domain.js';
export * from './engine/index.js';
export * from './models/index.js';
export * from './spec/index.js';
export * from './tools/index.js';
export * from './users/index.js';
export * from './world/index.js';
