import { fileURLToPath } from 'node:url';
import { Argument, type Command } from 'commander';
import { BUILT_IN_SCENARIOS, loadScenarios, sandboxCases, sandboxToolkit } from '../../benchmarks/sandbox/index.js';
import { DEFAULT_STORE_PATH, loadPriceTable, RunStore } from '../../runs/index.js';
import { BENCHMARKS, benchmarkOption } from '../cli-options.js';
import { renderTable } from '../render-table.js';

const LISTS = ['benchmarks', 'cases', 'tools', 'models', 'runs'] as const;
type ListName = (typeof LISTS)[number];

export function registerList(program: Command): void {
  program
    .command('list')
    .description('list benchmarks, cases, tools, models (with prices) or stored runs')
    .addArgument(new Argument('<what>', 'what to list').choices([...LISTS]))
    .addOption(benchmarkOption())
    .option('--scenarios <path>', 'scenario files or folder for `cases` (default: the built-in corpus)')
    .option('--db <file>', 'the SQLite store, for `runs`', DEFAULT_STORE_PATH)
    .option('--json', 'print JSON')
    .action(async (what: ListName, options: { json?: boolean; scenarios?: string; db: string }) => {
      const items = await listItems(what, options);
      if (options.json) {
        process.stdout.write(`${JSON.stringify(items, null, 2)}\n`);
        return;
      }
      process.stdout.write(`${renderItems(what, items)}\n`);
    });
}

async function listItems(
  what: ListName,
  options: { scenarios?: string; db: string },
): Promise<Record<string, unknown>[]> {
  switch (what) {
    case 'benchmarks':
      return BENCHMARKS.map((name) => ({
        name,
        description: 'ToolSandbox: stateful, conversational tool use scored by milestones and minefields',
      }));
    case 'tools':
      return sandboxToolkit()
        .registry.list()
        .map((tool) => ({
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
      const { scenarios, problems } = await loadScenarios([options.scenarios ?? fileURLToPath(BUILT_IN_SCENARIOS)]);
      for (const problem of problems)
        process.stderr.write(`skipped ${problem.file}: ${problem.path} ${problem.message}\n`);
      return sandboxCases(scenarios).map((sandboxCase) => ({
        id: sandboxCase.id,
        baseId: sandboxCase.baseId,
        categories: sandboxCase.scenario.categories,
        augmentation: sandboxCase.augmentation,
      }));
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
        return store.listRuns().map(({ run, episodes, scored, failed }) => ({
          runId: run.runId,
          createdAt: run.createdAt,
          agent: run.config.agent,
          user: run.config.user,
          episodes,
          scored,
          failed,
        }));
      } finally {
        store.close();
      }
    }
  }
}

function renderItems(what: ListName, items: readonly Record<string, unknown>[]): string {
  const columns: Record<ListName, string[]> = {
    benchmarks: ['name', 'description'],
    tools: ['domain', 'kind', 'name', 'dependsOn'],
    cases: ['id'],
    models: ['id', 'inputPerMillion', 'outputPerMillion', 'note'],
    runs: ['runId', 'createdAt', 'agent', 'user', 'episodes', 'scored', 'failed'],
  };
  const header = columns[what];
  return renderTable(
    header,
    items.map((item) => header.map((column) => (item[column] === undefined ? '' : String(item[column])))),
  );
}
