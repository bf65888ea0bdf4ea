import type { EpisodeScore } from '../../scoring/index.js';
import { sandboxCases } from './sandbox-cases.js';
import { runSandboxCase } from './sandbox-episode.js';
import type { SandboxScenario } from './sandbox-scenario.js';
import { SolutionAgent } from './solution-agent.js';

export interface ScenarioProof {
  readonly scenario: string;
  readonly file: string;
  /** The gold solution's score on each wording of the opening (must all be exactly 1). */
  readonly gold: readonly { readonly baseId: string; readonly score: EpisodeScore }[];
  /** Each wrong solution's score on the original wording (must be below 1). */
  readonly wrong: readonly EpisodeScore[];
  readonly problems: readonly string[];
}

/**
 * Proves a scenario: its gold solution scores exactly 1 on every wording of the opening line (with the
 * original tools), and each wrong solution scores less.
 */
export async function proveScenario(scenario: SandboxScenario): Promise<ScenarioProof> {
  const problems: string[] = [];
  const cases = sandboxCases([scenario], ['distraction-0']);
  const gold = [];
  for (const sandboxCase of cases) {
    const { score, trajectory } = await runSandboxCase({
      sandboxCase,
      agent: new SolutionAgent(scenario.gold, 'gold'),
    });
    gold.push({ baseId: sandboxCase.baseId, score });
    if (score.score !== 1) {
      const missed = [...score.milestones, ...score.minefields.filter((match) => match.similarity > 0)]
        .filter((match) => match.similarity !== 1 || score.minefields.includes(match))
        .map((match) => `${match.milestone}=${match.similarity.toFixed(3)}@${match.messageIndex}`);
      problems.push(
        `gold solution scores ${score.score.toFixed(4)} on ${sandboxCase.baseId} (${trajectory.termination.type}); ${missed.join(', ')}`,
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
  return { scenario: scenario.id, file: scenario.file, gold, wrong, problems };
}
