export * from './ai-sdk-adapter.js';
export * from './ai-sdk-messages.js';
export * from './create-model-adapter.js';
export * from './model-spec.js';
export * from './prompt-mode-adapter.js';
export * from './prompt-mode-instructions.js';
export * from './prompt-mode-reply-parser.js';
export * from './provider-error.js';
