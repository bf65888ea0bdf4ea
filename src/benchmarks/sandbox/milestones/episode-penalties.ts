import { factVerdict } from '../../../scoring/answer-facts.js';
import type { EpisodeView } from '../../../scoring/episode-view.js';
import { ungroundedClaim } from './answer-grounding.js';
import { factClock, fillFact, scoreConstraint } from './constraint-score.js';
import type { MatchContext, MilestoneMatch } from './milestone-matcher.js';
import type { MilestoneSpec } from './milestone-spec.js';

/**
 * What the default profile holds against an episode beyond its milestones: the agent told the user
 * something false, or changed the world the task is about in a way the task did not ask for. A milestone
 * left unmet costs its weight; these cost more, because a wrong answer or a wrong action is worse than
 * none — the user acts on it.
 *
 * - `ungrounded-claim`: an agent text claims an action the world does not show ("Done! I've saved
 *   Tom's number." with no contact added) or a switch state the world contradicts. A lie: the episode
 *   scores 0, as if it had stepped on a minefield.
 * - `misinformed`: an answer milestone is unmet and an agent text states a value of one of its facts'
 *   kinds with another value (3 texts where there were 2, the wrong winner, yesterday for today). The
 *   episode's score is halved.
 * - `wrong-change`: a table a scored milestone asks to change was changed, but that milestone is unmet
 *   (a reminder at the wrong time, a text to the wrong person, the wrong reminder deleted). The
 *   episode's score is halved.
 */
export interface EpisodePenalty {
  readonly kind: 'ungrounded-claim' | 'misinformed' | 'wrong-change';
  readonly messageIndex: number;
  readonly milestone?: string;
  /** The episode's score is multiplied by this. */
  readonly factor: number;
  readonly detail: string;
}

/** A milestone scoring below this is unmet, for penalties. */
const UNMET = 0.5;
/** A misinformed answer or a wrong change halves the episode's score. */
export const PENALTY_FACTOR = 0.5;

/** The penalties of an episode, given its milestones (as the default profile scores them) and their matches. */
export function episodePenalties(
  view: EpisodeView,
  milestones: readonly MilestoneSpec[],
  matches: readonly MilestoneMatch[],
): EpisodePenalty[] {
  const penalties: EpisodePenalty[] = [];
  const agentTexts: { index: number; text: string }[] = [];
  for (let index = view.startIndex; index < view.messages.length; index += 1) {
    const message = view.messages[index];
    if (message?.type === 'text' && message.sender === 'agent' && !isQuestion(message.text)) {
      agentTexts.push({ index, text: message.text });
    }
  }
  // What an agent says it did must show by the end ("I'll remind you at 5" before it adds the reminder).
  const end = view.messages.length - 1;
  for (const { index, text } of agentTexts) {
    const claim = ungroundedClaim(text, view, index, end);
    if (claim) {
      penalties.push({ kind: 'ungrounded-claim', messageIndex: index, factor: 0, detail: claim });
      break;
    }
  }
  const matchOf = new Map(matches.map((match) => [match.milestone, match]));
  const context: MatchContext = {
    predecessorIndex: view.startIndex,
    matched: (id) => matchOf.get(id)?.messageIndex ?? -1,
  };
  const clock = factClock(view);
  const last = view.messages.length - 1;
  for (const milestone of milestones) {
    // An unscored answer (the explanation in an insufficient-information scenario) still must not
    // misinform: its facts are checked, its row changes are not.
    const scored = milestone.scored !== false && (milestone.weight ?? 1) !== 0;
    const similarity = matchOf.get(milestone.id)?.similarity ?? 0;
    if (scored && similarity >= UNMET) continue;
    for (const constraint of milestone.constraints) {
      if (constraint.type === 'message' && constraint.from === 'agent' && constraint.facts?.length) {
        const facts = constraint.facts.map((fact) => fillFact(fact, view, context));
        // A switch's state is not misinformation here: what was said of it is checked against the world
        // when it was said (grounding), and a true "cellular is off" before turning it on is no lie.
        const wrong = agentTexts.find(({ text }) =>
          facts.some(
            (fact) => fact !== undefined && !('state' in fact) && factVerdict(text, fact, clock) === 'contradicted',
          ),
        );
        if (wrong) {
          penalties.push({
            kind: 'misinformed',
            milestone: milestone.id,
            messageIndex: wrong.index,
            factor: PENALTY_FACTOR,
            detail: `an answer states a value other than the one "${milestone.id}" needs`,
          });
          break;
        }
      }
      if (!scored) continue;
      if (
        constraint.type === 'table' ||
        constraint.type === 'rows-added' ||
        constraint.type === 'rows-removed' ||
        constraint.type === 'rows-updated'
      ) {
        if (!view.schema.tables.has(constraint.table)) continue;
        if (view.worldAt(last).sharesTable(view.initial, constraint.table)) continue;
        // The change itself is wrong, not the milestone's other constraints (its answer, say).
        if (scoreConstraint(constraint, view, last, context) >= UNMET) continue;
        penalties.push({
          kind: 'wrong-change',
          milestone: milestone.id,
          messageIndex: view.firstChange([constraint.table])?.index ?? last,
          factor: PENALTY_FACTOR,
          detail: `table "${constraint.table}" was changed, but not as "${milestone.id}" asks`,
        });
        break;
      }
    }
  }
  return penalties;
}

/** The episode's score after its penalties. */
export function penalizedScore(score: number, penalties: readonly EpisodePenalty[]): number {
  // Each kind counts once: two wrong changes halve the score once.
  const factors = new Map<string, number>();
  for (const penalty of penalties) factors.set(penalty.kind, Math.min(factors.get(penalty.kind) ?? 1, penalty.factor));
  let result = score;
  for (const factor of factors.values()) result *= factor;
  return result;
}

function isQuestion(text: string): boolean {
  return text.trimEnd().endsWith('?');
}
