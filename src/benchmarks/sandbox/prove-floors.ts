import type { SandboxCase } from './cases.js';
import { runSandboxCase, sandboxToolSet } from './play.js';
import { TRIVIAL_AGENTS, type TrivialAgentName, trivialAgent } from './trivial-agents.js';

/** A trivial agent scoring this much or more on a scenario (outside insufficient information) fails the proof. */
export const FLOOR_LIMIT = 0.3;

/**
 * Plays the trivial agents (do-nothing, echo, read-everything, switch-everything-on, and all of
 * switch-read-claim-done: switches on, reads, then "Done! <the request>") on a case and
 * returns each one's score, with a problem for each that reaches `FLOOR_LIMIT` where it must not:
 * everywhere but insufficient-information scenarios, where not acting is the point.
 */
export async function proveFloors(
  sandboxCase: SandboxCase,
): Promise<{ floors: Record<TrivialAgentName, number>; problems: string[] }> {
  const floors = {} as Record<TrivialAgentName, number>;
  const problems: string[] = [];
  const exempt = sandboxCase.scenario.categories.includes('insufficient_information');
  for (const name of TRIVIAL_AGENTS) {
    const agent = trivialAgent(name, sandboxToolSet(sandboxCase));
    const { score } = await runSandboxCase({ sandboxCase, agent });
    floors[name] = score.score;
    if (!exempt && score.score >= FLOOR_LIMIT) {
      const credited = score.milestones
        .filter((match) => match.similarity > 0)
        .map((match) => `${match.milestone}=${match.similarity.toFixed(2)}`);
      problems.push(
        `the ${name} agent scores ${score.score.toFixed(3)} (≥ ${FLOOR_LIMIT}); credited: ${credited.join(', ')}`,
      );
    }
  }
  return { floors, problems };
}
