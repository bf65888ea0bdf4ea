import { SolutionAgent } from '../../agents/index.js';
import type { CaseProof, ProofCheck } from '../../spec/index.js';
import { type SandboxCase, sandboxCases } from './cases.js';
import { sandboxOracle } from './oracle.js';
import { runSandboxCase } from './play.js';
import type { SandboxScenario } from './sandbox-scenario.js';

export interface ScenarioProof {
  readonly scenario: string;
  readonly file: string;
  /** One proof per case of the scenario (every opening wording under every augmentation). */
  readonly proofs: readonly CaseProof[];
  /** Every failed check, one line each. */
  readonly problems: readonly string[];
}

/**
 * Proves a scenario: its gold solution scores exactly 1 on every case (every wording of the opening line
 * under every tool augmentation, calling tools by the names the agent is shown), and each wrong solution
 * scores less on the original case.
 */
export async function proveScenario(scenario: SandboxScenario): Promise<ScenarioProof> {
  const proofs: CaseProof[] = [];
  for (const sandboxCase of sandboxCases([scenario])) proofs.push(await proveSandboxCase(sandboxCase));
  const problems = proofs.flatMap((proof) => proof.checks.filter((check) => !check.ok).map((check) => check.detail));
  return { scenario: scenario.id, file: scenario.file, proofs, problems };
}

/**
 * The benchmark's `prove` for one case: the gold solution scores exactly 1 on it; on a scenario's original
 * case (its own opening line, the first augmentation) each wrong solution must also score less than 1.
 */
export async function proveSandboxCase(sandboxCase: SandboxCase): Promise<CaseProof> {
  const { scenario } = sandboxCase;
  const agent = sandboxOracle(sandboxCase, 'gold');
  const { score, trajectory } = await runSandboxCase({ sandboxCase, agent });
  const missed = [
    ...score.milestones
      .filter((match) => match.similarity !== 1)
      .map((match) => `${match.milestone}=${match.similarity.toFixed(3)}@${match.messageIndex}`),
    ...score.minefields
      .filter((match) => match.similarity > 0)
      .map((match) => `minefield ${match.milestone} fired @${match.messageIndex}`),
  ];
  const checks: ProofCheck[] = [
    {
      name: 'gold scores 1',
      ok: score.score === 1,
      detail:
        score.score === 1
          ? 'gold 1.000'
          : `gold solution scores ${score.score.toFixed(4)} on ${sandboxCase.id} (${trajectory.termination.type}); ${missed.join(', ')}`,
    },
  ];
  const original = sandboxCases([scenario])[0];
  if (original?.id === sandboxCase.id) {
    for (const [index, solution] of scenario.wrong.entries()) {
      const wrong = await runSandboxCase({ sandboxCase, agent: new SolutionAgent(solution, 'wrong') });
      checks.push({
        name: `wrong solution ${index} scores less`,
        ok: wrong.score.score < 1,
        detail: `wrong solution ${index} scores ${wrong.score.score.toFixed(3)}${wrong.score.score < 1 ? '' : ', not less than 1'}`,
      });
    }
  }
  return { caseId: sandboxCase.id, checks };
}
