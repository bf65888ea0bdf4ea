import type { Command } from 'commander';
import { benchmarkDescriptors, DEFAULT_BENCHMARK, loadAllBenchmarks } from '../../benchmarks/registry.js';
import { announceStoreMigration, RunStore } from '../../runs/store/run-store.js';
import type { AnyBenchmark, BenchmarkOptionValues } from '../../spec/index.js';
import { formatCaseProblem } from '../format-problem.js';
import { renderTable } from '../render-table.js';
import { chosenBenchmark, describedBenchmark, resolveBenchmarkOptions } from '../resolve-benchmark-options.js';
import type { ListName, ListOptions } from './list-command.js';

/** `list <what>`: prints the list as a table or JSON. */
export async function listAction(what: ListName, options: ListOptions, command: Command): Promise<void> {
  // The flags are checked against the chosen benchmark's declarations; the benchmark itself is loaded
  // only for the lists that read it.
  const values = resolveBenchmarkOptions(command, describedBenchmark(options.benchmark), 'list');
  const items = await listItems(what, options, values);
  if (options.json) {
    process.stdout.write(`${JSON.stringify(items, null, 2)}\n`);
    return;
  }
  process.stdout.write(`${renderItems(what, items)}\n`);
}

async function listItems(
  what: ListName,
  options: ListOptions,
  values: BenchmarkOptionValues,
): Promise<Record<string, unknown>[]> {
  switch (what) {
    case 'benchmarks': {
      const items = [];
      for (const entry of (await loadAllBenchmarks()).filter((candidate) => !candidate.hidden)) {
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
      return ((await chosenBenchmark(options.benchmark)).tools?.() ?? []).map((tool) => ({
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
      const benchmark = await chosenBenchmark(options.benchmark);
      const loaded = await benchmark.loadCases({ ...(source ? { source } : {}), options: values });
      for (const problem of loaded.problems) process.stderr.write(`skipped: ${formatCaseProblem(problem)}\n`);
      return loaded.cases.map((benchmarkCase) => ({ id: benchmarkCase.id, ...benchmarkCase.labels }));
    }
    case 'models': {
      // Imported here, as only this list needs it; and the table's schema (zod) only if the shipped table
      // does not fit the parser compiled from it.
      const { readBuiltInPricesQuickly } = await import('../../runs/pricing/built-in-prices.js');
      const prices = readBuiltInPricesQuickly() ?? (await import('../../runs/pricing/price-table.js')).loadPriceTable();
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
      const store = await RunStore.open(options.db, { readOnly: true, onMigration: announceStoreMigration });
      try {
        return store.listRuns().map(({ run, episodes, scored, failed, planned, playing }) => ({
          runId: run.runId,
          createdAt: run.createdAt,
          benchmark: run.config.benchmark ?? DEFAULT_BENCHMARK,
          agent: run.config.agent,
          // A benchmark without a simulated user has none to show (its stored setting is the default).
          user: simulatedUser(String(run.config.benchmark ?? DEFAULT_BENCHMARK)) ? run.config.user : '–',
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

/** Whether a benchmark (registered, else assumed so) has a simulated user. */
function simulatedUser(id: string): boolean {
  const descriptor = benchmarkDescriptors().find((candidate) => candidate.id === id);
  return descriptor ? descriptor.simulatedUser === true : true;
}
