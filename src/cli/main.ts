import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { registerData } from './commands/data-command.js';
import { registerList } from './commands/list-command.js';
import { registerReportCommands } from './commands/report-commands.js';
import { registerRun } from './commands/run-command.js';
import { registerServe } from './commands/serve-command.js';
import { registerValidate } from './commands/validate-command.js';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Builds the command-line program; `bin/toolgauge.js` runs it. */
export function buildProgram(): Command {
  const program = new Command('toolgauge')
    .description('Measure how well large language models use tools.')
    .version(packageJson.version, '-v, --version', 'print the version')
    .showHelpAfterError();

  registerRun(program);
  registerValidate(program);
  registerList(program);
  registerReportCommands(program);
  registerServe(program);
  registerData(program);
  return program;
}

export async function main(argv: readonly string[]): Promise<void> {
  await buildProgram().parseAsync([...argv]);
}
