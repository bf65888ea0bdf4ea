import type { EpisodeView } from '../../../scoring/episode-view.js';

/**
 * Why a guardrail zeroed a milestone: a table it guards changed between the milestone's reference
 * message and the message it would otherwise have matched (or, for a last milestone, after it).
 */
export interface GuardrailNote {
  /** The guarded table that changed. */
  readonly table: string;
  /** The message after which the table changed first. */
  readonly changedAt: number;
  /** The message the milestone would have matched without its guardrail. */
  readonly wouldMatch: number;
  /** Its similarity there without the guardrail. */
  readonly unguardedSimilarity: number;
  /** `before`: between the milestone's predecessor and its message; `after`: after the last milestone. */
  readonly window: 'before' | 'after';
}

/** The first guarded table that differs between two messages, and the first message that changed it. */
export function guardrailBreach(
  view: EpisodeView,
  tables: readonly string[],
  from: number,
  to: number,
): { readonly table: string; readonly changedAt: number } | undefined {
  if (tables.length === 0 || to <= from) return undefined;
  for (const table of tables) {
    if (sameTable(view, from, to, table)) continue;
    for (let index = Math.max(from, -1) + 1; index < to; index += 1) {
      if (!sameTable(view, index - 1, index, table)) return { table, changedAt: index };
    }
    return { table, changedAt: to };
  }
  return undefined;
}

function sameTable(view: EpisodeView, from: number, to: number, table: string): boolean {
  const before = view.worldAt(from);
  const now = view.worldAt(to);
  return now.sharesTable(before, table) || JSON.stringify(now.rows(table)) === JSON.stringify(before.rows(table));
}

/** A guardrail note in words, for `show` and text reports. */
export function describeGuardrail(note: GuardrailNote): string {
  const where =
    note.window === 'after' ? 'after the last milestone' : `before message ${note.wouldMatch}, where it matched`;
  return `guardrail: table "${note.table}" changed at message ${note.changedAt}, ${where} (${note.unguardedSimilarity.toFixed(3)} without the guardrail)`;
}
