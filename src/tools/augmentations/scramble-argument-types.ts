import type { ToolView } from '../tool-set.js';
import { rewriteArgumentProperties } from './argument-properties.js';

/**
 * Shows a tool without the types of its arguments: every argument keeps only its `description`, so
 * `type`, `anyOf`, `enum`, `const`, `format`, `pattern`, `minimum`, `items`, `default` and any other
 * keyword that tells what a value looks like are gone. The agent still sees the argument names, which
 * arguments are required, and their documentation.
 *
 * Keeping only what is known to be harmless (rather than deleting a list of type keywords) means a
 * keyword nobody thought of cannot leak a type. The problem stays solvable as the paper requires: the
 * executor still checks each call against the tool's real schema, and its `invalid-argument-type`
 * error names the expected type.
 */
export function scrambleArgumentTypes(view: ToolView): ToolView {
  const parameters = rewriteArgumentProperties(view.schema.parameters, (property) =>
    typeof property.description === 'string' ? { description: property.description } : {},
  );
  // Shared definitions are only reachable through argument types, which are gone; they would
  // otherwise still spell the types out.
  const { $defs: _definitions, definitions: _oldDefinitions, ...rest } = parameters as Record<string, unknown>;
  return { ...view, schema: { ...view.schema, parameters: rest } };
}
