import { SANDBOX_DOMAINS } from '../../domains/sandbox/index.js';
import { endConversationTool } from '../../engine/index.js';
import { ToolRegistry } from '../../tools/index.js';
import { defineWorldSchema, type WorldSchema } from '../../world/index.js';

/** The sandbox benchmark's tools and world schema, built once per process (both are immutable). */
export interface SandboxToolkit {
  readonly registry: ToolRegistry;
  readonly schema: WorldSchema;
}

let toolkit: SandboxToolkit | undefined;

export function sandboxToolkit(): SandboxToolkit {
  toolkit ??= {
    registry: new ToolRegistry([...SANDBOX_DOMAINS.flatMap((domain) => domain.tools), endConversationTool]),
    schema: defineWorldSchema(SANDBOX_DOMAINS.flatMap((domain) => domain.tables)),
  };
  return toolkit;
}
