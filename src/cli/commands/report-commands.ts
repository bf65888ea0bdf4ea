import { type Command, Option } from 'commander';
import { DEFAULT_STORE_PATH } from '../../runs/store/default-store-path.js';
import { movedModuleOption } from '../cli-options.js';

export interface ReportOptions {
  readonly format: string;
  readonly db: string;
  readonly out?: string;
  readonly html?: string;
}

export interface ShowOptions {
  readonly trial: number;
  readonly db: string;
  readonly json?: boolean;
  readonly benchmark?: string;
}

export interface CompareOptions {
  readonly db: string;
  readonly top: number;
}

export interface ExportOptions {
  readonly db: string;
  readonly out?: string;
  readonly format: 'jsonl' | 'csv';
}

export interface MergeOptions {
  readonly db: string;
  readonly allowChanged?: string[];
}

/**
 * `report`, `show`, `compare`, `export` and `merge`: reading stored runs. Their flags are declared here
 * (for `--help` and the parser); what they do is `report-actions.ts`, imported when one runs.
 */
export function registerReportCommands(program: Command): void {
  program
    .command('report')
    .description('the tables of one or more stored runs')
    .argument('<run-ids...>', 'runs to report (see `toolgauge list runs`)')
    .addOption(
      new Option('--format <format>', 'output format').choices(['text', 'json', 'csv', 'markdown']).default('text'),
    )
    .option('--db <file>', 'the SQLite store', DEFAULT_STORE_PATH)
    .option('--out <file>', 'write to a file instead of printing')
    .option('--html <file>', 'write one self-contained HTML report (leaderboard, plots, cases, episode viewer)')
    .addOption(movedModuleOption())
    .action(async (runIds: string[], options: ReportOptions) => {
      const { reportRuns } = await import('./report-actions.js');
      await reportRuns(runIds, options);
    });

  program
    .command('show')
    .description('one episode of a stored run: its metrics, each trajectory, and the tables that explain its score')
    .argument('<run-id>')
    .argument('<case-id>')
    .option('--trial <n>', 'which trial', (value) => Number(value), 0)
    .option(
      '--benchmark <id>',
      'the benchmark, when the run has the case in several; or module:<new path> of a run whose benchmark module moved',
    )
    .option('--db <file>', 'the SQLite store', DEFAULT_STORE_PATH)
    .option('--json', 'print the stored record as JSON')
    .action(async (runId: string, caseId: string, options: ShowOptions) => {
      const { showEpisode } = await import('./report-actions.js');
      await showEpisode(runId, caseId, options);
    });

  program
    .command('compare')
    .description(
      "two stored runs side by side: the headline, each metric and each group of the benchmark's first label, and the cases whose score changed",
    )
    .argument('<run-a>')
    .argument('<run-b>')
    .option('--db <file>', 'the SQLite store', DEFAULT_STORE_PATH)
    .option('--top <n>', 'how many changed cases to list', (value) => Number(value), 20)
    .addOption(movedModuleOption())
    .action(async (runA: string, runB: string, options: CompareOptions) => {
      const { compareRuns } = await import('./report-actions.js');
      await compareRuns(runA, runB, options);
    });

  program
    .command('export')
    .description('a stored run, one episode per line: JSON lines (with full records) or CSV (without)')
    .argument('<run-id>')
    .addOption(new Option('--format <format>', 'output format').choices(['jsonl', 'csv']).default('jsonl'))
    .option('--db <file>', 'the SQLite store', DEFAULT_STORE_PATH)
    .option('--out <file>', 'write to a file instead of printing')
    .addOption(movedModuleOption())
    .action(async (runId: string, options: ExportOptions) => {
      const { exportRun } = await import('./report-actions.js');
      await exportRun(runId, options);
    });

  program
    .command('merge')
    .description('copy the runs of other stores (e.g. shards done on other machines) into this one')
    .argument('<stores...>', 'SQLite files to merge in')
    .option('--db <file>', 'the store to merge into', DEFAULT_STORE_PATH)
    .option('--allow-changed <field...>', 'merge a same-id run even though this setting differs, e.g. baseUrl')
    .action(async (stores: string[], options: MergeOptions) => {
      const { mergeStores } = await import('./report-actions.js');
      await mergeStores(stores, options);
    });
}
