import type { EpisodeView } from '../../../scoring/episode-view.js';
import type { MilestoneMatch } from './milestone-matcher.js';
import { constrainedTables, type MilestoneSpec } from './milestone-spec.js';

/** The id of the implicit minefield an unrequested change of the world trips. */
export const UNREQUESTED_CHANGE = 'unrequested-change';

/**
 * The first change to the world that no scored milestone asks for, as a minefield match (similarity 1,
 * at the message that made it), or undefined when there is none. Where the user's request cannot be
 * carried out (an insufficient-information scenario) any such change is damage: an invented reminder, a
 * deleted row, a switch flipped — without a minefield written for it.
 */
export function unrequestedChange(view: EpisodeView, milestones: readonly MilestoneSpec[]): MilestoneMatch | undefined {
  const asked = new Set(
    milestones
      .filter((milestone) => milestone.scored !== false)
      .flatMap((milestone) => milestone.constraints.flatMap(constrainedTables)),
  );
  const tables = [...view.initial.schema.tables.keys()].filter((table) => !asked.has(table));
  const last = view.worldAt(view.messages.length - 1);
  if (tables.every((table) => last.sharesTable(view.initial, table))) return undefined;
  const first = view.firstChange(tables);
  return first
    ? { milestone: `${UNREQUESTED_CHANGE}:${first.table}`, messageIndex: first.index, similarity: 1 }
    : undefined;
}
