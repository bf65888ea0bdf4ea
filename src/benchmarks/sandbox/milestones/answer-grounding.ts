import { claimingClause } from '../../../scoring/claim-detector.js';
import type { EpisodeView } from '../../../scoring/episode-view.js';
import { statesIn } from '../../../scoring/statement-readers.js';
import type { WorldSnapshot } from '../../../world/index.js';
import { changedRows, type RowChange } from './row-changes.js';

/**
 * Whether an agent's answer is grounded in the world: every action it claims happened shows in the
 * world's changes between the start of the episode and the answer, and every switch it says is on or
 * off is so in the world at the answer. "Done! I've saved Tom's number." with no contact added, or
 * "Wi-Fi is on now" with Wi-Fi off, earns no answer credit under the default profile, in every
 * scenario (the paper's profile does not ask).
 *
 * Returns the first ungrounded claim, in words, or undefined when the answer is grounded.
 */
export function ungroundedClaim(
  text: string,
  view: EpisodeView,
  messageIndex: number,
  /** The world the claims are checked against (default: right after the text). */
  worldIndex = messageIndex,
): string | undefined {
  const key = `grounding|${messageIndex}|${worldIndex}`;
  return view.remember(key, () => ungroundedAfresh(text, view, messageIndex, worldIndex));
}

const ANY_CHANGE: readonly RowChange[] = ['rows-added', 'rows-removed', 'rows-updated'];

interface ActionCheck {
  readonly claim: 'sent-message' | 'created-reminder' | 'changed-reminder' | 'saved-contact' | 'changed-contact';
  /** The clause must (or must not) mention this to be about the table. */
  readonly about?: RegExp;
  readonly notAbout?: RegExp;
  readonly table: string;
  /** The row changes of the table (since the start) that show it. */
  readonly shownBy: readonly RowChange[];
}

const ACTIONS: readonly ActionCheck[] = [
  {
    claim: 'sent-message',
    table: 'messages',
    shownBy: ['rows-added'],
    // Said of the agent's own doing ("I've sent", "it has been sent", "Tom has it now"), not a past
    // text described ("your last text went out this morning"); "I updated your mom's number" is about
    // the contact, not a message to her.
    about:
      /\b(?:i|we)\b|\b(?:has|have) been\b|\bon (?:its|it's) way\b|\b(?:has|have|got) (?:it|the|your)\b|^(?:done|sent|texted|messaged|forwarded|all set)\b/,
    notAbout: /\bremind|\b(?:updated|changed)\b.*\b(?:number|contact|card|entry)\b/,
  },
  // First person only: "your reminder is set for Monday" describes a reminder, "I've set it" claims one.
  {
    claim: 'created-reminder',
    table: 'reminders',
    shownBy: ['rows-added', 'rows-updated'],
    about:
      /\b(?:i|we)\b.*\bremind|\bremind you\b|\byou'll\b|^(?:done|all done|ok|okay|all set|set|added|created|scheduled|saved)\b/,
  },
  { claim: 'changed-reminder', table: 'reminders', shownBy: ANY_CHANGE, about: /\breminder/ },
  {
    claim: 'saved-contact',
    table: 'contacts',
    shownBy: ['rows-added', 'rows-updated'],
    notAbout: /\bremind|\bmessage|\btext/,
  },
  { claim: 'changed-contact', table: 'contacts', shownBy: ANY_CHANGE, about: /\b(?:contact|number|card|entry)\b/ },
];

const REMOVAL =
  /\b(?:i|we)(?:'ve| have)?\s+(?:just\s+|already\s+)?(?:deleted|removed|cleared|got rid of|erased)\b|\b(?:is|was|has been|have been|are)\s+(?:deleted|removed|cleared|gone)\b/;
const DONE = /^(?:done|all done|all set|finished|taken care of|completed|that's done|it's done)\b/;
const HEDGE = /\b(?:if|once|would|could|can|shall|should|want me to|like me to|not|n't|never|unable|cannot)\b/;

function ungroundedAfresh(
  text: string,
  view: EpisodeView,
  messageIndex: number,
  worldIndex: number,
): string | undefined {
  const before = view.initial;
  const after = view.worldAt(worldIndex);
  for (const action of ACTIONS) {
    if (!after.schema.tables.has(action.table)) continue;
    const clause = claimingClause(text, { claim: action.claim });
    if (clause === undefined) continue;
    if (action.about && !action.about.test(clause)) continue;
    if (action.notAbout?.test(clause)) continue;
    if (!action.shownBy.some((kind) => rowsChanged(kind, action.table, before, after)))
      return `claims ${action.claim}: "${clause}"`;
  }
  const clauses = text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .split(/(?<=[.!?])\s+|[;\n]/)
    .map((clause) => clause.trim());
  for (const clause of clauses) {
    const removal = REMOVAL.exec(clause);
    if (removal && !HEDGE.test(clause.slice(0, removal.index + removal[0].length))) {
      const table = /\bremind/.test(clause)
        ? 'reminders'
        : /\bcontact|\bnumber|\bentry/.test(clause)
          ? 'contacts'
          : undefined;
      const removed = table
        ? removedDuring(view, table, worldIndex)
        : ['reminders', 'contacts'].some((name) => removedDuring(view, name, worldIndex));
      if (!removed) return `claims a removal: "${clause}"`;
    }
    if (DONE.test(clause) && !anyChange(before, after)) return `claims it is done: "${clause}"`;
  }
  // A switch's state is checked against the world when it was said.
  const then = view.worldAt(messageIndex);
  if (then.schema.tables.has('settings')) {
    const settings = then.rows('settings')[0];
    if (settings) {
      for (const [column, said] of statesIn(text)) {
        const actual = settings[column];
        if (typeof actual === 'boolean' && said.some((on) => on !== actual)) {
          return `says ${column} is ${actual ? 'off' : 'on'}, but it is ${actual ? 'on' : 'off'}`;
        }
      }
    }
  }
  return undefined;
}

/** Whether rows of the table changed that way between two worlds (whatever else changed). */
function rowsChanged(kind: RowChange, table: string, before: WorldSnapshot, after: WorldSnapshot): boolean {
  return (changedRows(kind, table, before, after, true)?.length ?? 0) > 0;
}

/** Whether some call up to `worldIndex` removed a row of the table (one added during the episode too). */
function removedDuring(view: EpisodeView, table: string, worldIndex: number): boolean {
  if (!view.initial.schema.tables.has(table)) return false;
  for (let index = view.startIndex; index <= worldIndex; index += 1) {
    if (rowsChanged('rows-removed', table, view.worldAt(index - 1), view.worldAt(index))) return true;
  }
  return false;
}

function anyChange(before: WorldSnapshot, after: WorldSnapshot): boolean {
  return [...after.schema.tables.keys()].some((table) => !after.sharesTable(before, table));
}
