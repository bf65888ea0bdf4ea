import type { ScenarioProof } from './prove.js';
import { TRIVIAL_AGENTS } from './trivial-agents.js';

export interface ProofFigures {
  readonly scenarios: number;
  readonly proved: number;
  /** Per trivial agent, over the scenarios outside insufficient information: highest and mean score. */
  readonly floors: Readonly<
    Record<string, { readonly highest: number; readonly mean: number; readonly scenarios: number }>
  >;
  /** Lies played against `claim` minefields, and the highest score any got (must be 0). */
  readonly liars: { readonly played: number; readonly highest: number; readonly scenarios: number };
  /** Alternative solutions played, and the lowest score one got. */
  readonly alternatives: { readonly played: number; readonly lowest: number; readonly scenarios: number };
  /** Answer milestones with facts proven both ways. */
  readonly facts: { readonly checked: number; readonly lowestReworded: number; readonly highestPerturbed: number };
}

/** The corpus figures of a set of proofs (what `validate --prove` prints after the problems). */
export function proofFigures(proofs: readonly ScenarioProof[], insufficient: ReadonlySet<string>): ProofFigures {
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
    proved: proofs.filter((proof) => proof.problems.length === 0).length,
    floors,
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
    facts: {
      checked: proofs.reduce((sum, proof) => sum + proof.facts.checked, 0),
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
    `alternative solutions: ${figures.alternatives.played} in ${figures.alternatives.scenarios} scenarios, lowest score ${figures.alternatives.lowest.toFixed(3)}`,
    `answers with facts: ${figures.facts.checked} proven both ways; facts in other words ≥ ${figures.facts.lowestReworded.toFixed(3)}, a fact changed ≤ ${figures.facts.highestPerturbed.toFixed(3)}`,
  ];
}
