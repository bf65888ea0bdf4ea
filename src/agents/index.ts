export * from './replay-agent.js';
