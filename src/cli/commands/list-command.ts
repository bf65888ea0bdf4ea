import { fileURLToPath } from 'node:url';
import { Argument, type Command, Option } from 'commander';
import { BUILT_IN_SCENARIOS, loadScenarios, sandboxCases, sandboxToolkit } from '../../benchmarks/sandbox/index.js';
import { benchmarkOption } from '../cli-options.js';

export function registerList(program: Command): void {
  program
    .command('list')
    .description('list the tools or cases of a benchmark')
    .addArgument(new Argument('<what>', 'what to list').choices(['tools', 'cases']))
    .addOption(benchmarkOption())
    .option('--json', 'print JSON')
    .addOption(new Option('--scenarios <path>', 'scenario files or folder (default: the built-in corpus)'))
    .action(async (what: 'tools' | 'cases', options: { json?: boolean; scenarios?: string }) => {
      if (what === 'tools') {
        const tools = sandboxToolkit()
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
        if (options.json) process.stdout.write(`${JSON.stringify(tools, null, 2)}\n`);
        else
          for (const tool of tools)
            process.stdout.write(`${tool.domain.padEnd(10)} ${tool.kind.padEnd(7)} ${tool.name}\n`);
        return;
      }
      const { scenarios, problems } = await loadScenarios([options.scenarios ?? fileURLToPath(BUILT_IN_SCENARIOS)]);
      for (const problem of problems)
        process.stderr.write(`skipped ${problem.file}: ${problem.path} ${problem.message}\n`);
      const cases = sandboxCases(scenarios).map((sandboxCase) => ({
        id: sandboxCase.id,
        baseId: sandboxCase.baseId,
        categories: sandboxCase.scenario.categories,
        augmentation: sandboxCase.augmentation,
      }));
      if (options.json) process.stdout.write(`${JSON.stringify(cases, null, 2)}\n`);
      else for (const listed of cases) process.stdout.write(`${listed.id}\n`);
    });
}
