/**
 * The reference model server: a fake LLM over real HTTP that plays the gold solutions of the registered
 * benchmarks (ToolSandbox also as the user, with scripted replies) to native and prompt-mode clients, with
 * optional seeded faults.
 */

export { REFERENCE_CLOSING } from '../agents/index.js';
export * from './fault-plan.js';
export {
  MODEL_ROUTES,
  type ReferenceServer,
  type ReferenceServerOptions,
  startReferenceServer,
} from './reference-server.js';
export { parseServeOptions, type ServeFlags } from './serve-options.js';
export type { ServerStats } from './server-stats.js';
