import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { registerBenchmarkModules } from './benchmark-module-flag.js';
import { registerData } from './commands/data-command.js';
import { registerList } from './commands/list-command.js';
import { registerReportCommands } from './commands/report-commands.js';
import { registerRescore } from './commands/rescore-command.js';
import { registerRun } from './commands/run-command.js';
import { registerServe } from './commands/serve-command.js';
import { registerValidate } from './commands/validate-command.js';
import { registerRescoredRunBenchmark } from './rescored-run-benchmark.js';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * The commands each register function adds. A command line naming one of them builds only that
 * function's commands: the flags of `run` and the others are not built for a `show` (their options are
 * most of the program). Anything else (`--help`, `help`, a mistyped command) builds them all.
 */
export const COMMAND_GROUPS: readonly (readonly [names: readonly string[], register: (program: Command) => void])[] = [
  [['run'], registerRun],
  [['validate'], registerValidate],
  [['list'], registerList],
  [['report', 'show', 'compare', 'export', 'merge'], registerReportCommands],
  [['rescore'], registerRescore],
  [['serve-reference'], registerServe],
  [['data'], registerData],
];

/**
 * The command a command line names: its first word after the program that is not a flag (the program's
 * own flags take no value).
 */
export function commandWord(argv: readonly string[]): string | undefined {
  return argv.slice(2).find((argument) => !argument.startsWith('-'));
}

/**
 * Builds the command-line program; `bin/toolgauge.js` runs it. Given the command the line names, only
 * that command's group (see {@link COMMAND_GROUPS}).
 */
export function buildProgram(named?: string): Command {
  const program = new Command('toolgauge')
    .description('Measure how well large language models use tools.')
    .version(packageJson.version, '-v, --version', 'print the version')
    // Errors are thrown (not `process.exit`), so that the command line can give each its exit code.
    .exitOverride();

  const group = COMMAND_GROUPS.find(([names]) => named !== undefined && names.includes(named));
  for (const [, register] of group ? [group] : COMMAND_GROUPS) register(program);
  // An option error prints the error and one line pointing at the help, not the whole help (which
  // would scroll the error away).
  program.showHelpAfterError('see `toolgauge --help`');
  for (const command of program.commands) {
    command.showHelpAfterError(`see \`toolgauge ${command.name()} --help\``);
  }
  return program;
}

export async function main(argv: readonly string[]): Promise<void> {
  // A benchmark from the user's module declares its flags: it is loaded before the flags are parsed.
  await registerBenchmarkModules(argv.slice(2));
  const command = commandWord(argv);
  // `rescore <run-id>` of a module benchmark's run: the module the run recorded declares its scoring flags.
  if (command === 'rescore') {
    const args = argv.slice(2);
    await registerRescoredRunBenchmark(args.slice(args.indexOf(command) + 1));
  }
  await buildProgram(command).parseAsync([...argv]);
}
