export * from './confirmation.js';
export * from './llm-user.js';
export * from './scripted-user.js';
