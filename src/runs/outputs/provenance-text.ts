/**
 * The provenance of a benchmark's numbers in a run as one line of text, and whether runs shown side by
 * side were scored alike: shared by the text report and the HTML page (no Node imports).
 */

/**
 * What a benchmark's numbers in a run are: how they were scored, whether they can stand beside the
 * paper's, on which cases, with which embedder and toolgauge version.
 */
export interface ProvenanceFacts {
  /** How the run was scored (the benchmark's own words), when it says. */
  readonly scoring?: string;
  /** `comparable with <paper table>…` or `not comparable with the paper: <why>`, when the benchmark says. */
  readonly paper?: string;
  /** The cases: `built-in` or the `--data` path, how many, and the case-set hash (absent in old runs). */
  readonly cases?: { readonly source: string; readonly count: number; readonly hash: string };
  readonly embedder?: string;
  readonly toolgaugeVersion?: string;
  /** For a run made by `toolgauge rescore`: the run whose trajectories it scored. */
  readonly rescoredFrom?: string;
}

/** `scoring … · cases built-in (3,159, set 1a2b3c4d) · embedder … · toolgauge … · rescored from …`. */
export function provenanceLine(provenance: ProvenanceFacts): string {
  return [
    provenance.scoring,
    provenance.cases
      ? `cases ${provenance.cases.source} (${withThousands(provenance.cases.count)}, set ${provenance.cases.hash.slice(0, 8)})`
      : undefined,
    provenance.embedder ? `embedder ${provenance.embedder}` : undefined,
    provenance.toolgaugeVersion ? `toolgauge ${provenance.toolgaugeVersion}` : undefined,
    provenance.rescoredFrom ? `rescored from ${provenance.rescoredFrom}` : undefined,
  ]
    .filter((fact) => fact !== undefined)
    .join(' · ');
}

/**
 * `3159` → `3,159`, as `toLocaleString('en-US')` writes an integer — without its first call's cost (it
 * loads the ICU locale data: 20–30 ms, most of what `report` spent beyond opening the store).
 */
export function withThousands(value: number): string {
  if (!Number.isInteger(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  return sign + String(Math.abs(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Whether runs side by side were scored differently or on different cases (their rows do not compare). */
export function scoredUnalike(provenances: readonly (ProvenanceFacts | undefined)[]): boolean {
  return new Set(provenances.map((facts) => `${facts?.scoring ?? ''}|${facts?.cases?.hash ?? ''}`)).size > 1;
}

export const UNALIKE_NOTE =
  'These runs were not scored alike or not on the same cases: their rows are not comparable with each other.';
