export * from './argument-check.js';
export * from './call-orders.js';
export * from './diagnostics.js';
export * from './end-conversation.js';
export * from './episode.js';
export * from './executor.js';
export * from './message-bus.js';
export * from './render-outcome.js';
