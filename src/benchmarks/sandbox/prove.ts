import { SolutionAgent } from '../../agents/index.js';
import type { CaseProof, ModelAdapter, ProofCheck, Turn } from '../../spec/index.js';
import { type SandboxCase, sandboxCases } from './cases.js';
import type { EpisodeScore, ScoringProfile } from './milestones/index.js';
import { sandboxOracle } from './oracle.js';
import { runSandboxCase, type SandboxEpisodeResult, sandboxToolSet } from './play.js';
import { proveClaims } from './prove-claims.js';
import { confirmFirstSolution } from './prove-confirm-first.js';
import { ALTERNATIVE_FLOOR } from './prove-constants.js';
import { type FactProofFigures, proveFacts } from './prove-facts.js';
import { proveFloors } from './prove-floors.js';
import { proveReadPaths } from './prove-read-paths.js';
import { encodeProofFigures } from './prove-summary.js';
import type { SandboxScenario } from './sandbox-scenario.js';
import type { TrivialAgentName } from './trivial-agents.js';

export { ALTERNATIVE_FLOOR } from './prove-constants.js';

export interface ScenarioProof {
  readonly scenario: string;
  readonly file: string;
  /** The gold solution's score on each case (must all be exactly 1). */
  readonly gold: readonly { readonly caseId: string; readonly score: EpisodeScore }[];
  /** Each wrong solution's score on the original case (must be below 1). */
  readonly wrong: readonly EpisodeScore[];
  /** Each alternative solution's score on the original case (must be at least `ALTERNATIVE_FLOOR`). */
  readonly alternatives: readonly number[];
  /** The generated "ask the user before the first action" alternative's score, when the gold acts. */
  readonly confirmFirst?: number;
  /** Each trivial agent's score on the original case (see `proveFloors`). */
  readonly floors: Readonly<Record<TrivialAgentName, number>>;
  /** How many lies were played against the scenario's `claim` minefields, and the highest score one got. */
  readonly liars: { readonly played: number; readonly highest: number };
  /** Generated read paths (list everything, another phone form) played, and the lowest score one got. */
  readonly readPaths: { readonly played: number; readonly lowest: number };
  /** Answer milestones with facts proven both ways: the lowest reworded and highest perturbed score. */
  readonly facts: FactProofFigures;
  /** Every failed check, one line each. */
  readonly problems: readonly string[];
}

/** What is proven on a scenario's original case besides its gold (its own opening line, first augmentation). */
interface OriginalCaseProof {
  readonly wrong: readonly EpisodeScore[];
  readonly alternatives: readonly number[];
  readonly confirmFirst?: number;
  readonly floors: Readonly<Record<TrivialAgentName, number>>;
  readonly liars: { readonly played: number; readonly highest: number };
  /** Generated read paths (list everything, another phone form) played, and the lowest score one got. */
  readonly readPaths: { readonly played: number; readonly lowest: number };
  readonly facts: FactProofFigures;
  readonly checks: readonly ProofCheck[];
}

/**
 * Proves a scenario: its gold solution scores exactly 1 on every case (every wording of the opening line
 * under every tool augmentation, calling tools by the names the agent is shown), each wrong solution
 * scores less on the original case, each alternative at least `ALTERNATIVE_FLOOR`, no trivial agent
 * reaches the floor limit (outside insufficient information), every lie its `claim` minefields guard
 * against scores 0, and every answer with facts is proven both ways.
 */
