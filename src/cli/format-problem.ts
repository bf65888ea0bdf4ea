import type { CaseProblem } from '../spec/index.js';

/** A case problem as one line: `file at field: message`. */
export function formatCaseProblem(problem: CaseProblem): string {
  return `${problem.file}${problem.field ? ` at ${problem.field}` : ''}: ${problem.message}`;
}
