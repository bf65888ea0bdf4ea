/** One thing wrong with a scenario file: where (file and field path) and what. */
export interface ScenarioProblem {
  readonly file: string;
  /** Dotted path of the field, e.g. `milestones.2.constraints.0.table`; empty for the whole file. */
  readonly path: string;
  readonly message: string;
}

export function formatProblem(problem: ScenarioProblem): string {
  return `${problem.file}${problem.path ? ` at ${problem.path}` : ''}: ${problem.message}`;
}
