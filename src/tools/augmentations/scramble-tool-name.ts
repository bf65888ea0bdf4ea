import type { ToolRegistry } from '../tool-registry.js';
import type { ToolView } from '../tool-set.js';
import { compareNames } from './distraction-ranking.js';

/**
 * The uninformative name of every agent tool of a registry: `<domain>_<n>`, where n counts from 0
 * through the domain's agent tools sorted by real name (`messaging_0`, `messaging_1`, …). The numbering
 * depends on the whole registry, not on the tools a scenario offers, so a tool carries the same
 * scrambled name in every scenario. Characters a tool name may not hold become `_`.
 */
export function scrambledToolNames(registry: ToolRegistry): ReadonlyMap<string, string> {
  const byDomain = new Map<string, string[]>();
  for (const tool of registry.forRole('agent')) {
    const names = byDomain.get(tool.domain) ?? [];
    names.push(tool.name);
    byDomain.set(tool.domain, names);
  }
  const scrambled = new Map<string, string>();
  for (const [domain, names] of byDomain) {
    const prefix = domain.replace(/[^A-Za-z0-9_]/g, '_');
    names.sort(compareNames).forEach((name, position) => {
      scrambled.set(name, `${prefix}_${position}`);
    });
  }
  return scrambled;
}

/**
 * Shows a tool under its scrambled name. The view keeps the real tool, so the executor runs it and
 * the trace records the real name; only the agent's view changes.
 */
export function scrambleToolName(view: ToolView, scrambledNames: ReadonlyMap<string, string>): ToolView {
  const name = scrambledNames.get(view.tool.name);
  if (name === undefined) return view;
  return { ...view, schema: { ...view.schema, name } };
}
