import type { ToolView } from '../tool-set.js';

/**
 * Shows a tool without its description; the agent keeps the name and the argument documentation.
 *
 * Deliberate difference from the reference: it deletes the docstring text before `Args:` with a
 * regular expression, which does not match the docstring of a tool without arguments, so those tools
 * kept their description. Here every tool loses it.
 */
export function scrambleToolDescription(view: ToolView): ToolView {
  return { ...view, schema: { ...view.schema, description: '' } };
}
