/**
 * What a role sees of a tool: its name, description and parameters as JSON Schema. This is the shape
 * given to model adapters and printed by `toolgauge list tools`.
 */
import type { Role } from './roles.js';

/** `read` tools never change the world; `action` tools may. */
export type ToolKind = 'read' | 'action';

/** A JSON Schema object (draft 2020-12), kept loose on purpose: adapters pass it through. */
export type JsonSchema = Readonly<Record<string, unknown>>;

export interface ToolSchema {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the argument object; every property carries a `description`. */
  readonly parameters: JsonSchema;
}

/** Everything known about a tool beyond what the model sees. */
export interface ToolInfo extends ToolSchema {
  readonly kind: ToolKind;
  /** Grouping used for listings and distraction-tool ranking (e.g. `settings`, `contacts`). */
  readonly domain: string;
  /** Who may call it. Most tools are the agent's; `end_conversation` is the user's. */
  readonly roles: readonly Role[];
  /** The world settings the tool needs switched on (e.g. `wifi`), for documentation and listings. */
  readonly dependsOn: readonly string[];
  /** What a successful call returns, in words. */
  readonly returns: string;
}
