import { Argument, type Command } from 'commander';
import { DEFAULT_STORE_PATH } from '../../runs/store/default-store-path.js';
import { addBenchmarkOptions, benchmarkOption } from '../cli-options.js';

/** `list`: its flags here; what it prints is `list-action.ts`, imported when it runs. */

export const LISTS = ['benchmarks', 'cases', 'tools', 'models', 'runs'] as const;
export type ListName = (typeof LISTS)[number];

export interface ListOptions {
  json?: boolean;
  benchmark: string;
  data?: string;
  scenarios?: string;
  db: string;
}

export function registerList(program: Command): void {
  const command = program
    .command('list')
    .description('list benchmarks (with case counts), cases, tools, models (with prices) or stored runs')
    .addArgument(new Argument('<what>', 'what to list').choices([...LISTS]))
    .addOption(benchmarkOption())
    .option('--data <path>', "the benchmark's case files or folder, for `cases` (default: its built-in cases)")
    .option('--scenarios <path>', 'same as --data')
    .option('--db <file>', 'the SQLite store, for `runs`', DEFAULT_STORE_PATH)
    .option('--json', 'print JSON');
  addBenchmarkOptions(command, 'list').action(async (what: ListName, options: ListOptions, command: Command) => {
    const { listAction } = await import('./list-action.js');
    await listAction(what, options, command);
  });
}
