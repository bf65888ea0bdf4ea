import type { ToolView } from '../tool-set.js';
import { type PropertySchema, rewriteArgumentProperties } from './argument-properties.js';

/** Keywords whose value is a map from names to subschemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose value is a list of subschemas. */
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
/** Keywords whose value is one subschema. */
const SCHEMA_VALUES = new Set([
  'items',
  'additionalProperties',
  'not',
  'contains',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
]);

/**
 * Shows a tool without the documentation of its arguments: every argument keeps its name and type
 * (and its constraints, such as an enum or a range) but loses its `description`, including the
 * descriptions inside it (the fields of an object argument, the items of a list). The tool's own
 * description is kept.
 */
export function scrambleArgumentDescriptions(view: ToolView): ToolView {
  const parameters = rewriteArgumentProperties(view.schema.parameters, withoutDescriptions);
  return { ...view, schema: { ...view.schema, parameters } };
}

/**
 * Removes `description` from a schema and its subschemas, following only the keywords that hold
 * subschemas: values such as `enum`, `const` or `default` are data and are left alone, as are the
 * names under `properties` (an argument may well be called `description`).
 */
function withoutDescriptions(schema: PropertySchema): PropertySchema {
  const result: PropertySchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'description') continue;
    result[keyword] = subschemasWithoutDescriptions(keyword, value);
  }
  return result;
}

function subschemasWithoutDescriptions(keyword: string, value: unknown): unknown {
  if (SCHEMA_MAPS.has(keyword) && isSchema(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([name, subschema]) => [
        name,
        isSchema(subschema) ? withoutDescriptions(subschema) : subschema,
      ]),
    );
  }
  if (SCHEMA_LISTS.has(keyword) && Array.isArray(value)) {
    return value.map((subschema) => (isSchema(subschema) ? withoutDescriptions(subschema) : subschema));
  }
  if (SCHEMA_VALUES.has(keyword) && isSchema(value)) return withoutDescriptions(value);
  return value;
}

function isSchema(value: unknown): value is PropertySchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
