import type { JsonSchema } from '../../spec/index.js';

/** One argument's JSON Schema, as found under `properties` of a tool's parameters. */
export type PropertySchema = Record<string, unknown>;

/** The declared arguments of a parameters schema, in declaration order. */
export function argumentProperties(parameters: JsonSchema): [string, PropertySchema][] {
  const properties = parameters.properties;
  if (typeof properties !== 'object' || properties === null) return [];
  return Object.entries(properties as Record<string, PropertySchema>);
}

/**
 * A new parameters schema whose argument properties are rewritten one by one, in declaration order.
 * The rewrite receives a deep copy of each property, so it may change it freely: the tool's own
 * schema is never touched. Everything outside `properties` is copied as it is.
 */
export function rewriteArgumentProperties(
  parameters: JsonSchema,
  rewrite: (property: PropertySchema, name: string) => PropertySchema,
): JsonSchema {
  const copy = structuredClone(parameters) as Record<string, unknown>;
  if (!('properties' in copy)) return copy;
  copy.properties = Object.fromEntries(
    argumentProperties(copy).map(([name, property]) => [name, rewrite(property, name)]),
  );
  return copy;
}
