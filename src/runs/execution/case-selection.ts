import type { BenchmarkCase } from '../../spec/index.js';

export interface CaseSelection {
  /** Glob on the case id: `*` any run of characters, `?` one character. */
  readonly casePattern?: string;
  /** At most this many cases, after the pattern (in the benchmark's order). */
  readonly limit?: number;
}

/** The cases a run plays: those whose id matches the pattern, at most `limit` of them. */
export function selectCases<C extends BenchmarkCase>(cases: readonly C[], selection: CaseSelection): C[] {
  const pattern = selection.casePattern ? globToRegExp(selection.casePattern) : undefined;
  const selected = pattern ? cases.filter((benchmarkCase) => pattern.test(benchmarkCase.id)) : [...cases];
  return selection.limit === undefined ? selected : selected.slice(0, selection.limit);
}

export function globToRegExp(glob: string): RegExp {
  const escaped = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${escaped}$`);
}
