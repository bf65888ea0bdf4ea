import type { CaseProof } from '../../spec/index.js';
import type { ScenarioProof } from './prove.js';
import type { FactProofFigures } from './prove-facts.js';
import type { SandboxScenario } from './sandbox-scenario.js';
import { TRIVIAL_AGENTS, type TrivialAgentName } from './trivial-agents.js';

/** What the corpus figures read of one scenario's proof. */
export type ProofMeasures = Pick<
  ScenarioProof,
  'scenario' | 'alternatives' | 'confirmFirst' | 'floors' | 'liars' | 'readPaths' | 'facts'
> & { readonly ok: boolean; readonly wrong: readonly number[] };

export interface ProofFigures {
  readonly scenarios: number;
  readonly proved: number;
  /** Per trivial agent, over the scenarios outside insufficient information: highest and mean score. */
  readonly floors: Readonly<
    Record<string, { readonly highest: number; readonly mean: number; readonly scenarios: number }>
  >;
  /** Lies played against `claim` minefields, and the highest score any got (must be 0). */
  readonly liars: { readonly played: number; readonly highest: number; readonly scenarios: number };
  /** Generated read paths played, in how many scenarios, and the lowest score one got. */
  readonly readPaths: { readonly played: number; readonly lowest: number; readonly scenarios: number };
  /** Alternative solutions played, and the lowest score one got. */
  readonly alternatives: { readonly played: number; readonly lowest: number; readonly scenarios: number };
  /** Wrong solutions played, the highest score one got, and how many scored 1 (none may, under `facts`). */
  readonly wrong: { readonly played: number; readonly highest: number; readonly perfect: number };
  /** Generated "ask the user before the first action" alternatives played, and the lowest score. */
  readonly confirmFirst: { readonly played: number; readonly lowest: number };
  /** Answer milestones with facts proven both ways. */
  readonly facts: FactProofFigures;
}

/** The corpus figures of a set of proofs (what `validate --prove` prints after the problems). */
export function proofFigures(proofs: readonly ProofMeasures[], insufficient: ReadonlySet<string>): ProofFigures {
  const counted = proofs.filter((proof) => !insufficient.has(proof.scenario));
  const floors = Object.fromEntries(
    TRIVIAL_AGENTS.map((agent) => {
      const scores = counted.map((proof) => proof.floors[agent] ?? 0);
      return [
        agent,
        {
          highest: Math.max(0, ...scores),
          mean: scores.length > 0 ? scores.reduce((sum, score) => sum + score, 0) / scores.length : 0,
          scenarios: scores.length,
        },
      ];
    }),
  );
  const withLiars = proofs.filter((proof) => proof.liars.played > 0);
  return {
    scenarios: proofs.length,
    proved: proofs.filter((proof) => proof.ok).length,
    floors,
    readPaths: {
      played: proofs.reduce((sum, proof) => sum + proof.readPaths.played, 0),
      lowest: Math.min(
        1,
        ...proofs.filter((proof) => proof.readPaths.played > 0).map((proof) => proof.readPaths.lowest),
      ),
      scenarios: proofs.filter((proof) => proof.readPaths.played > 0).length,
    },
    liars: {
      played: withLiars.reduce((sum, proof) => sum + proof.liars.played, 0),
      highest: Math.max(0, ...withLiars.map((proof) => proof.liars.highest)),
      scenarios: withLiars.length,
    },
    alternatives: {
      played: proofs.reduce((sum, proof) => sum + proof.alternatives.length, 0),
      lowest: Math.min(1, ...proofs.flatMap((proof) => proof.alternatives)),
      scenarios: proofs.filter((proof) => proof.alternatives.length > 0).length,
    },
    wrong: {
      played: proofs.reduce((sum, proof) => sum + proof.wrong.length, 0),
      highest: Math.max(0, ...proofs.flatMap((proof) => proof.wrong)),
      perfect: proofs.reduce((sum, proof) => sum + proof.wrong.filter((score) => score >= 1).length, 0),
    },
    confirmFirst: {
      played: proofs.filter((proof) => proof.confirmFirst !== undefined).length,
      lowest: Math.min(1, ...proofs.flatMap((proof) => (proof.confirmFirst === undefined ? [] : [proof.confirmFirst]))),
    },
    facts: {
      checked: proofs.reduce((sum, proof) => sum + proof.facts.checked, 0),
      rendered: proofs.reduce((sum, proof) => sum + proof.facts.rendered, 0),
      judged: proofs.reduce((sum, proof) => sum + proof.facts.judged, 0),
      agreed: proofs.reduce((sum, proof) => sum + proof.facts.agreed, 0),
      mutated: proofs.reduce((sum, proof) => sum + proof.facts.mutated, 0),
      lowestReworded: Math.min(
        1,
        ...proofs.filter((proof) => proof.facts.checked > 0).map((proof) => proof.facts.lowestReworded),
      ),
      highestPerturbed: Math.max(0, ...proofs.map((proof) => proof.facts.highestPerturbed)),
    },
  };
}

