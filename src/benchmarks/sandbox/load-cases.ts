import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { CaseProblem, LoadCasesRequest, LoadedCases } from '../../spec/index.js';
import type { Augmentation } from '../../tools/index.js';
import { canonicalJson } from '../../util/index.js';
import { filterCases } from './case-filter.js';
import { type SandboxCase, sandboxCases } from './cases.js';
import { NAMED_CORPORA } from './named-corpora.js';
import { optionList } from './options.js';
import type { SandboxScenario } from './sandbox-scenario.js';
import type { SandboxCategory } from './scenario-file.js';
import { BUILT_IN_SCENARIOS, loadScenarios } from './scenario-loader.js';

/**
 * The sandbox cases of the built-in corpus or of the user's scenario files, narrowed by `--category` and
 * `--augmentation`. A scenario file with problems is skipped (its problems name file and field).
 */
export async function loadSandboxCases(request: LoadCasesRequest): Promise<LoadedCases<SandboxCase>> {
  const { scenarios, problems } = await loadScenarios([scenarioSource(request)]);
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
    source: request.source ?? (corpusName(request) ? `corpus:${corpusName(request)}` : 'built-in'),
  };
}

function corpusName(request: LoadCasesRequest): string | undefined {
  const name = request.options.corpus;
  return typeof name === 'string' ? name : undefined;
}

/** The files or folder to load: the user's, a named corpus's folder, or the built-in scenarios. */
function scenarioSource(request: LoadCasesRequest): string {
  if (request.source) return request.source;
  const name = corpusName(request);
  if (name === undefined) return fileURLToPath(BUILT_IN_SCENARIOS);
  const folder = Object.hasOwn(NAMED_CORPORA, name) ? NAMED_CORPORA[name] : undefined;
  if (!folder) throw new Error(`unknown corpus "${name}"; known: ${Object.keys(NAMED_CORPORA).join(', ')}`);
  return fileURLToPath(folder);
}

/**
 * A hash of what decides each case's score: its id, opening, augmentation and scenario (not its file path).
 * Each case adds `canonicalJson({ id, opening, augmentation, scenario })` and a newline; the scenario's part is
 * written once per scenario (its paraphrases and augmentations share it) and joined after the other keys,
 * which all sort before "scenario".
 */
export function sandboxCaseSetHash(cases: readonly SandboxCase[]): string {
  const hash = createHash('sha256');
  const scenarioTexts = new Map<SandboxScenario, string>();
  for (const sandboxCase of cases) {
    let scenarioText = scenarioTexts.get(sandboxCase.scenario);
    if (scenarioText === undefined) {
      const { file: _file, ...scenario } = sandboxCase.scenario;
      scenarioText = canonicalJson(scenario);
      scenarioTexts.set(sandboxCase.scenario, scenarioText);
    }
    const head = canonicalJson({
      id: sandboxCase.id,
      opening: sandboxCase.opening,
      augmentation: sandboxCase.augmentation,
    });
    hash.update(`${head.slice(0, -1)},"scenario":${scenarioText}}\n`);
  }
  return hash.digest('hex');
}
