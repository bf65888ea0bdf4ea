import { remembered } from '../../util/remembered.js';
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
  const { offered, mention, results: resultsOf } = prepared(tools);
  if (!mention) return text;
  const results = resultsOf();
  const resultKey = `${mode}\u0000${owner ?? ''}\u0000${text}`;
  const known = results.get(resultKey);
  if (known !== undefined) return known;
  const presented = presentWith(text, offered, mention, owner, mode);
  if (results.size >= MAX_RESULTS) results.clear();
  results.set(resultKey, presented);
  return presented;
}

/** Where a text breaks into sentences (a sentence naming a tool the agent lacks is dropped whole). */
const SENTENCE_BREAK = /(?<=[.!?])\s+(?=[A-Z(`"])/;

function presentWith(
  text: string,
  offered: ReadonlyMap<string, ToolView>,
  mention: RegExp,
  owner: string | undefined,
  mode: 'description' | 'errors',
): string {
  const ownView = owner === undefined ? undefined : offered.get(owner);
  const sentences = text.split(SENTENCE_BREAK);
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

interface PreparedTools {
  readonly offered: ReadonlyMap<string, ToolView>;
  /** Any tool name, offered or withheld, optionally followed by a call's arguments; undefined for none. */
  readonly mention: RegExp | undefined;
  /**
   * Texts already presented, shared by every tool set that shows the same tools under the same names
   * (what presenting reads): a benchmark builds one tool set per case, mostly of the same tools.
   */
  readonly results: () => Map<string, string>;
}

const MAX_RESULTS = 20_000;
/** Presented texts per tool-set signature (bounded: cleared when it grows past 2,000 signatures). */
const resultsBySignature = new Map<string, Map<string, string>>();

/** Per tool set (they are immutable): its views by real name and the pattern of its names. */
const preparedTools = new WeakMap<ToolSet, PreparedTools>();
/** Patterns per list of names (most tool sets of a benchmark name the same tools). */
const mentionPatterns = new Map<string, RegExp>();

function prepared(tools: ToolSet): PreparedTools {
  const known = preparedTools.get(tools);
  if (known) return known;
  const offered = new Map(tools.views.map((view) => [view.tool.name, view]));
  const withheld = tools.withheld.filter((name) => !offered.has(name));
  const allNames = [...offered.keys(), ...withheld].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  let mention: RegExp | undefined;
  if (allNames.length > 0) {
    const key = allNames.join('|');
    mention = mentionPatterns.get(key);
    if (!mention) {
      // `matchAll` and `replace` start a global pattern afresh, so one object serves every caller.
      mention = new RegExp(`\\b(${allNames.map(escapeRegExp).join('|')})\\b(\\(([^)]*)\\))?`, 'g');
      if (mentionPatterns.size >= 1000) mentionPatterns.clear();
      mentionPatterns.set(key, mention);
    }
  }
  // Everything presenting reads: each offered tool's real and shown names and shown argument names,
  // and the withheld names (order does not matter). Worked out when a text is first presented.
  let results: Map<string, string> | undefined;
  const resultsOf = (): Map<string, string> => {
    if (results) return results;
    const signature = JSON.stringify([
      [...offered.values()]
        .map((view) => [view.tool.name, view.schema.name, [...(view.argumentNames ?? [])]])
        .sort((a, b) => ((a[0] as string) < (b[0] as string) ? -1 : 1)),
      [...withheld].sort(),
    ]);
    results = resultsBySignature.get(signature);
    if (!results) {
      if (resultsBySignature.size >= 2000) resultsBySignature.clear();
      results = new Map();
      resultsBySignature.set(signature, results);
    }
    return results;
  };
  const result = { offered, mention, results: resultsOf };
  preparedTools.set(tools, result);
  return result;
}

/**
 * Lets `tools` present texts as `like` does, without working out again what that reads: the caller
 * vouches that both show the same tools under the same names and withhold the same ones (e.g. the same
 * views in another order, or presented views of the same scrambled ones).
 */
export function presentLike(tools: ToolSet, like: ToolSet): void {
  if (!preparedTools.has(tools)) preparedTools.set(tools, prepared(like));
}

/**
 * A tool's schema with its description and argument descriptions presented to the agent.
 *
 * A view's texts read only the tools they mention (whether each is offered, its shown name and shown
 * argument names) and the tool's own shown argument names, so a presented schema is remembered per
 * schema object and those facts: the same tool under the same augmentation is presented once for every
 * tool set that offers the tools it mentions alike, whatever else the sets hold.
 */
export function presentToolView(view: ToolView, tools: ToolSet): ToolView {
  const { offered, mention } = prepared(tools);
  if (!mention) return view;
  const byMention = remembered(presentedSchemas, mention, () => new WeakMap());
  const bySchema = remembered(byMention, view.schema, () => ({
    mentioned: mentionedTools(view, mention),
    presented: new Map(),
  }));
  const key = [view.tool.name, ...bySchema.mentioned]
    .map((name) => {
      const shown = offered.get(name);
      if (!shown) return `${name}\u0001`;
      const argumentNames = shown.argumentNames ? [...shown.argumentNames].join('\u0002') : '';
      return `${name}\u0001${shown.schema.name}\u0001${argumentNames}`;
    })
    .join('\u0000');
  if (bySchema.presented.has(key)) {
    const known = bySchema.presented.get(key);
    return known === undefined ? view : { ...view, schema: known };
  }
  const presented = presentViewAfresh(view, tools);
  if (bySchema.presented.size >= 256) bySchema.presented.clear();
  bySchema.presented.set(key, presented === view ? undefined : presented.schema);
  return presented;
}

/**
 * Presented schemas per name pattern (the tool names a set offers or withholds) and schema: the tools
 * the schema's texts mention, and the presented schema per key of what presenting reads (undefined when
 * nothing reads differently).
 */
const presentedSchemas = new WeakMap<
  RegExp,
  WeakMap<
    ToolView['schema'],
    {
      readonly mentioned: readonly string[];
      readonly presented: Map<string, ToolView['schema'] | undefined>;
    }
  >
>();

/** The tool names a view's description and argument descriptions mention, once each (read as presenting reads them). */
function mentionedTools(view: ToolView, mention: RegExp): string[] {
  const texts = [view.schema.description];
  for (const [, property] of argumentProperties(view.schema.parameters)) {
    if (property && typeof property === 'object' && typeof property.description === 'string') {
      texts.push(property.description);
    }
  }
  const names = new Set<string>();
  for (const text of texts) {
    for (const sentence of text.split(SENTENCE_BREAK)) {
      for (const match of sentence.matchAll(mention)) names.add(match[1] as string);
    }
  }
  return [...names];
}

function presentViewAfresh(view: ToolView, tools: ToolSet): ToolView {
  const present = (text: string) => presentToolText(text, tools, view.tool.name);
  const description = present(view.schema.description);
  // The parameters are copied only when an argument's description reads differently.
  const shown = new Map<string, string>();
  for (const [name, property] of argumentProperties(view.schema.parameters)) {
    if (property && typeof property === 'object' && typeof property.description === 'string') {
      const presented = present(property.description);
      if (presented !== property.description) shown.set(name, presented);
    }
  }
  if (description === view.schema.description && shown.size === 0) return view;
  if (shown.size === 0) return { ...view, schema: { ...view.schema, description } };
  const parameters = structuredClone(view.schema.parameters) as Record<string, unknown>;
  for (const [name, property] of argumentProperties(parameters)) {
    const presented = shown.get(name);
    if (presented !== undefined && property && typeof property === 'object') property.description = presented;
  }
  return { ...view, schema: { ...view.schema, description, parameters } };
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