export async function proveScenario(
  scenario: SandboxScenario,
  scoring: ScoringProfile = 'facts',
): Promise<ScenarioProof> {
  const problems: string[] = [];
  const cases = sandboxCases([scenario]);
  const gold = [];
  let originalRun: SandboxEpisodeResult | undefined;
  for (const sandboxCase of cases) {
    const { run, check } = await proveGold(sandboxCase, scoring);
    originalRun ??= run;
    gold.push({ caseId: sandboxCase.id, score: run.score });
    if (!check.ok) problems.push(check.detail);
  }
  const original = cases[0];
  const rest =
    original && originalRun
      ? await proveOriginalCase(original, originalRun, scoring)
      : {
          wrong: [],
          alternatives: [],
          floors: {} as Record<TrivialAgentName, number>,
          liars: { played: 0, highest: 0 },
          readPaths: { played: 0, lowest: 1 },
          facts: { checked: 0, judged: 0, agreed: 0, rendered: 0, mutated: 0, lowestReworded: 1, highestPerturbed: 0 },
          checks: [],
        };
  problems.push(...rest.checks.filter((check) => !check.ok).map((check) => check.detail));
  const { wrong, alternatives, confirmFirst, floors, liars, readPaths, facts } = rest;
  return {
    scenario: scenario.id,
    file: scenario.file,
    gold,
    wrong,
    alternatives,
    ...(confirmFirst === undefined ? {} : { confirmFirst }),
    floors,
    liars,
    readPaths,
    facts,
    problems,
  };
}

/**
 * The benchmark's `prove` for one case: the gold solution scores exactly 1 on it (under the run's
 * scoring profile); on a scenario's original case (its own opening line, the first augmentation) also
 * everything else `proveScenario` proves.
 */
export async function proveSandboxCase(
  sandboxCase: SandboxCase,
  scoring: ScoringProfile = 'facts',
  judge?: ModelAdapter,
): Promise<CaseProof> {
  const { run, check } = await proveGold(sandboxCase, scoring);
  const checks: ProofCheck[] = [check];
  const original = sandboxCases([sandboxCase.scenario])[0];
  if (original?.id !== sandboxCase.id) return { caseId: sandboxCase.id, checks };
  const proof = await proveOriginalCase(sandboxCase, run, scoring, judge);
  checks.push(...proof.checks);
  return { caseId: sandboxCase.id, checks, figures: encodeProofFigures(sandboxCase.scenario, proof) };
}

/** Plays the gold solution on a case, calling tools by the names the case shows; it must score exactly 1. */
async function proveGold(
  sandboxCase: SandboxCase,
  scoring: ScoringProfile,
): Promise<{ run: SandboxEpisodeResult; check: ProofCheck }> {
  const run = await runSandboxCase({ sandboxCase, agent: sandboxOracle(sandboxCase, 'gold'), scoring });
  const { score, trajectory } = run;
  const missed = [
    ...score.milestones
      .filter((match) => match.similarity !== 1)
      .map((match) => `${match.milestone}=${match.similarity.toFixed(3)}@${match.messageIndex}`),
    ...score.minefields
      .filter((match) => match.similarity > 0)
      .map((match) => `minefield ${match.milestone} fired @${match.messageIndex}`),
  ];
  const ok = score.score === 1;
  return {
    run,
    check: {
      name: 'gold scores 1',
      ok,
      detail: ok
        ? 'gold 1.000'
        : `gold solution scores ${score.score.toFixed(4)} on ${sandboxCase.id} (${trajectory.termination.type}); ${missed.join(', ')}`,
    },
  };
}

/**
 * On the original case: each wrong solution scores less than 1 and each alternative at least
 * `ALTERNATIVE_FLOOR` (both under `scoring`; under `paper` they are measured, not required — that profile
 * reproduces the paper's ROUGE-L, which rewards wording over facts); then, under the default profile, the trivial agents' floors,
 * the lies against claim minefields and the answers' facts; and under `facts`, the gold also scores 1
 * under `paper` (numbers comparable with the paper).
 */
