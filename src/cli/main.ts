import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Command, InvalidArgumentError } from 'commander';
import { runExampleEpisode } from '../benchmarks/example/example-episode.js';
import { registerList } from './commands/list-command.js';
import { registerValidate } from './commands/validate-command.js';
import { renderTrajectory } from './render-trajectory.js';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Builds the command-line program; `bin/toolgauge.js` runs it. */
export function buildProgram(): Command {
  const program = new Command('toolgauge')
    .description('Measure how well large language models use tools.')
    .version(packageJson.version, '-v, --version', 'print the version')
    .showHelpAfterError();

  program
    .command('run')
    .description('run episodes offline (for now: the built-in example episode) and print their trajectories')
    .option('--json', 'print the trajectory as JSON instead of text')
    .option('--out <file>', 'also write the trajectory JSON to this file', parseFilePath)
    .action(async (options: { json?: boolean; out?: string }) => {
      const trajectory = await runExampleEpisode();
      const json = `${JSON.stringify(trajectory, null, 2)}\n`;
      if (options.out) await writeFile(options.out, json);
      process.stdout.write(options.json ? json : `${renderTrajectory(trajectory)}\n`);
    });

  registerValidate(program);
  registerList(program);
  return program;
}

function parseFilePath(value: string): string {
  if (!value.trim()) throw new InvalidArgumentError('a file path is needed');
  return value;
}

export async function main(argv: readonly string[]): Promise<void> {
  await buildProgram().parseAsync([...argv]);
}
