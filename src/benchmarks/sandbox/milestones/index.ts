export * from './constraint-score.js';
export * from './evaluate-episode.js';
export * from './guardrail.js';
export * from './milestone-matcher.js';
export * from './milestone-spec.js';
export * from './turn-count.js';
