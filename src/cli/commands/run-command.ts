import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { runExampleEpisode } from '../../benchmarks/example/example-episode.js';
import {
  BUILT_IN_SCENARIOS,
  builtinAgent,
  filterCases,
  formatProblem,
  loadScenarios,
  runSandboxCases,
  SANDBOX_AGENTS,
  SANDBOX_CATEGORIES,
  type SandboxAgentName,
  type SandboxCategory,
  sandboxCases,
  summarize,
} from '../../benchmarks/sandbox/index.js';
import { AUGMENTATIONS, type Augmentation } from '../../tools/index.js';
import { benchmarkOption } from '../cli-options.js';
import { renderSandboxSummary } from '../render-sandbox-summary.js';
import { renderTrajectory } from '../render-trajectory.js';

interface RunOptions {
  example?: boolean;
  agent: SandboxAgentName;
  user: string;
  scenarios?: string;
  case?: string;
  category?: SandboxCategory[];
  augmentation?: Augmentation[];
  limit?: number;
  trials: number;
  runId?: string;
  outDir: string;
  json?: boolean;
}

export function registerRun(program: Command): void {
  program
    .command('run')
    .description('run a benchmark offline and print its tables (default: the sandbox corpus with the oracle agent)')
    .addOption(benchmarkOption())
    .addOption(new Option('--agent <name>', 'built-in agent').choices([...SANDBOX_AGENTS]).default('oracle'))
    .addOption(new Option('--user <kind>', 'user simulator').choices(['scripted']).default('scripted'))
    .option('--scenarios <path>', 'scenario files or folder (default: the built-in corpus)')
    .option('--case <glob>', 'only cases whose id matches, e.g. "phone-*/distraction-0"')
    .addOption(new Option('--category <name...>', 'only cases in these categories').choices([...SANDBOX_CATEGORIES]))
    .addOption(new Option('--augmentation <name...>', 'only these tool augmentations').choices([...AUGMENTATIONS]))
    .option('--limit <n>', 'at most n cases', positiveInteger)
    .option('--trials <k>', 'run each case k times', positiveInteger, 1)
    .option('--run-id <id>', 'name of the run (default: benchmark, agent and time)')
    .option('--out-dir <dir>', 'where runs are kept', '.toolgauge/runs')
    .option('--json', 'print the summary as JSON')
    .option('--example', 'play the tiny built-in example episode instead and print its trajectory')
    .action(async (options: RunOptions) => {
      if (options.example) {
        process.stdout.write(`${renderTrajectory(await runExampleEpisode())}\n`);
        return;
      }
      const { scenarios, problems } = await loadScenarios([options.scenarios ?? fileURLToPath(BUILT_IN_SCENARIOS)]);
      for (const problem of problems) process.stderr.write(`skipped: ${formatProblem(problem)}\n`);
      const cases = filterCases(sandboxCases(scenarios), {
        ...(options.case ? { casePattern: options.case } : {}),
        ...(options.category ? { categories: options.category } : {}),
        ...(options.augmentation ? { augmentations: options.augmentation } : {}),
        ...(options.limit === undefined ? {} : { limit: options.limit }),
      });
      if (cases.length === 0) throw new InvalidArgumentError('no case matches the filters');

      const runId =
        options.runId ?? `sandbox-${options.agent}-${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}`;
      const folder = join(options.outDir, runId);
      await mkdir(folder, { recursive: true });
      const episodes = join(folder, 'episodes.jsonl');
      await writeFile(episodes, '');
      const started = performance.now();
      const records = await runSandboxCases({
        cases,
        agentFor: (sandboxCase) => builtinAgent(options.agent, sandboxCase),
        trials: options.trials,
        onEpisode: (record) => appendFile(episodes, `${JSON.stringify(record)}\n`),
      });
      const seconds = (performance.now() - started) / 1000;
      const summary = summarize(options.agent, records);
      await writeFile(
        join(folder, 'summary.json'),
        `${JSON.stringify({ formatVersion: 1, runId, benchmark: 'sandbox', agent: options.agent, user: options.user, trials: options.trials, skipped: problems, summary }, null, 2)}\n`,
      );
      if (options.json) {
        process.stdout.write(`${JSON.stringify({ runId, summary }, null, 2)}\n`);
        return;
      }
      process.stdout.write(
        `run ${runId}: ${records.length} episodes of ${scenarios.length} scenarios in ${seconds.toFixed(1)} s → ${folder}\n\n`,
      );
      process.stdout.write(`${renderSandboxSummary([summary])}\n`);
    });
}

function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1)
    throw new InvalidArgumentError(`"${value}" is not a positive whole number`);
  return number;
}
