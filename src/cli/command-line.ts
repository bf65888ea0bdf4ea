import { CommanderError } from 'commander';
import { redactUrls } from '../models/providers/endpoint.js';
import { EXIT_CODES } from '../runs/outputs/exit-codes.js';
import { UnknownRunError } from '../runs/store/unknown-run-error.js';
import { commandWord, main } from './main.js';
import { terminalSafe } from './terminal-safe.js';
import { UsageError } from './usage-error.js';
import { isWaitingWorker, waitingWorkerCommand } from './waiting-worker.js';

/**
 * The command line as `bin/toolgauge.js` runs it: the program, plus everything around it that a shell
 * user and a CI job rely on — exit codes (see {@link EXIT_CODES}), one-line errors with a pointer to the
 * command's help, no secrets or terminal escapes in error text, and a quiet exit when the reader of
 * stdout goes away (`toolgauge list cases | head -1`).
 */
export async function runCommandLine(argv: readonly string[]): Promise<void> {
  // The AI SDK would print a warning per request (e.g. for settings a provider ignores); toolgauge
  // records what it sends, so these are noise on a terminal and in CI logs.
  globalThis.AI_SDK_LOG_WARNINGS = false;
  for (const stream of [process.stdout, process.stderr]) stream.on('error', exitQuietlyOnBrokenPipe);
  // A worker started before its run was known runs the command its parent tells it (none: the parent is gone).
  const command = isWaitingWorker() ? await waitingWorkerCommand(argv) : argv;
  if (!command) return;
  try {
    await main(command);
  } catch (error) {
    process.exitCode = reportFailure(error, command);
  }
}

/** Prints a failure as one line (plus a hint for usage errors) and returns the exit code. */
export function reportFailure(
  error: unknown,
  argv: readonly string[],
  write: (text: string) => void = (text) => process.stderr.write(text),
): number {
  if (error instanceof CommanderError && !isUsageErrorThrownByAction(error)) {
    // Commander has printed its own message (or the help, or the version) already.
    if (['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(error.code)) return error.exitCode;
    return EXIT_CODES.usage;
  }
  const message = terminalSafe(redactUrls(error instanceof Error ? error.message : String(error)));
  write(`toolgauge: ${message}\n`);
  if (error instanceof UnknownRunError) return EXIT_CODES.usage;
  if (error instanceof Error && BENCHMARK_USAGE_ERRORS.has(error.name)) {
    write(`${helpHint(argv)}\n`);
    return EXIT_CODES.usage;
  }
  if (error instanceof UsageError || error instanceof CommanderError) {
    write(`${helpHint(argv)}\n`);
    return EXIT_CODES.usage;
  }
  return EXIT_CODES.error;
}

/**
 * A benchmark that cannot be found or used (an unknown id, a module that is gone or exports no
 * benchmark, a module that takes a built-in id): the caller's mistake, exit code 2.
 */
const BENCHMARK_USAGE_ERRORS = new Set(['UnknownBenchmarkError', 'BenchmarkModuleError', 'BenchmarkIdTakenError']);

/** `InvalidArgumentError`s thrown inside an action reach us unprinted (commander prints only its own). */
function isUsageErrorThrownByAction(error: CommanderError): boolean {
  return error.code === 'commander.invalidArgument' && !error.message.startsWith('error:');
}

/** `see toolgauge run --help`, for the command the user typed. */
export function helpHint(argv: readonly string[]): string {
  const command = commandWord(argv);
  return `see \`toolgauge ${command && /^[a-z-]+$/.test(command) ? `${command} ` : ''}--help\``;
}

function exitQuietlyOnBrokenPipe(error: NodeJS.ErrnoException): void {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
}
