import { Argument, type Command } from 'commander';
import { allBenchmarks } from '../../benchmarks/registry.js';
import { DEFAULT_STORE_PATH, loadPriceTable, RunStore } from '../../runs/index.js';
import type { AnyBenchmark, BenchmarkOptionValues } from '../../spec/index.js';
import { addBenchmarkOptions, benchmarkOption, chosenBenchmark, resolveBenchmarkOptions } from '../cli-options.js';
import { formatCaseProblem } from '../format-problem.js';
import { renderTable } from '../render-table.js';

const LISTS = ['benchmarks', 'cases', 'tools', 'models', 'runs'] as const;
type ListName = (typeof LISTS)[number];

interface ListOptions {
  json?: boolean;
  benchmark: string;
  data?: string;
  scenarios?: string;
  db: string;
}

export function registerList(program: Command): void {
  const command = program
    .command('list')
    .description('list benchmarks (with case counts), cases, tools, models (with prices) or stored runs')
    .addArgument(new Argument('<what>', 'what to list').choices([...LISTS]))
    .addOption(benchmarkOption())
    .option('--data <path>', "the benchmark's case files or folder, for `cases` (default: its built-in cases)")
    .option('--scenarios <path>', 'same as --data')
    .option('--db <file>', 'the SQLite store, for `runs`', DEFAULT_STORE_PATH)
    .option('--json', 'print JSON');
  addBenchmarkOptions(command, 'list').action(async (what: ListName, options: ListOptions, command: Command) => {
    const benchmark = chosenBenchmark(options.benchmark);
    const values = resolveBenchmarkOptions(command, benchmark, 'list');
    const items = await listItems(what, options, benchmark, values);
    if (options.json) {
      process.stdout.write(`${JSON.stringify(items, null, 2)}\n`);
      return;
    }
    process.stdout.write(`${renderItems(what, items)}\n`);
  });
}

async function listItems(
  what: ListName,
  options: ListOptions,
  benchmark: AnyBenchmark,
  values: BenchmarkOptionValues,
): Promise<Record<string, unknown>[]> {
  switch (what) {
    case 'benchmarks': {
      const items = [];
      for (const entry of allBenchmarks().filter((candidate) => !candidate.hidden)) {
        const loaded = await entry.loadCases({ options: defaults(entry) });
        items.push({
          name: entry.id,
          title: entry.title,
          cases: loaded.cases.length,
          headline: entry.headline,
          description: entry.description,
        });
      }
      return items;
    }
    case 'tools':
      return (benchmark.tools?.() ?? []).map((tool) => ({
        name: tool.name,
        domain: tool.domain,
        kind: tool.kind,
        description: tool.description,
        parameters: tool.parameters,
        returns: tool.returns,
        dependsOn: tool.dependsOn,
        roles: tool.roles,
      }));
    case 'cases': {
      const source = options.data ?? options.scenarios;
      const loaded = await benchmark.loadCases({ ...(source ? { source } : {}), options: values });
      for (const problem of loaded.problems) process.stderr.write(`skipped: ${formatCaseProblem(problem)}\n`);
      return loaded.cases.map((benchmarkCase) => ({ id: benchmarkCase.id, ...benchmarkCase.labels }));
    }
    case 'models': {
      const prices = loadPriceTable();
      const priced = Object.entries(prices.models).map(([id, price]) => ({ id, ...price, priceTable: prices.version }));
      return [
        ...priced,
        { id: 'openai-compatible:<model>', note: 'any OpenAI-compatible server, with --base-url' },
        {
          id: 'prompt:<spec>',
          note: 'prompt mode: tools described in the prompt, for models without native tool calls',
        },
      ];
    }
    case 'runs': {
      const store = await RunStore.open(options.db, { readOnly: true });
      try {
        return store.listRuns().map(({ run, episodes, scored, failed, planned, playing }) => ({
          runId: run.runId,
          createdAt: run.createdAt,
          benchmark: run.config.benchmark ?? 'sandbox',
          agent: run.config.agent,
          user: run.config.user,
          planned,
          episodes,
          scored,
          failed,
          playing,
        }));
      } finally {
        store.close();
      }
    }
  }
}

function renderItems(what: ListName, items: readonly Record<string, unknown>[]): string {
  const columns: Record<ListName, string[]> = {
    benchmarks: ['name', 'title', 'cases', 'headline', 'description'],
    tools: ['domain', 'kind', 'name', 'dependsOn'],
    cases: ['id'],
    models: ['id', 'inputPerMillion', 'outputPerMillion', 'note'],
    runs: ['runId', 'createdAt', 'benchmark', 'agent', 'user', 'planned', 'episodes', 'scored', 'failed', 'playing'],
  };
  const header = columns[what];
  return renderTable(
    header,
    items.map((item) => header.map((column) => (item[column] === undefined ? '' : String(item[column])))),
  );
}

/** A benchmark's option defaults (for counting its built-in cases). */
function defaults(benchmark: AnyBenchmark): BenchmarkOptionValues {
  return Object.fromEntries(benchmark.options.map((option) => [option.flag, option.default]));
}
