import { existsSync } from 'node:fs';
import { Command } from 'commander';
import { registerRunBenchmark } from '../benchmarks/benchmark-module.js';
import { DEFAULT_STORE_PATH } from '../runs/store/default-store-path.js';
import { UnknownRunError } from '../runs/store/unknown-run-error.js';
import { registerRescore } from './commands/rescore-command.js';

/**
 * `toolgauge rescore <run-id> --<scoring flag>` for a run of a benchmark from a module: the flags are
 * parsed before the action reads the run, so a module benchmark's scoring flags would be unknown unless
 * `--benchmark module:` named the module again. Before parsing, this reads the run's recorded module
 * (`benchmarkModule` in its settings) from the store, read-only, and loads it, so that its options are
 * flags like a built-in benchmark's. A run id that names no run is reported as such (not as an unknown
 * option, for a flag its module would have declared); a store that cannot be opened otherwise is left to
 * the action to report. `rescoreArgs`: the command line's words after `rescore`.
 */
export async function registerRescoredRunBenchmark(rescoreArgs: readonly string[]): Promise<void> {
  const { db, candidates, help } = rescoreArguments(rescoreArgs);
  if (candidates.length === 0) return;
  if (!help && !/^postgres(ql)?:\/\//i.test(db) && !existsSync(db)) {
    throw new UnknownRunError(
      `no run "${candidates[0]}": there is no store at ${db} (--db); see \`toolgauge list runs\``,
    );
  }
  const { announceStoreMigration, RunStore } = await import('../runs/store/run-store.js');
  let store: Awaited<ReturnType<typeof RunStore.open>>;
  try {
    store = await RunStore.open(db, { readOnly: true, onMigration: announceStoreMigration });
  } catch {
    return;
  }
  try {
    const runId = candidates.find((candidate) => store.getRun(candidate) !== undefined);
    if (runId === undefined) {
      // `rescore typo --<a module's flag>`: "no run typo", not "unknown option" for a flag that exists.
      if (!help) store.requireRun(candidates[0] as string);
      return;
    }
    await registerRunBenchmark(runId, store.requireRun(runId).config).catch((error: unknown) => {
      if (!help) throw error;
    });
  } finally {
    store.close();
  }
}

/** The rescore flags that take a value (which is then not the run id). */
function valueFlags(): Set<string> {
  // Read off the rescore command itself (its own flags and the built-in benchmarks'), so that a flag
  // added later is not taken for the run id.
  const program = new Command();
  registerRescore(program);
  const options = program.commands[0]?.options ?? [];
  return new Set(
    options
      .filter((option) => option.required || option.optional)
      .flatMap((option) => [option.long ?? '', option.short ?? '']),
  );
}

/**
 * The store (`--db`) and the words that may be the run id (the first one that names a stored run is: the
 * value of a module's flag, not known yet, may come before it) in the arguments after `rescore`.
 */
function rescoreArguments(args: readonly string[]): { db: string; candidates: string[]; help: boolean } {
  let db = DEFAULT_STORE_PATH;
  let help = false;
  const candidates: string[] = [];
  const takesValue = valueFlags();
  for (let index = 0; index < args.length; index += 1) {
    const argument = args[index] as string;
    if (argument === '--') {
      candidates.push(...args.slice(index + 1));
      break;
    }
    if (argument === '--help' || argument === '-h') help = true;
    else if (argument.startsWith('--db=')) db = argument.slice('--db='.length);
    else if (takesValue.has(argument)) {
      if (argument === '--db' && args[index + 1] !== undefined) db = args[index + 1] as string;
      index += 1;
    } else if (!argument.startsWith('-')) candidates.push(argument);
  }
  return { db, candidates, help };
}
