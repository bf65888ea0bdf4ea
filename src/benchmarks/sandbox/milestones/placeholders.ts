import type { EpisodeView } from '../../../scoring/episode-view.js';
import { rememberedUpTo } from '../../../util/index.js';
import type { MatchContext } from './milestone-matcher.js';
import { PLACEHOLDER } from './milestone-spec.js';

/**
 * The value a placeholder `{{milestone.path}}` stands for: the field at `path` of the tool result
 * matched by that milestone. Undefined when that message is not a successful tool result or the path
 * is absent.
 */
export function placeholderValue(view: EpisodeView, context: MatchContext, milestone: string, path: string): unknown {
  const trace = view.traceAt(context.matched(milestone));
  if (trace?.outcome.type !== 'result') return undefined;
  let value: unknown = trace.outcome.value;
  for (const part of path.split('.').filter(Boolean)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

const WHOLE_PLACEHOLDER = new RegExp(`^${PLACEHOLDER.source}$`);

/** If the whole text is one placeholder, the raw value it stands for (a number stays a number). */
export function wholePlaceholder(
  text: string,
  view: EpisodeView,
  context: MatchContext,
): { value: unknown } | undefined {
  const match = WHOLE_PLACEHOLDER.exec(text.trim());
  if (!match) return undefined;
  return { value: placeholderValue(view, context, match[1] as string, (match[2] ?? '').slice(1)) };
}

/**
 * Every way of writing a text with its placeholders filled: numbers are tried as written and rounded
 * to 0–3 decimals (a model may well say "18" for 18.4), as ToolSandbox does. Undefined when a
 * placeholder cannot be filled. At most `limit` variants.
 */
export function filledTexts(text: string, view: EpisodeView, context: MatchContext, limit = 64): string[] | undefined {
  if (!text.includes('{{')) return [text];
  const { parts, tail } = templateOf(text);
  let variants = [''];
  for (const { literal, milestone, path } of parts) {
    const value = placeholderValue(view, context, milestone, path);
    if (value === undefined) return undefined;
    const spellings = spellingsOf(value);
    variants = variants.flatMap((prefix) => spellings.map((spelling) => prefix + literal + spelling)).slice(0, limit);
  }
  return variants.map((prefix) => prefix + tail);
}

/** A text cut at its placeholders: each with the literal text before it, then the text after the last. */
interface Template {
  readonly parts: readonly { readonly literal: string; readonly milestone: string; readonly path: string }[];
  readonly tail: string;
}

/** Templates per text (a scenario's texts are scored again at every message and mapping): bounded. */
const templates = new Map<string, Template>();
const MAX_REMEMBERED_TEMPLATES = 10_000;

function templateOf(text: string): Template {
  return rememberedUpTo(templates, MAX_REMEMBERED_TEMPLATES, text, () => {
    const parts: { literal: string; milestone: string; path: string }[] = [];
    let last = 0;
    for (const match of text.matchAll(PLACEHOLDER)) {
      parts.push({
        literal: text.slice(last, match.index),
        milestone: match[1] as string,
        path: (match[2] ?? '').slice(1),
      });
      last = (match.index ?? 0) + match[0].length;
    }
    return { parts, tail: text.slice(last) };
  });
}

function spellingsOf(value: unknown): string[] {
  if (typeof value === 'number') {
    return [...new Set([String(value), ...[0, 1, 2, 3].map((digits) => value.toFixed(digits))])];
  }
  return [typeof value === 'string' ? value : JSON.stringify(value)];
}