async function proveOriginalCase(
  original: SandboxCase,
  goldRun: SandboxEpisodeResult,
  scoring: ScoringProfile,
  judge?: ModelAdapter,
): Promise<OriginalCaseProof> {
  const { scenario } = original;
  const checks: ProofCheck[] = [];
  const alternatives: number[] = [];
  for (const [index, solution] of scenario.alternatives.entries()) {
    const { score, check } = await proveAlternative(original, solution, `alternative solution ${index}`, scoring);
    alternatives.push(score);
    checks.push(check);
  }
  const confirming = confirmFirstSolution(scenario.gold, sandboxToolSet(original));
  const confirmFirst = confirming
    ? await proveAlternative(original, confirming, 'asking the user to confirm before the first action', scoring)
    : undefined;
  if (confirmFirst) checks.push(confirmFirst.check);
  const wrong: EpisodeScore[] = [];
  for (const [index, solution] of scenario.wrong.entries()) {
    const { score } = await runSandboxCase({
      sandboxCase: original,
      agent: new SolutionAgent(solution, 'wrong'),
      scoring,
    });
    wrong.push(score);
    checks.push({
      name: `wrong solution ${index} scores less`,
      // Under the paper's profile a wrong fact in the gold's words scores 1: measured, not failed.
      ok: score.score < 1 || scoring === 'paper',
      detail: `wrong solution ${index} scores ${score.score.toFixed(3)}${score.score < 1 ? '' : ', not less than 1'}`,
    });
  }
  const problemChecks = (name: string, problems: readonly string[]): ProofCheck[] =>
    problems.length === 0
      ? [{ name, ok: true, detail: `${name}: none` }]
      : problems.map((detail) => ({ name, ok: false, detail }));
  const floorProof = await proveFloors(original);
  // A paper's own scenarios are kept as written: what trivial agents score there is the paper's design
  // (switch milestones credit an agent that flips every switch), measured and printed, not required.
  checks.push(
    ...problemChecks(
      'trivial agents stay below the floor limit',
      scenario.corpus?.trivialAgentFloors === 'measured' ? [] : floorProof.problems,
    ),
  );
  const claimProof = await proveClaims(original, scenario.gold);
  checks.push(...problemChecks('lies against claim minefields score 0', claimProof.problems));
  const readPaths = await proveReadPaths(original, scenario.gold, goldRun);
  checks.push(...problemChecks('other read paths the tools allow keep the episode', readPaths.problems));
  if (scoring === 'facts') {
    const paper = await runSandboxCase({
      sandboxCase: original,
      agent: new SolutionAgent(scenario.gold, 'gold'),
      scoring: 'paper',
    });
    const ok = paper.score.score === 1;
    checks.push({
      name: 'gold scores 1 under --scoring paper',
      ok,
      detail: ok
        ? 'gold 1.000 under --scoring paper'
        : `gold solution scores ${paper.score.score.toFixed(4)} under --scoring paper, not 1`,
    });
  }
  const { problems: factProblems, ...factFigures } = await proveFacts(original, scenario.gold, goldRun, judge);
  checks.push(...problemChecks('answers with facts proven both ways', factProblems));
  return {
    wrong,
    alternatives,
    ...(confirmFirst ? { confirmFirst: confirmFirst.score } : {}),
    floors: floorProof.floors,
    liars: { played: claimProof.liars, highest: claimProof.highest },
    readPaths: { played: readPaths.played, lowest: readPaths.lowest },
    facts: factFigures,
    checks,
  };
}

/** Plays a correct alternative solution on the original case; it must score at least `ALTERNATIVE_FLOOR`. */
async function proveAlternative(
  original: SandboxCase,
  solution: readonly Turn[],
  name: string,
  scoring: ScoringProfile,
): Promise<{ score: number; check: ProofCheck }> {
  const { score } = await runSandboxCase({
    sandboxCase: original,
    agent: new SolutionAgent(solution, 'alternative'),
    scoring,
  });
  const missed = [
    ...score.milestones
      .filter((match) => match.similarity < 1)
      .map((match) => `${match.milestone}=${match.similarity.toFixed(3)}`),
    ...score.minefields.filter((match) => match.similarity > 0).map((match) => `minefield ${match.milestone}`),
  ];
  // Under the paper's profile (ROUGE-L) correct answers in other words score less: measured, not failed.
  const ok = score.score >= ALTERNATIVE_FLOOR || scoring === 'paper';
  return {
    score: score.score,
    check: {
      name: `${name} scores at least ${ALTERNATIVE_FLOOR}`,
      ok,
      detail: ok
        ? `${name} scores ${score.score.toFixed(3)}`
        : `${name} scores ${score.score.toFixed(4)} < ${ALTERNATIVE_FLOOR}; ${missed.join(', ')}`,
    },
  };
}
