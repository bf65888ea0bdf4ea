/**
 * T-Eval items from any registered benchmark whose oracle plays episodes on the engine: each chosen case's
 * gold solution is played by the benchmark's own `oracle` agent (and its wrong solutions, when the case
 * carries them), and the resulting trajectories are turned into items by `derive-items.ts`. Only the
 * Benchmark contract is used, so the registry stays the only importer of concrete benchmarks.
 */
import type {
  Agent,
  AnyBenchmark,
  BenchmarkCase,
  BenchmarkServices,
  CaseProblem,
  Message,
  Turn,
  TurnRequest,
} from '../../spec/index.js';
import { deriveFromGold, deriveFromWrong } from './derive-items.js';
import type { TevalCase } from './teval-case.js';

export interface CorpusItems {
  readonly cases: TevalCase[];
  readonly problems: CaseProblem[];
}

/** Plays a list of turns in order, then says it is done (the wrong solutions a case may carry). */
class TurnsAgent implements Agent {
  private next = 0;
  constructor(
    private readonly turns: readonly Turn[],
    readonly name: string,
  ) {}
  async respond(_request: TurnRequest): Promise<Turn> {
    const turn = this.turns[this.next];
    this.next += 1;
    return turn ?? { type: 'text', text: 'That is all.' };
  }
}

/** The wrong solutions a case carries, if any (ToolSandbox scenarios have `scenario.wrong`). */
function wrongSolutionsOf(benchmarkCase: BenchmarkCase): readonly (readonly Turn[])[] {
  const scenario = (benchmarkCase as { scenario?: { wrong?: unknown } }).scenario;
  return Array.isArray(scenario?.wrong) ? (scenario.wrong as (readonly Turn[])[]) : [];
}

export async function deriveFromBenchmark(
  corpus: string,
  benchmark: AnyBenchmark,
  services: BenchmarkServices,
  /** Which of the benchmark's cases to derive from (e.g. one per scenario); default all. */
  keep: (benchmarkCase: BenchmarkCase) => boolean = () => true,
): Promise<CorpusItems> {
  const loaded = await benchmark.loadCases({ options: {} });
  const problems: CaseProblem[] = [...loaded.problems];
  const cases: TevalCase[] = [];
  const oracle = benchmark.agents.find((agent) => agent.name === 'oracle');
  if (!oracle || !benchmark.reference) {
    return {
      cases,
      problems: [{ file: corpus, message: `${corpus} has no oracle agent or reference case to derive from` }],
    };
  }
  const signal = new AbortController().signal;
  for (const benchmarkCase of loaded.cases.filter(keep)) {
    try {
      const tools = benchmark.reference(benchmarkCase, {}).tools;
      const solutions: [string, Agent][] = [
        ['gold', oracle.create(benchmarkCase, {})],
        ...wrongSolutionsOf(benchmarkCase).map((turns, index): [string, Agent] => [
          `wrong-${index}`,
          new TurnsAgent(turns, `wrong-${index}`),
        ]),
      ];
      for (const [solution, agent] of solutions) {
        const result = await benchmark.play({
          case: benchmarkCase,
          trial: 0,
          agent,
          options: {},
          services,
          limits: {},
          signal,
        });
        const messages: readonly Message[] = benchmark.trajectories(result.record)[0]?.messages ?? [];
        const caseId = String(benchmarkCase.labels.baseId ?? benchmarkCase.id);
        const played = { corpus, caseId, solution, tools, messages };
        cases.push(...(solution === 'gold' ? deriveFromGold(played) : deriveFromWrong(played)));
      }
    } catch (error) {
      problems.push({
        file: corpus,
        caseId: benchmarkCase.id,
        message: `could not derive T-Eval items: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }
  return { cases, problems };
}
