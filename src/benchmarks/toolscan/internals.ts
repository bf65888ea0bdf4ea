/**
 * ToolScan's building blocks for toolgauge's own tests and bench scripts (not the public API: import the
 * benchmark from `index.ts`).
 */
export { answerMatches, normaliseText } from './answer-check.js';
export { apiNameSimilarity } from './api-similarity.js';
export { queryFileJsonSchema } from './cases.js';
export { loadToolscanQueries, type ToolscanCase } from './load-cases.js';
export { oracleAgent, sprayAgent, unhelpfulAgent } from './oracle.js';
export { playQuery } from './play.js';
export { scoreEpisode } from './score.js';
