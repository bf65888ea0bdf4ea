import type { Augmentation } from '../../tools/index.js';
import type { SandboxCase } from './cases.js';
import type { SandboxCategory } from './scenario-file.js';

export interface CaseFilter {
  /** Glob on the case id: `*` any run of characters, `?` one character. */
  readonly casePattern?: string;
  readonly categories?: readonly SandboxCategory[];
  readonly augmentations?: readonly Augmentation[];
  /** At most this many cases, after the other filters (in corpus order). */
  readonly limit?: number;
}

export function filterCases(cases: readonly SandboxCase[], filter: CaseFilter): SandboxCase[] {
  const pattern = filter.casePattern ? globToRegExp(filter.casePattern) : undefined;
  const selected = cases.filter(
    (sandboxCase) =>
      (!pattern || pattern.test(sandboxCase.id)) &&
      (!filter.categories?.length ||
        filter.categories.some((category) => sandboxCase.scenario.categories.includes(category))) &&
      (!filter.augmentations?.length || filter.augmentations.includes(sandboxCase.augmentation)),
  );
  return filter.limit === undefined ? selected : selected.slice(0, filter.limit);
}

function globToRegExp(glob: string): RegExp {
  const escaped = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${escaped}$`);
}
