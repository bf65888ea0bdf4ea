import { z } from 'zod';
import { DefinitionError, type JsonSchema, type Role, type ToolInfo, type ToolKind } from '../spec/index.js';
import type { ToolContext } from './tool-context.js';

/** The argument object schema of a tool. */
export type ToolParameters = z.ZodObject<z.ZodRawShape>;

export interface ToolDefinition<Parameters extends ToolParameters> {
  /** What the model calls it: letters, digits and underscores, starting with a letter. */
  readonly name: string;
  /** What the tool does, written for the model. */
  readonly description: string;
  /** The arguments; every one must carry `.describe(...)`, which becomes its JSON Schema description. */
  readonly parameters: Parameters;
  /** What a successful call returns, in words. */
  readonly returns: string;
  readonly kind: ToolKind;
  /** Listing group, e.g. `settings`; defaults to `general`. */
  readonly domain?: string;
  /** Who may call it; defaults to the agent only. */
  readonly roles?: readonly Role[];
  /** World settings the tool needs on (documentation only: the tool enforces them itself). */
  readonly dependsOn?: readonly string[];
  /** Runs the tool. Throw `fail(kind, message, hint)` for a typed error; return a JSON value. */
  run(args: z.output<Parameters>, context: ToolContext): unknown;
}

/** A defined tool: what the model sees, plus how to validate and run a call. */
export interface Tool extends ToolInfo {
  readonly parametersSchema: ToolParameters;
  run(args: Readonly<Record<string, unknown>>, context: ToolContext): unknown;
}

const TOOL_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/**
 * Defines a tool. Everything that could be wrong with the definition is checked here, with an error
 * naming the tool: the name, a missing description, an argument without a description, a schema that
 * cannot be exported to JSON Schema.
 */
export function defineTool<Parameters extends ToolParameters>(definition: ToolDefinition<Parameters>): Tool {
  const { name } = definition;
  if (!TOOL_NAME.test(name)) {
    throw new DefinitionError(`tool "${name}": a name is letters, digits and underscores, starting with a letter`);
  }
  if (!definition.description.trim()) throw new DefinitionError(`tool "${name}": description is empty`);
  if (!(definition.parameters instanceof z.ZodObject)) {
    throw new DefinitionError(`tool "${name}": parameters must be a zod object (z.object({...}))`);
  }
  const parameters = exportParameters(name, definition.parameters);
  return {
    name,
    description: definition.description,
    parameters,
    kind: definition.kind,
    domain: definition.domain ?? 'general',
    roles: definition.roles ?? ['agent'],
    dependsOn: definition.dependsOn ?? [],
    returns: definition.returns,
    parametersSchema: definition.parameters,
    run: (args, context) => definition.run(args as z.output<Parameters>, context),
  };
}

function exportParameters(toolName: string, parameters: ToolParameters): JsonSchema {
  let schema: Record<string, unknown>;
  try {
    schema = z.toJSONSchema(parameters, { target: 'draft-2020-12', unrepresentable: 'throw', io: 'input' });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DefinitionError(`tool "${toolName}": its parameters cannot be exported to JSON Schema: ${reason}`);
  }
  delete schema.$schema;
  const properties = (schema.properties ?? {}) as Record<string, { description?: unknown }>;
  for (const [argument, property] of Object.entries(properties)) {
    if (typeof property.description !== 'string' || !property.description.trim()) {
      throw new DefinitionError(
        `tool "${toolName}": argument "${argument}" has no description; add .describe("...") to it`,
      );
    }
  }
  return { ...schema, additionalProperties: false };
}

/** The part of a tool a model sees. */
export function toolSchema(tool: ToolInfo): { name: string; description: string; parameters: JsonSchema } {
  return { name: tool.name, description: tool.description, parameters: tool.parameters };
}
