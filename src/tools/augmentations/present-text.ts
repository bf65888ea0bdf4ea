import type { ToolSet, ToolView } from '../tool-set.js';
import { argumentProperties } from './argument-properties.js';

/**
 * Rewrites a text about tools (a tool's description, a tool error's message or hint) into the names
 * the agent sees, so augmentations do not leak and hints never point at a tool the agent lacks:
 * - a tool the agent was given is named as shown (its scrambled name), and a call written
 *   `tool(arg=…)` names its arguments as shown;
 * - a sentence that names a tool the agent was not given is dropped (e.g. "Turn cellular service on
 *   with set_cellular_service_status(on=true)…" when that switch is withheld);
 * - the owner's own arguments (the tool the text belongs to) are named as shown: those written as
 *   identifiers (`reminder_id`, `timestamp_0`) always, and in `errors` mode every argument name, since
 *   an error speaks about the call's arguments.
 */
export function presentToolText(
  text: string,
  tools: ToolSet,
  owner?: string,
  mode: 'description' | 'errors' = 'description',
): string {
  const offered = new Map(tools.views.map((view) => [view.tool.name, view]));
  const withheld = tools.withheld.filter((name) => !offered.has(name));
  const allNames = [...offered.keys(), ...withheld].sort((a, b) => b.length - a.length);
  if (allNames.length === 0) return text;
  const mention = new RegExp(`\\b(${allNames.map(escapeRegExp).join('|')})\\b(\\(([^)]*)\\))?`, 'g');
  const ownView = owner === undefined ? undefined : offered.get(owner);
  const sentences = text.split(/(?<=[.!?])\s+(?=[A-Z(`"])/);
  const kept: string[] = [];
  for (const sentence of sentences) {
    const names = [...sentence.matchAll(mention)].map((match) => match[1] as string);
    if (names.some((name) => !offered.has(name))) continue;
    const renamed = sentence.replace(mention, (_whole, name: string, call?: string, args?: string) => {
      const view = offered.get(name) as ToolView;
      const shown = view.schema.name;
      if (call === undefined) return shown;
      return `${shown}(${renameArguments(args ?? '', view, /\b([A-Za-z_][A-Za-z0-9_]*)(?=\s*=)/g)})`;
    });
    kept.push(ownView ? renameOwnArguments(renamed, ownView, mode) : renamed);
  }
  return kept.join(' ');
}

/** A tool's schema with its description and argument descriptions presented to the agent. */
export function presentToolView(view: ToolView, tools: ToolSet): ToolView {
  const present = (text: string) => presentToolText(text, tools, view.tool.name);
  const description = present(view.schema.description);
  const parameters = structuredClone(view.schema.parameters) as Record<string, unknown>;
  let changed = description !== view.schema.description;
  for (const [, property] of argumentProperties(parameters)) {
    if (property && typeof property === 'object' && typeof property.description === 'string') {
      const shown = present(property.description);
      if (shown !== property.description) {
        property.description = shown;
        changed = true;
      }
    }
  }
  return changed ? { ...view, schema: { ...view.schema, description, parameters } } : view;
}

function renameArguments(text: string, view: ToolView, pattern: RegExp): string {
  const shownOf = shownArgumentNames(view);
  if (shownOf.size === 0) return text;
  return text.replace(pattern, (name: string) => shownOf.get(name) ?? name);
}

function renameOwnArguments(text: string, view: ToolView, mode: 'description' | 'errors'): string {
  const shownOf = shownArgumentNames(view);
  const names = [...shownOf.keys()].filter((name) => mode === 'errors' || /[_0-9]/.test(name));
  if (names.length === 0) return text;
  const pattern = new RegExp(
    `\\b(${names
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|')})\\b`,
    'g',
  );
  return text.replace(pattern, (name: string) => shownOf.get(name) ?? name);
}

function shownArgumentNames(view: ToolView): Map<string, string> {
  return new Map([...(view.argumentNames ?? [])].map(([shown, real]) => [real, shown]));
}

function escapeRegExp(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
