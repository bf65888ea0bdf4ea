export * from './answer-facts.js';
export * from './claim-detector.js';
export * from './column-similarity.js';
export * from './episode-averages.js';
export * from './episode-view.js';
export * from './rouge-l.js';
export * from './row-assignment.js';
export * from './trial-statistics.js';
