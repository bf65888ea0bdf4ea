export * from './episode-clock.js';
export * from './replay-world.js';
export * from './world-diff.js';
export * from './world-schema.js';
export * from './world-snapshot.js';
export * from './world-timeline.js';
