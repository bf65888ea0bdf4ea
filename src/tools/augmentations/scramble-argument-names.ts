import type { ToolView } from '../tool-set.js';
import { argumentProperties } from './argument-properties.js';

/**
 * Shows a tool with uninformative argument names: `arg_0`, `arg_1`, … in declaration order, in
 * `properties` and in `required`. The view's `argumentNames` maps each shown name back to the real
 * one, so the executor renames a call's arguments before checking and running it, and speaks of the
 * shown names in its errors; a real name used in a call is an unknown argument.
 *
 * The reference describes this augmentation but never implemented it. Descriptions are kept as they
 * are, even where one mentions another argument by its real name.
 */
export function scrambleArgumentNames(view: ToolView): ToolView {
  const { parameters } = view.schema;
  const realToShown = new Map(
    argumentProperties(parameters).map(([realName], position) => [realName, `arg_${position}`]),
  );
  const shownToReal = new Map([...realToShown].map(([realName, shownName]) => [shownName, realName]));

  const copy = structuredClone(parameters) as Record<string, unknown>;
  if ('properties' in copy) {
    copy.properties = Object.fromEntries(
      argumentProperties(copy).map(([realName, property]) => [realToShown.get(realName) ?? realName, property]),
    );
  }
  if (Array.isArray(copy.required)) {
    copy.required = copy.required.map((realName: unknown) =>
      typeof realName === 'string' ? (realToShown.get(realName) ?? realName) : realName,
    );
  }
  return { ...view, schema: { ...view.schema, parameters: copy }, argumentNames: shownToReal };
}
