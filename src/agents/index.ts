export * from './reference-conversation.js';
export * from './replay-agent.js';
export * from './solution-agent.js';
