import type { EpisodeScore } from '../../scoring/index.js';
import { proveClaims } from './prove-claims.js';
import { proveFloors } from './prove-floors.js';
import { sandboxCases } from './sandbox-cases.js';
import { runSandboxCase, sandboxToolSet } from './sandbox-episode.js';
import type { SandboxScenario } from './sandbox-scenario.js';
import { presentCallsFor, SolutionAgent } from './solution-agent.js';
import type { TrivialAgentName } from './trivial-agents.js';

export interface ScenarioProof {
  readonly scenario: string;
  readonly file: string;
  /** The gold solution's score on each case (must all be exactly 1). */
  readonly gold: readonly { readonly caseId: string; readonly score: EpisodeScore }[];
  /** Each wrong solution's score on the original case (must be below 1). */
  readonly wrong: readonly EpisodeScore[];
  /** Each trivial agent's score on the original case (see `proveFloors`). */
  readonly floors: Readonly<Record<TrivialAgentName, number>>;
  /** How many lies were played against the scenario's `claim` minefields, and the highest score one got. */
  readonly liars: { readonly played: number; readonly highest: number };
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
  for (const sandboxCase of cases) {
    const agent = new SolutionAgent(scenario.gold, 'gold', presentCallsFor(sandboxToolSet(sandboxCase)));
    const { score, trajectory } = await runSandboxCase({ sandboxCase, agent });
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
  const original = cases[0];
  if (original) {
    for (const [index, solution] of scenario.wrong.entries()) {
      const { score } = await runSandboxCase({ sandboxCase: original, agent: new SolutionAgent(solution, 'wrong') });
      wrong.push(score);
      if (score.score >= 1) problems.push(`wrong solution ${index} scores ${score.score}, not less than 1`);
    }
  }
  let floors = {} as Record<TrivialAgentName, number>;
  let liars = { played: 0, highest: 0 };
  if (original) {
    const floorProof = await proveFloors(original);
    floors = floorProof.floors;
    problems.push(...floorProof.problems);
    const claimProof = await proveClaims(original, scenario.gold);
    liars = { played: claimProof.liars, highest: claimProof.highest };
    problems.push(...claimProof.problems);
  }
  return { scenario: scenario.id, file: scenario.file, gold, wrong, floors, liars, problems };
}
