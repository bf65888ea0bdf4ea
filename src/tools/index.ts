export * from './augmentations/index.js';
export * from './define-tool.js';
export * from './tool-context.js';
export * from './tool-failure.js';
export * from './tool-fingerprint.js';
export * from './tool-registry.js';
export * from './tool-set.js';
