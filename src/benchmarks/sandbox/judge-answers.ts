import { type AnswerFact, factVerdict } from '../../scoring/answer-facts.js';
import { judgeAnswer } from '../../scoring/answer-judge.js';
import { EpisodeView } from '../../scoring/episode-view.js';
import { localDate, localMinutes } from '../../scoring/value-readers.js';
import type { ModelAdapter, Trajectory } from '../../spec/index.js';
import { type EpisodeScore, fillFact, type MatchContext } from './milestones/index.js';
import type { SandboxScenario } from './sandbox-scenario.js';
import { sandboxToolkit } from './sandbox-toolkit.js';

/** A judge's verdict on one answer milestone, beside the typed checker's. */
export interface AnswerJudgement {
  readonly milestone: string;
  readonly messageIndex: number;
  /** The judge: the answer conveys every fact and contradicts none. */
  readonly correct: boolean;
  /** The typed checker: every fact stated, none contradicted. */
  readonly typed: boolean;
  readonly reason: string;
}

/**
 * Asks the judge about every scored answer milestone with facts, at the agent text the matcher mapped it
 * to (placeholders filled from the matched tool results). Recorded with the episode; not scored.
 */
export async function judgeEpisode(
  scenario: SandboxScenario,
  trajectory: Trajectory,
  score: EpisodeScore,
  judge: ModelAdapter,
  signal?: AbortSignal,
): Promise<AnswerJudgement[]> {
  const view = new EpisodeView(trajectory, sandboxToolkit().schema);
  const matchedAt = new Map(score.milestones.map((match) => [match.milestone, match.messageIndex]));
  const context: MatchContext = { predecessorIndex: view.startIndex, matched: (id) => matchedAt.get(id) ?? -1 };
  const judgements: AnswerJudgement[] = [];
  for (const milestone of scenario.milestones.milestones) {
    if (milestone.scored === false) continue;
    for (const constraint of milestone.constraints) {
      if (constraint.type !== 'message' || constraint.from !== 'agent' || !constraint.facts?.length) continue;
      const messageIndex = matchedAt.get(milestone.id) ?? -1;
      const message = trajectory.messages[messageIndex];
      if (message?.type !== 'text' || message.sender !== 'agent') continue;
      const facts = constraint.facts.map((fact) => fillFact(fact, view, context));
      if (facts.some((fact) => fact === undefined)) continue;
      const filled = facts as AnswerFact[];
      const typed = filled.every((fact) => factVerdict(message.text, fact, trajectory.clock) === 'stated');
      const verdict = await judgeAnswer(
        judge,
        { goal: scenario.user.goal, facts: filled, answer: message.text, now: clockText(trajectory.clock) },
        signal,
      );
      judgements.push({ milestone: milestone.id, messageIndex, typed, ...verdict });
    }
  }
  return judgements;
}

/** The episode's local date and time, as the judge reads it. */
export function clockText(clock: { readonly now: number; readonly timeZone: string }): string {
  const minutes = localMinutes(clock.now, clock.timeZone);
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return `${localDate(clock.now, clock.timeZone)} ${time}, ${clock.timeZone}`;
}
