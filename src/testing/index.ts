/**
 * Test doubles and helpers, on the `toolgauge/testing` export. Production code never imports this.
 */
export { demoDomain as tinyDomain, demoWorldRows as tinyWorldRows } from '../domains/demo/index.js';
export { ScriptedUser } from '../users/index.js';
export * from './demo-episode.js';
export * from './oracle-jobs.js';
export * from './run-tool.js';
export * from './scripted-model.js';
