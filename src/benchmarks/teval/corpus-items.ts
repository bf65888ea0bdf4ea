/**
 * The built-in derived items: toolgauge's sandbox scenarios, each gold and wrong solution played on the
 * engine (no model involved), turned into T-Eval items by `derive-items.ts`.
 *
 * This reaches into the sandbox benchmark's exports (its `index.ts`); once the benchmark registry exists
 * it should get the cases through `getBenchmark('sandbox')` instead, so that only the registry imports
 * concrete benchmarks.
 */
import { fileURLToPath } from 'node:url';
import type { CaseProblem } from '../../spec/index.js';
import {
  BUILT_IN_SCENARIOS,
  loadScenarios,
  presentCallsFor,
  runSandboxCase,
  SolutionAgent,
  sandboxCases,
  sandboxToolSet,
} from '../sandbox/index.js';
import { deriveFromGold, deriveFromWrong, type PlayedSolution } from './derive-items.js';
import type { TevalCase } from './teval-case.js';

export interface DerivedItems {
  readonly cases: TevalCase[];
  readonly problems: CaseProblem[];
}

let cached: Promise<DerivedItems> | undefined;

/** Items derived from the built-in sandbox scenarios (played once per process). */
export function sandboxDerivedItems(): Promise<DerivedItems> {
  cached ??= deriveSandboxItems();
  return cached;
}

async function deriveSandboxItems(): Promise<DerivedItems> {
  const loaded = await loadScenarios([fileURLToPath(BUILT_IN_SCENARIOS)]);
  const problems: CaseProblem[] = loaded.problems.map((problem) => ({
    file: problem.file,
    field: problem.path,
    message: `sandbox scenario skipped for T-Eval items: ${problem.message}`,
  }));
  const cases: TevalCase[] = [];
  for (const scenario of loaded.scenarios) {
    const [sandboxCase] = sandboxCases([scenario], ['distraction-0']);
    if (!sandboxCase) continue;
    try {
      const tools = sandboxToolSet(sandboxCase);
      const solutions = [
        ['gold', scenario.gold] as const,
        ...scenario.wrong.map((turns, index) => [`wrong-${index}`, turns] as const),
      ];
      for (const [solution, turns] of solutions) {
        const agent = new SolutionAgent(turns, solution, presentCallsFor(tools));
        const { trajectory } = await runSandboxCase({ sandboxCase, agent });
        const played: PlayedSolution = {
          corpus: 'sandbox',
          caseId: scenario.id,
          solution,
          tools: tools.schemas(),
          messages: trajectory.messages,
        };
        cases.push(...(solution === 'gold' ? deriveFromGold(played) : deriveFromWrong(played)));
      }
    } catch (error) {
      problems.push({
        file: scenario.file,
        caseId: scenario.id,
        message: `could not derive T-Eval items: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }
  return { cases, problems };
}
