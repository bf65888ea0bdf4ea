/**
 * The reference model server: a fake LLM over real HTTP that plays the sandbox scenarios perfectly, as
 * the agent (gold solutions) and as the user (scripted replies), with optional seeded faults.
 */
export * from './fault-plan.js';
export { REFERENCE_CLOSING } from './reference-agent.js';
export {
  MODEL_ROUTES,
  type ReferenceServer,
  type ReferenceServerOptions,
  startReferenceServer,
} from './reference-server.js';
export { parseServeOptions, type ServeFlags } from './serve-options.js';
export type { ServerStats } from './server-stats.js';
