/**
 * toolgauge's contracts. This module imports nothing from the rest of toolgauge; everything else
 * depends on it.
 */
export * from './benchmark.js';
export * from './benchmark-declaration.js';
export * from './diagnostics.js';
export * from './embedder.js';
export * from './errors.js';
export * from './message.js';
export * from './model.js';
export * from './participant.js';
export * from './reference.js';
export * from './roles.js';
export * from './termination.js';
export * from './tool.js';
export * from './tool-call.js';
export * from './trajectory.js';
export * from './world.js';
