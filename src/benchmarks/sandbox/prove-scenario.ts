import type { EpisodeScore } from '../../scoring/index.js';
import { proveClaims } from './prove-claims.js';
import { proveFacts } from './prove-facts.js';
import { proveFloors } from './prove-floors.js';
import { sandboxCases } from './sandbox-cases.js';
import { runSandboxCase, type SandboxEpisodeResult, sandboxToolSet } from './sandbox-episode.js';
import type { SandboxScenario } from './sandbox-scenario.js';
import { presentCallsFor, SolutionAgent } from './solution-agent.js';
import type { TrivialAgentName } from './trivial-agents.js';

/** A correct alternative solution must score at least this. */
export const ALTERNATIVE_FLOOR = 0.95;

export interface ScenarioProof {
  readonly scenario: string;
  readonly file: string;
  /** The gold solution's score on each case (must all be exactly 1). */
  readonly gold: readonly { readonly caseId: string; readonly score: EpisodeScore }[];
  /** Each wrong solution's score on the original case (must be below 1). */
  readonly wrong: readonly EpisodeScore[];
  /** Each alternative solution's score on the original case (must be at least `ALTERNATIVE_FLOOR`). */
  readonly alternatives: readonly number[];
  /** Each trivial agent's score on the original case (see `proveFloors`). */
  readonly floors: Readonly<Record<TrivialAgentName, number>>;
  /** How many lies were played against the scenario's `claim` minefields, and the highest score one got. */
  readonly liars: { readonly played: number; readonly highest: number };
  /** Answer milestones with facts proven both ways: the lowest reworded and highest perturbed score. */
  readonly facts: { readonly checked: number; readonly lowestReworded: number; readonly highestPerturbed: number };
  readonly problems: readonly string[];
}

/**
 * Proves a scenario: its gold solution scores exactly 1 on every case (every wording of the opening line
 * under every tool augmentation, calling tools by the names the agent is shown), each wrong solution
 * scores less on the original case, no trivial agent reaches the floor limit (outside insufficient
 * information), and every lie its `claim` minefields guard against scores 0.
 */
export async function proveScenario(scenario: SandboxScenario): Promise<ScenarioProof> {
  const problems: string[] = [];
  const cases = sandboxCases([scenario]);
  const gold = [];
  let originalRun: SandboxEpisodeResult | undefined;
  for (const sandboxCase of cases) {
    const agent = new SolutionAgent(scenario.gold, 'gold', presentCallsFor(sandboxToolSet(sandboxCase)));
    const run = await runSandboxCase({ sandboxCase, agent });
    const { score, trajectory } = run;
    originalRun ??= run;
    gold.push({ caseId: sandboxCase.id, score });
    if (score.score !== 1) {
      const missed = score.milestones
        .filter((match) => match.similarity !== 1)
        .map((match) => `${match.milestone}=${match.similarity.toFixed(3)}@${match.messageIndex}`);
      const fired = score.minefields
        .filter((match) => match.similarity > 0)
        .map((match) => `minefield ${match.milestone} fired @${match.messageIndex}`);
      problems.push(
        `gold solution scores ${score.score.toFixed(4)} on ${sandboxCase.id} (${trajectory.termination.type}); ${[...missed, ...fired].join(', ')}`,
      );
    }
  }
  const wrong = [];
  const alternatives: number[] = [];
  const original = cases[0];
  if (original) {
    for (const [index, solution] of scenario.alternatives.entries()) {
      const { score } = await runSandboxCase({
        sandboxCase: original,
        agent: new SolutionAgent(solution, 'alternative'),
      });
      alternatives.push(score.score);
      if (score.score < ALTERNATIVE_FLOOR) {
        const missed = score.milestones
          .filter((match) => match.similarity < 1)
          .map((match) => `${match.milestone}=${match.similarity.toFixed(3)}`);
        const fired = score.minefields
          .filter((match) => match.similarity > 0)
          .map((match) => `minefield ${match.milestone}`);
        problems.push(
          `alternative solution ${index} scores ${score.score.toFixed(4)} < ${ALTERNATIVE_FLOOR}; ${[...missed, ...fired].join(', ')}`,
        );
      }
    }
  }
  if (original) {
    for (const [index, solution] of scenario.wrong.entries()) {
      const { score } = await runSandboxCase({ sandboxCase: original, agent: new SolutionAgent(solution, 'wrong') });
      wrong.push(score);
      if (score.score >= 1) problems.push(`wrong solution ${index} scores ${score.score}, not less than 1`);
    }
  }
  let floors = {} as Record<TrivialAgentName, number>;
  let liars = { played: 0, highest: 0 };
  let facts = { checked: 0, lowestReworded: 1, highestPerturbed: 0 };
  if (original) {
    const floorProof = await proveFloors(original);
    floors = floorProof.floors;
    problems.push(...floorProof.problems);
    const claimProof = await proveClaims(original, scenario.gold);
    liars = { played: claimProof.liars, highest: claimProof.highest };
    problems.push(...claimProof.problems);
    const paper = await runSandboxCase({
      sandboxCase: original,
      agent: new SolutionAgent(scenario.gold, 'gold'),
      scoring: 'paper',
    });
    if (paper.score.score !== 1) {
      problems.push(`gold solution scores ${paper.score.score.toFixed(4)} under --scoring paper, not 1`);
    }
    if (originalRun) {
      const factProof = await proveFacts(original, scenario.gold, originalRun);
      facts = {
        checked: factProof.checked,
        lowestReworded: factProof.lowestReworded,
        highestPerturbed: factProof.highestPerturbed,
      };
      problems.push(...factProof.problems);
    }
  }
  return { scenario: scenario.id, file: scenario.file, gold, wrong, alternatives, floors, liars, facts, problems };
}
