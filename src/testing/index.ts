/**
 * Test doubles and helpers, on the `toolgauge/testing` export. Production code never imports this.
 */

export { demoSchema, playDemoEpisode, textTurn, toolCallTurn } from '../demo/demo-episode.js';
export { demoDomain as tinyDomain, demoWorldRows as tinyWorldRows } from '../domains/demo/index.js';
export { ScriptedUser } from '../users/index.js';
export * from './oracle-jobs.js';
export * from './run-tool.js';
export * from './scripted-model.js';
