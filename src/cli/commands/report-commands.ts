import { writeFile } from 'node:fs/promises';
import { type Command, Option } from 'commander';
import type { SandboxEpisodeRecord } from '../../benchmarks/sandbox/index.js';
import { buildReportData, renderHtmlReport } from '../../report/index.js';
import { buildRunReport, DEFAULT_STORE_PATH, RunStore } from '../../runs/index.js';
import { describeGuardrail } from '../../scoring/index.js';
import { renderEpisodesCsv, renderRunReport } from '../render-run-report.js';
import { renderTable } from '../render-table.js';
import { renderTrajectory } from '../render-trajectory.js';

/** `report`, `show`, `compare` and `export`: reading stored runs. */
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
    .action(async (runIds: string[], options: { format: string; db: string; out?: string; html?: string }) => {
      if (options.html) {
        const html = await renderHtmlReport(await withStore(options.db, (store) => buildReportData(store, runIds)));
        await writeFile(options.html, html);
        process.stdout.write(`wrote ${options.html} (${(Buffer.byteLength(html) / 1e6).toFixed(2)} MB)\n`);
        return;
      }
      const text = await withStore(options.db, (store) => {
        const reports = runIds.map((runId) => buildRunReport(store, runId));
        switch (options.format) {
          case 'json':
            return JSON.stringify(reports.length === 1 ? reports[0] : reports, null, 2);
          case 'csv':
            return renderEpisodesCsv(reports);
          case 'markdown':
            return renderRunReport(reports, 'markdown');
          default:
            return renderRunReport(reports);
        }
      });
      if (options.out) await writeFile(options.out, `${text}\n`);
      else process.stdout.write(`${text}\n`);
    });

  program
    .command('show')
    .description('one episode of a stored run as a readable trajectory, with its milestone mapping')
    .argument('<run-id>')
    .argument('<case-id>')
    .option('--trial <n>', 'which trial', (value) => Number(value), 0)
    .option('--db <file>', 'the SQLite store', DEFAULT_STORE_PATH)
    .option('--json', 'print the stored record as JSON')
    .action(async (runId: string, caseId: string, options: { trial: number; db: string; json?: boolean }) => {
      const text = await withStore(options.db, (store) => {
        const episode = store.episode(runId, caseId, options.trial);
        if (!episode) throw new Error(`run "${runId}" has no episode "${caseId}" trial ${options.trial}`);
        if (options.json) return episode.record;
        const record = JSON.parse(episode.record) as SandboxEpisodeRecord | null;
        if (!record)
          return `${caseId} #${options.trial}: ${episode.status}${episode.error ? ` — ${episode.error}` : ''}`;
        const mapping = [
          ...record.milestones.map((match) => [
            `milestone ${match.milestone}`,
            String(match.messageIndex),
            match.similarity.toFixed(3) + (match.guardrail ? `  ${describeGuardrail(match.guardrail)}` : ''),
          ]),
          ...record.minefields.map((match) => [
            `minefield ${match.milestone}`,
            String(match.messageIndex),
            match.similarity.toFixed(3),
          ]),
        ];
        return [
          `${caseId} #${options.trial} (${episode.status}): score ${record.score.toFixed(3)}, ${record.turnCount} turns`,
          '',
          renderTrajectory(record.trajectory),
          '',
          renderTable(['matched', 'message', 'similarity'], mapping),
        ].join('\n');
      });
      process.stdout.write(`${text}\n`);
    });

  program
    .command('compare')
    .description('two stored runs side by side: per category, and the cases whose score changed')
    .argument('<run-a>')
    .argument('<run-b>')
    .option('--db <file>', 'the SQLite store', DEFAULT_STORE_PATH)
    .option('--top <n>', 'how many changed cases to list', (value) => Number(value), 20)
    .action(async (runA: string, runB: string, options: { db: string; top: number }) => {
      const text = await withStore(options.db, (store) => {
        const [a, b] = [buildRunReport(store, runA), buildRunReport(store, runB)];
        const lines: string[] = [];
        for (const benchmark of new Set([...Object.keys(a.benchmarks), ...Object.keys(b.benchmarks)])) {
          const left = a.benchmarks[benchmark];
          const right = b.benchmarks[benchmark];
          const categories = [
            ...new Set([...Object.keys(left?.byCategory ?? {}), ...Object.keys(right?.byCategory ?? {})]),
          ].sort();
          const row = (name: string, x: number | undefined, y: number | undefined) => [
            name,
            format(x),
            format(y),
            x === undefined || y === undefined ? '–' : signed(y - x),
          ];
          lines.push(
            `${benchmark}: ${runA} → ${runB}`,
            renderTable(
              ['category', runA, runB, 'change'],
              [
                row('overall', left?.overall.score, right?.overall.score),
                ...categories.map((category) =>
                  row(category, left?.byCategory[category]?.score, right?.byCategory[category]?.score),
                ),
              ],
            ),
          );
          const before = meanByCase(left?.episodes ?? []);
          const after = meanByCase(right?.episodes ?? []);
          const changed = [...before.keys()]
            .filter((caseId) => after.has(caseId))
            .map((caseId) => ({ caseId, from: before.get(caseId) ?? 0, to: after.get(caseId) ?? 0 }))
            .filter((entry) => entry.from !== entry.to)
            .sort((x, y) => Math.abs(y.to - y.from) - Math.abs(x.to - x.from) || x.caseId.localeCompare(y.caseId))
            .slice(0, options.top);
          lines.push(
            '',
            changed.length === 0
              ? 'No case changed its score.'
              : `Cases whose score changed most (${changed.length} shown):`,
            ...(changed.length === 0
              ? []
              : [
                  renderTable(
                    ['case', runA, runB, 'change'],
                    changed.map((entry) => [
                      entry.caseId,
                      format(entry.from),
                      format(entry.to),
                      signed(entry.to - entry.from),
                    ]),
                  ),
                ]),
            '',
          );
        }
        return lines.join('\n');
      });
      process.stdout.write(`${text}\n`);
    });

  program
    .command('export')
    .description('a stored run as JSON lines, one episode (with its full record) per line')
    .argument('<run-id>')
    .addOption(new Option('--format <format>', 'output format').choices(['jsonl']).default('jsonl'))
    .option('--db <file>', 'the SQLite store', DEFAULT_STORE_PATH)
    .option('--out <file>', 'write to a file instead of printing')
    .action(async (runId: string, options: { db: string; out?: string }) => {
      const text = await withStore(options.db, (store) => {
        if (!store.getRun(runId)) throw new Error(`no run "${runId}" in ${options.db}`);
        return store
          .episodes(runId)
          .map((episode) => {
            const { record, labels, ...row } = episode;
            return JSON.stringify({ ...row, labels: JSON.parse(labels), record: JSON.parse(record) });
          })
          .join('\n');
      });
      if (options.out) await writeFile(options.out, `${text}\n`);
      else process.stdout.write(`${text}\n`);
    });

  program
    .command('merge')
    .description('copy the runs of other stores (e.g. shards done on other machines) into this one')
    .argument('<stores...>', 'SQLite files to merge in')
    .option('--db <file>', 'the store to merge into', DEFAULT_STORE_PATH)
    .action(async (stores: string[], options: { db: string }) => {
      const text = await withStore(options.db, (store) =>
        stores
          .map((path) => {
            const merged = store.merge(path);
            return `${path}: ${merged.runs} new runs, ${merged.episodes} episodes merged into ${options.db}`;
          })
          .join('\n'),
      );
      process.stdout.write(`${text}\n`);
    });
}

async function withStore<T>(path: string, use: (store: RunStore) => T): Promise<T> {
  const store = await RunStore.open(path);
  try {
    return use(store);
  } finally {
    store.close();
  }
}

function meanByCase(episodes: readonly { caseId: string; score: number | null }[]): Map<string, number> {
  const sums = new Map<string, { total: number; count: number }>();
  for (const episode of episodes) {
    if (episode.score === null) continue;
    const entry = sums.get(episode.caseId) ?? { total: 0, count: 0 };
    sums.set(episode.caseId, { total: entry.total + episode.score, count: entry.count + 1 });
  }
  return new Map([...sums].map(([caseId, { total, count }]) => [caseId, total / count]));
}

function format(value: number | undefined): string {
  return value === undefined || Number.isNaN(value) ? '–' : value.toFixed(3);
}

function signed(value: number): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(3)}`;
}
