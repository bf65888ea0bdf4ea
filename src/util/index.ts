export * from './canonical-json.js';
export * from './remembered.js';
export * from './seeded-random.js';
export * from './yaml-text.js';
