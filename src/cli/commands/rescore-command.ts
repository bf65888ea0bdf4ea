import type { Command } from 'commander';
import { DEFAULT_STORE_PATH } from '../../runs/store/default-store-path.js';
import { addBenchmarkOptions, movedModuleOption } from '../cli-options.js';

export interface RescoreFlags {
  readonly db: string;
  readonly as?: string;
  readonly embedder?: string;
  readonly format: string;
}

/**
 * `toolgauge rescore <run-id>`: a stored run's trajectories scored again, under other scoring options
 * (`--scoring paper`, a ToolTalk mode, …), into a new run, without a model request.
 */
export function registerRescore(program: Command): void {
  const command = program
    .command('rescore')
    .description(
      "score a stored run's trajectories again with other scoring options, into a new run, without a model request",
    )
    .argument('<run-id>', 'the stored run (see `toolgauge list runs`)')
    .option('--as <run-id>', 'the new run (default: <run-id>-rescored-<time>)')
    .option('--db <file>', 'the SQLite store, or a postgres:// URL', DEFAULT_STORE_PATH)
    .option('--embedder <spec>', "the embedder for scores that compare texts (default: the stored run's)")
    .option('--format <format>', 'how to print the new run: text or json', 'text')
    // A run of a module benchmark: its scoring flags are known once the module is given.
    .addOption(movedModuleOption());
  addBenchmarkOptions(command, 'rescore');
  command.action(async (runId: string, flags: RescoreFlags, self: Command) => {
    const { rescoreAction } = await import('./rescore-action.js');
    await rescoreAction(runId, flags, self);
  });
}
