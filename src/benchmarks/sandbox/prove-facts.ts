import { SolutionAgent } from '../../agents/index.js';
import { judgeAnswer } from '../../scoring/answer-judge.js';
import { type AnswerFact, EpisodeView, factVerdict, statesFact } from '../../scoring/index.js';
import type { ModelAdapter, Trajectory, Turn } from '../../spec/index.js';
import type { SandboxCase } from './cases.js';
import { mutations, renderings } from './fact-variants.js';
import { clockText } from './judge-answers.js';
import { type EpisodeScore, factClock, fillFact, type MatchContext, scoreConstraint } from './milestones/index.js';
import { runSandboxCase } from './play.js';
import { sandboxToolkit } from './sandbox-toolkit.js';

/** A perturbed answer (one key fact changed) must score at most this on its milestone. */
export const PERTURBED_LIMIT = 0.25;
/** The answer's facts in other words must score at least this. */
export const REWORDED_FLOOR = 0.95;

/** What proving the answers with facts found: how many were checked, rendered, mutated and judged. */
export interface FactProofFigures {
  readonly checked: number;
  /** Answers the `--judge` model was asked about, and how many of its verdicts the typed checker shares. */
  readonly judged: number;
  readonly agreed: number;
  readonly rendered: number;
  readonly mutated: number;
  /** The lowest score of a rendering and the highest of a mutation. */
  readonly lowestReworded: number;
  readonly highestPerturbed: number;
}

/**
 * Proves each answer milestone with facts both ways, on the gold trajectory: the gold answer with one
 * fact changed (a number moved, a time or date shifted, a name or word dropped, yes turned to no, an
 * `absent` item added) must
 * score ≤ `PERTURBED_LIMIT` on that milestone, and the facts alone, written in other formats, ≥
 * `REWORDED_FLOOR`. Returns the number of answers checked and the problems.
 */
export async function proveFacts(
  sandboxCase: SandboxCase,
  gold: readonly Turn[],
  goldRun: { readonly trajectory: Trajectory; readonly score: EpisodeScore },
  /** `--judge`: a model asked about the gold answer, each rendering and each mutation. */
  judge?: ModelAdapter,
): Promise<FactProofFigures & { problems: string[] }> {
  const problems: string[] = [];
  let checked = 0;
  let lowestReworded = 1;
  let highestPerturbed = 0;
  let rendered = 0;
  let mutated = 0;
  let judged = 0;
  let agreed = 0;
  const view = new EpisodeView(goldRun.trajectory, sandboxToolkit().schema);
  const clockNow = clockText(goldRun.trajectory.clock);
  /** Asks the judge about an answer and counts whether it agrees with the typed checker. */
  const askJudge = async (facts: readonly AnswerFact[], text: string) => {
    if (!judge) return;
    const typed = facts.every((fact) => factVerdict(text, fact, factClock(view)) === 'stated');
    const verdict = await judgeAnswer(judge, {
      goal: sandboxCase.scenario.user.goal,
      facts,
      answer: text,
      now: clockNow,
    });
    judged += 1;
    if (verdict.correct === typed) agreed += 1;
  };
  const matchedAt = new Map(goldRun.score.milestones.map((match) => [match.milestone, match.messageIndex]));
  const context: MatchContext = { predecessorIndex: view.startIndex, matched: (id) => matchedAt.get(id) ?? -1 };
  const agentTexts = goldRun.trajectory.messages
    .filter((message) => message.type === 'text' && message.sender === 'agent')
    .map((message) => message.index);
  const sayTurns = gold.flatMap((turn, index) => (turn.type === 'text' ? [index] : []));

  for (const milestone of sandboxCase.scenario.milestones.milestones) {
    for (const constraint of milestone.constraints) {
      if (constraint.type !== 'message' || constraint.from !== 'agent' || !constraint.facts?.length) continue;
      const messageIndex = matchedAt.get(milestone.id) ?? -1;
      const message = goldRun.trajectory.messages[messageIndex];
      const turnIndex = sayTurns[agentTexts.indexOf(messageIndex)];
      if (message?.type !== 'text' || turnIndex === undefined) {
        problems.push(`answer milestone "${milestone.id}" is not matched to a gold answer`);
        continue;
      }
      const facts = constraint.facts.map((fact) => fillFact(fact, view, context));
      if (facts.some((fact) => fact === undefined || !statesFact(message.text, fact, factClock(view)))) {
        problems.push(`the gold answer for "${milestone.id}" does not state all its facts`);
        continue;
      }
      const filled = facts as AnswerFact[];
      const play = async (text: string) => {
        const turns = gold.map((turn, index) => (index === turnIndex ? { type: 'text' as const, text } : turn));
        const { score } = await runSandboxCase({ sandboxCase, agent: new SolutionAgent(turns, 'facts') });
        return score.milestones.find((match) => match.milestone === milestone.id)?.similarity ?? 0;
      };
      // A mutation is judged on the answer itself: the answer constraint at the gold answer's message
      // (a milestone that also asks for a stored row keeps that row's credit).
      const playAnswer = async (text: string) => {
        const turns = gold.map((turn, index) => (index === turnIndex ? { type: 'text' as const, text } : turn));
        const { score, trajectory } = await runSandboxCase({ sandboxCase, agent: new SolutionAgent(turns, 'facts') });
        const played = new EpisodeView(trajectory, sandboxToolkit().schema);
        const at = new Map(score.milestones.map((match) => [match.milestone, match.messageIndex]));
        return scoreConstraint({ ...constraint, grounded: true }, played, messageIndex, {
          predecessorIndex: played.startIndex,
          matched: (id) => at.get(id) ?? -1,
        });
      };
      checked += 1;
      await askJudge(filled, message.text);
      const clock = factClock(view);
      // Every rendering of each fact, combined: the k-th answer writes each fact in its k-th form.
      const forms = filled.map((fact) => renderings(fact, clock));
      const rounds = Math.max(1, ...forms.map((list) => list.length));
      for (let round = 0; round < rounds; round += 1) {
        const reworded = forms
          .map((list) => list[round % list.length] ?? '')
          .filter((sentence) => sentence !== '')
          .join(' ');
        const rewordedScore = await play(reworded);
        await askJudge(filled, reworded);
        rendered += 1;
        lowestReworded = Math.min(lowestReworded, rewordedScore);
        if (rewordedScore < REWORDED_FLOOR) {
          problems.push(
            `"${milestone.id}": the facts in other words ("${reworded}") score ${rewordedScore.toFixed(3)} < ${REWORDED_FLOOR}`,
          );
        }
      }
      for (const [position, fact] of filled.entries()) {
        const wrong = mutations(message.text, fact, clock).filter((mutated) => !statesFact(mutated, fact, clock));
        if (wrong.length === 0) {
          problems.push(
            `"${milestone.id}": cannot change fact ${position} (${JSON.stringify(fact)}) in the gold answer`,
          );
          continue;
        }
        for (const perturbed of wrong) {
          const perturbedScore = await playAnswer(perturbed);
          await askJudge(filled, perturbed);
          mutated += 1;
          highestPerturbed = Math.max(highestPerturbed, perturbedScore);
          if (perturbedScore > PERTURBED_LIMIT) {
            problems.push(
              `"${milestone.id}": the gold answer with fact ${position} changed ("${perturbed}") scores ${perturbedScore.toFixed(3)} > ${PERTURBED_LIMIT}`,
            );
          }
        }
      }
    }
  }
  return { checked, rendered, mutated, judged, agreed, lowestReworded, highestPerturbed, problems };
}
