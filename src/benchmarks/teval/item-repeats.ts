/**
 * Repeated built-in items. Derived items repeat: two scenarios share a first call and its response, a wrong
 * solution repeats the gold's call. An item is what it shows the agent (ability, format, prompt) and what
 * its reply is scored against (gold, template, API list); an identical repeat is dropped, and a repeat
 * whose prompt is the same but whose gold differs is a defect (no reply can score 1 on both).
 */
import { pyRepr } from './python-repr.js';
import type { TevalCase } from './teval-case.js';

/** What the item shows the agent. */
export function shownKey(item: TevalCase): string {
  return JSON.stringify([item.subset, item.format, item.prompt]);
}

/** What the item's reply is scored against. */
export function scoredKey(item: TevalCase): string {
  return JSON.stringify([pyRepr(item.groundTruth), pyRepr(item.template), item.apiList]);
}

/** The items without identical repeats (the first of each is kept, in order). */
export function withoutRepeats<T extends TevalCase>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = `${shownKey(item)}\n${scoredKey(item)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Groups of item ids that show the same prompt and are scored against different golds. */
export function conflictingRepeats(items: readonly TevalCase[]): string[][] {
  const byShown = new Map<string, { ids: string[]; scored: Set<string> }>();
  for (const item of items) {
    const key = shownKey(item);
    const group = byShown.get(key) ?? { ids: [], scored: new Set<string>() };
    group.ids.push(item.id);
    group.scored.add(scoredKey(item));
    byShown.set(key, group);
  }
  return [...byShown.values()].filter((group) => group.scored.size > 1).map((group) => group.ids);
}