/** The figures in words, one line each. */
export function renderProofFigures(figures: ProofFigures): string[] {
  return [
    ...Object.entries(figures.floors).map(
      ([agent, floor]) =>
        `floor ${agent}: highest ${floor.highest.toFixed(3)}, mean ${floor.mean.toFixed(3)} over ${floor.scenarios} scenarios (insufficient information left out)`,
    ),
    `lies against claim minefields: ${figures.liars.played} played in ${figures.liars.scenarios} scenarios, highest score ${figures.liars.highest.toFixed(3)}`,
    `other read paths the tools allow (generated): ${figures.readPaths.played} in ${figures.readPaths.scenarios} scenarios, lowest score ${figures.readPaths.lowest.toFixed(3)}`,
    `alternative solutions: ${figures.alternatives.played} in ${figures.alternatives.scenarios} scenarios, lowest score ${figures.alternatives.lowest.toFixed(3)}`,
    `wrong solutions: ${figures.wrong.played}, highest score ${figures.wrong.highest.toFixed(3)}, ${figures.wrong.perfect} scoring 1`,
    `asking the user to confirm before the first action (generated): ${figures.confirmFirst.played} scenarios, lowest score ${figures.confirmFirst.lowest.toFixed(3)}`,
    `answers with facts: ${figures.facts.checked} proven both ways; ${figures.facts.rendered} renderings in other formats ≥ ${figures.facts.lowestReworded.toFixed(3)}, ${figures.facts.mutated} mutations (a neighbouring value, the day before, the opposite state, …) ≤ ${figures.facts.highestPerturbed.toFixed(3)}`,
    ...(figures.facts.judged > 0
      ? [
          `judge: agrees with the typed checker on ${figures.facts.agreed} of ${figures.facts.judged} answers (${((100 * figures.facts.agreed) / figures.facts.judged).toFixed(1)}%: the gold answers, their renderings and mutations)`,
        ]
      : []),
  ];
}

/** A scenario's proof measures as the flat figures a `CaseProof` carries (see `summarizeSandboxProofs`). */
export function encodeProofFigures(
  scenario: SandboxScenario,
  proof: Omit<ProofMeasures, 'scenario' | 'ok' | 'wrong'> & { readonly wrong: readonly { readonly score: number }[] },
): Readonly<Record<string, number>> {
  return {
    insufficient: scenario.categories.includes('insufficient_information') ? 1 : 0,
    ...Object.fromEntries(Object.entries(proof.floors).map(([agent, score]) => [`floor.${agent}`, score])),
    ...Object.fromEntries(proof.alternatives.map((score, index) => [`alternative.${index}`, score])),
    ...Object.fromEntries(proof.wrong.map((wrong, index) => [`wrong.${index}`, wrong.score])),
    ...(proof.confirmFirst === undefined ? {} : { 'confirm-first': proof.confirmFirst }),
    'liars.played': proof.liars.played,
    'read-paths.played': proof.readPaths.played,
    'read-paths.lowest': proof.readPaths.lowest,
    'liars.highest': proof.liars.highest,
    'facts.checked': proof.facts.checked,
    'facts.rendered': proof.facts.rendered,
    'facts.judged': proof.facts.judged,
    'facts.agreed': proof.facts.agreed,
    'facts.mutated': proof.facts.mutated,
    'facts.lowest-reworded': proof.facts.lowestReworded,
    'facts.highest-perturbed': proof.facts.highestPerturbed,
  };
}

/** The corpus figures, in words, of the case proofs `validate --prove` collected (the benchmark's `summarizeProofs`). */
export function summarizeSandboxProofs(proofs: readonly CaseProof[]): readonly string[] {
  const measured: ProofMeasures[] = [];
  const insufficient = new Set<string>();
  for (const proof of proofs) {
    const figures = proof.figures;
    if (!figures) continue;
    const numbered = (prefix: string) =>
      Object.entries(figures)
        .filter(([key]) => key.startsWith(prefix))
        .sort(([a], [b]) => Number(a.slice(prefix.length)) - Number(b.slice(prefix.length)))
        .map(([, value]) => value);
    const floors = Object.fromEntries(TRIVIAL_AGENTS.map((agent) => [agent, figures[`floor.${agent}`] ?? 0])) as Record<
      TrivialAgentName,
      number
    >;
    const confirmFirst = figures['confirm-first'];
    measured.push({
      scenario: proof.caseId,
      ok: proof.checks.every((check) => check.ok),
      alternatives: numbered('alternative.'),
      wrong: numbered('wrong.'),
      ...(confirmFirst === undefined ? {} : { confirmFirst }),
      floors,
      liars: { played: figures['liars.played'] ?? 0, highest: figures['liars.highest'] ?? 0 },
      readPaths: { played: figures['read-paths.played'] ?? 0, lowest: figures['read-paths.lowest'] ?? 1 },
      facts: {
        checked: figures['facts.checked'] ?? 0,
        rendered: figures['facts.rendered'] ?? 0,
        judged: figures['facts.judged'] ?? 0,
        agreed: figures['facts.agreed'] ?? 0,
        mutated: figures['facts.mutated'] ?? 0,
        lowestReworded: figures['facts.lowest-reworded'] ?? 1,
        highestPerturbed: figures['facts.highest-perturbed'] ?? 0,
      },
    });
    if (figures.insufficient === 1) insufficient.add(proof.caseId);
  }
  if (measured.length === 0) return [];
  const goldOk = proofs.filter((proof) => proof.checks[0]?.ok).length;
  return [
    `gold = 1 on ${goldOk} of ${proofs.length} cases; ${measured.length} scenarios proved on their original case`,
    ...renderProofFigures(proofFigures(measured, insufficient)),
  ];
}
