import { SANDBOX_DOMAINS } from '../../domains/sandbox/index.js';
import { endConversationTool } from '../../engine/index.js';
import { rememberNameSimilarities, ToolRegistry } from '../../tools/index.js';
import { defineWorldSchema, type WorldSchema } from '../../world/index.js';
import { TOOL_NAME_SIMILARITIES } from './tool-name-similarities.js';

/** The sandbox benchmark's tools and world schema, built once per process (both are immutable). */
export interface SandboxToolkit {
  readonly registry: ToolRegistry;
  readonly schema: WorldSchema;
}

let toolkit: SandboxToolkit | undefined;

export function sandboxToolkit(): SandboxToolkit {
  if (!toolkit) {
    toolkit = {
      registry: new ToolRegistry([...SANDBOX_DOMAINS.flatMap((domain) => domain.tools), endConversationTool]),
      schema: defineWorldSchema(SANDBOX_DOMAINS.flatMap((domain) => domain.tables)),
    };
    // Ranking distraction tools compares tool names pairwise (fuzzball's WRatio, the slowest part of
    // building a case's tools): the generated table holds every pair of the agent tools' names.
    rememberNameSimilarities(TOOL_NAME_SIMILARITIES);
  }
  return toolkit;
}
