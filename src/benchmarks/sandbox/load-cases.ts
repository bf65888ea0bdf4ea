import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { CaseProblem, LoadCasesRequest, LoadedCases } from '../../spec/index.js';
import type { Augmentation } from '../../tools/index.js';
import { canonicalJson } from '../../world/index.js';
import { filterCases } from './case-filter.js';
import { type SandboxCase, sandboxCases } from './cases.js';
import { optionList } from './options.js';
import type { SandboxCategory } from './scenario-file.js';
import { BUILT_IN_SCENARIOS, loadScenarios } from './scenario-loader.js';

/**
 * The sandbox cases of the built-in corpus or of the user's scenario files, narrowed by `--category` and
 * `--augmentation`. A scenario file with problems is skipped (its problems name file and field).
 */
export async function loadSandboxCases(request: LoadCasesRequest): Promise<LoadedCases<SandboxCase>> {
  const { scenarios, problems } = await loadScenarios([request.source ?? fileURLToPath(BUILT_IN_SCENARIOS)]);
  const categories = optionList(request.options, 'category') as SandboxCategory[];
  const augmentations = optionList(request.options, 'augmentation') as Augmentation[];
  const cases = filterCases(sandboxCases(scenarios), { categories, augmentations });
  return {
    cases,
    problems: problems.map(
      (problem): CaseProblem => ({
        file: problem.file,
        ...(problem.path ? { field: problem.path } : {}),
        message: problem.message,
      }),
    ),
    caseSetHash: sandboxCaseSetHash(cases),
    source: request.source ?? 'built-in',
  };
}

/** A hash of what decides each case's score: its id, opening, augmentation and scenario (not its file path). */
export function sandboxCaseSetHash(cases: readonly SandboxCase[]): string {
  const hash = createHash('sha256');
  for (const sandboxCase of cases) {
    const { file: _file, ...scenario } = sandboxCase.scenario;
    hash.update(
      canonicalJson({
        id: sandboxCase.id,
        opening: sandboxCase.opening,
        augmentation: sandboxCase.augmentation,
        scenario,
      }),
    );
    hash.update('\n');
  }
  return hash.digest('hex');
}
