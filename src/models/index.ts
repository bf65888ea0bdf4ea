export * from './conversation-to-model.js';
export * from './model-agent.js';
export * from './providers/index.js';
