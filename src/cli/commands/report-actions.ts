import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { registerRunBenchmark } from '../../benchmarks/benchmark-module.js';
import {
  getBenchmarkAggregator,
  loadAllBenchmarks,
  loadBenchmarkAggregator,
  loadBenchmarkReader,
} from '../../benchmarks/registry.js';
import { finish, writeCsv, writeJsonLines } from '../../runs/outputs/export-stream.js';
import { withThousands } from '../../runs/outputs/provenance-text.js';
import { type BenchmarkReport, buildRunReport } from '../../runs/outputs/run-report.js';
import type { ModelCallUsage } from '../../runs/pricing/usage-meter.js';
import { loadRecord } from '../../runs/store/episode-record.js';
import { SettingsMismatchError } from '../../runs/store/run-settings-compare.js';
import {
  announceStoreMigration,
  type EpisodeRow,
  identityManifest,
  type RunManifest,
  RunStore,
  StoredRowError,
  type UnreadableEpisode,
} from '../../runs/store/run-store.js';
import { UnknownRunError } from '../../runs/store/unknown-run-error.js';
import type { AnyBenchmarkReader, MetricValues } from '../../spec/index.js';
import { asUsageError, benchmarkIdOf } from '../benchmark-module-flag.js';
import { writeJsonText } from '../json-text.js';
import { formatCell, renderEpisodesCsv, renderRunReport } from '../render-run-report.js';
import { renderTable } from '../render-table.js';
import { renderTrajectory } from '../render-trajectory.js';
import { terminalSafe } from '../terminal-safe.js';
import { UsageError } from '../usage-error.js';
import type { CompareOptions, ExportOptions, MergeOptions, ReportOptions, ShowOptions } from './report-commands.js';

/** What `report`, `show`, `compare`, `export` and `merge` do (their flags are in `report-commands.ts`). */

export async function reportRuns(runIds: string[], options: ReportOptions): Promise<void> {
  if (options.html) {
    const { writeHtmlReport } = await import('../../report/index.js');
    const file = options.html;
    const bytes = await withStore(options.db, async (store) => {
      await registerRecordedBenchmarks(store, runIds);
      await loadAllBenchmarks();
      return writeHtmlReport(store, runIds, file);
    });
    process.stdout.write(`wrote ${file} (${(bytes / 1e6).toFixed(2)} MB)\n`);
    return;
  }
  const reports = await withStore(options.db, async (store) => {
    await loadRunBenchmarks(store, runIds);
    return runIds.map((runId) => buildRunReport(store, runId));
  });
  if (options.format === 'json') {
    // Written in pieces: a report of any size, never one string.
    const out = options.out ? createWriteStream(options.out) : process.stdout;
    await writeJsonText(reports.length === 1 ? reports[0] : reports, out);
    await finish(out);
    return;
  }
  const text = (() => {
    switch (options.format) {
      case 'csv':
        return renderEpisodesCsv(reports);
      case 'markdown':
        return withCaseSetNote(renderRunReport(reports, 'markdown'), reports);
      default:
        return withCaseSetNote(renderRunReport(reports), reports);
    }
  })();
  if (options.out) await writeFile(options.out, `${text}\n`);
  else process.stdout.write(`${text}\n`);
}

export async function showEpisode(runId: string, caseId: string, options: ShowOptions): Promise<void> {
  const text = await withStore(options.db, async (store) => {
    store.requireRun(runId);
    const benchmarkId = options.benchmark === undefined ? undefined : benchmarkIdOf(options.benchmark);
    const episode = store.episode(runId, caseId, options.trial, benchmarkId);
    if (!episode) {
      throw new UnknownRunError(
        `run "${runId}" has no episode "${caseId}" trial ${options.trial}; see \`toolgauge list cases\` or \`toolgauge export ${runId} --format csv\``,
      );
    }
    if (options.json) return episode.record;
    await registerRecordedBenchmarks(store, [runId]);
    const benchmark = await loadBenchmarkReader(episode.benchmark);
    const record = await loadRecord(episode, benchmark, store.path);
    // Everything a model wrote is shown, never sent to the terminal as control sequences.
    return terminalSafe(`${renderEpisode(episode, benchmark, record)}${modelCallsLine(episode.modelCalls)}`);
  });
  process.stdout.write(`${text}\n`);
}

/**
 * The episode's model calls (a native agent's, a user simulator's, or an external agent's through the
 * model proxy), for `show`: how many, of which models, their tokens and cost. Empty when there were none.
 */
function modelCallsLine(calls: readonly ModelCallUsage[]): string {
  if (calls.length === 0) return '';
  const models = [...new Set(calls.map((call) => call.model))].join(', ');
  const sum = (pick: (call: ModelCallUsage) => number) => calls.reduce((total, call) => total + pick(call), 0);
  const cached = calls.filter((call) => call.cached).length;
  return `\nmodel calls: ${calls.length} (${models}), ${withThousands(sum((call) => call.inputTokens))} tokens in, ${withThousands(sum((call) => call.outputTokens))} out, ${cached} from the cache, $${sum((call) => call.cost).toFixed(4)}`;
}

export async function compareRuns(runA: string, runB: string, options: CompareOptions): Promise<void> {
  const text = await withStore(options.db, async (store) => {
    await loadRunBenchmarks(store, [runA, runB]);
    const [a, b] = [buildRunReport(store, runA), buildRunReport(store, runB)];
    const lines: string[] = [];
    for (const benchmark of new Set([...Object.keys(a.benchmarks), ...Object.keys(b.benchmarks)])) {
      const left = a.benchmarks[benchmark];
      const right = b.benchmarks[benchmark];
      const definition = getBenchmarkAggregator(benchmark);
      const label = definition.labels[0]?.id;
      const leftGroups = label ? headlineByLabel(left, label) : new Map<string, number>();
      const rightGroups = label ? headlineByLabel(right, label) : new Map<string, number>();
      const groups = [...new Set([...leftGroups.keys(), ...rightGroups.keys()])].sort();
      const otherMetrics = definition.metrics.filter((metric) => metric.id !== definition.headline);
      const row = (name: string, x: number | null | undefined, y: number | null | undefined, digits = 3) => [
        name,
        format(x, digits),
        format(y, digits),
        x === undefined || y === undefined || x === null || y === null ? '–' : signed(y - x, digits),
      ];
      lines.push(
        `${benchmark}: ${runA} → ${runB}`,
        renderTable(
          [definition.labels[0]?.title.toLowerCase() ?? 'group', runA, runB, 'change'],
          [
            row('overall', left?.overall.score, right?.overall.score),
            ...otherMetrics.map((metric) =>
              row(metric.id, left?.metrics[metric.id], right?.metrics[metric.id], metric.kind === 'count' ? 0 : 3),
            ),
            ...groups.map((group) => row(group, leftGroups.get(group), rightGroups.get(group))),
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
}

export async function exportRun(runId: string, options: ExportOptions): Promise<void> {
  let unreadable = 0;
  const skip = (episode: UnreadableEpisode) => {
    unreadable += 1;
    process.stderr.write(`toolgauge: ${terminalSafe(episode.reason, { singleLine: true })}; left out of the export\n`);
  };
  await withStore(options.db, async (store) => {
    store.requireRun(runId);
    // Row by row from the database to the stream: a run of any size, in constant memory.
    const out = options.out ? createWriteStream(options.out) : process.stdout;
    if (options.format === 'csv') {
      // CSV has no record column: the records are never read.
      const rows = store.iterateEpisodes(runId, { withRecords: false, onUnreadable: skip });
      await writeCsv(
        CSV_COLUMNS,
        (function* () {
          for (const { record: _record, modelCalls: _calls, ...row } of rows) yield row;
        })(),
        out,
      );
    } else {
      // Each record is checked as `show` checks it; one that cannot be read is named on stderr and left
      // out, the rest is exported, and the command fails at the end.
      const readers = new Map<string, AnyBenchmarkReader>();
      await registerRecordedBenchmarks(store, [runId]);
      for (const id of store.runBenchmarks(runId)) readers.set(id, await loadBenchmarkReader(id));
      const rows = store.iterateEpisodes(runId, { onUnreadable: skip });
      await writeJsonLines(
        (async function* () {
          for (const row of rows) {
            const reader = readers.get(row.benchmark);
            try {
              if (reader) await loadRecord(row, reader, store.path);
            } catch (error) {
              if (!(error instanceof StoredRowError)) throw error;
              skip({ ...row, reason: error.message });
              continue;
            }
            const { record, ...rest } = row;
            yield { ...rest, record: JSON.parse(record) };
          }
        })(),
        out,
      );
    }
    await finish(out);
    if (unreadable > 0) {
      throw new Error(
        `${unreadable} episode${unreadable === 1 ? '' : 's'} of run "${runId}" in ${store.path} could not be read and ${unreadable === 1 ? 'was' : 'were'} left out of the export (named above); the others were exported`,
      );
    }
  });
}

export async function mergeStores(stores: string[], options: MergeOptions): Promise<void> {
  const text = await withStore(
    options.db,
    async (store) => {
      const lines: string[] = [];
      for (const path of stores) {
        let merged: { runs: number; episodes: number };
        try {
          merged = await store.merge(path, options.allowChanged ?? []);
        } catch (error) {
          if (error instanceof SettingsMismatchError) throw new UsageError(error.message);
          throw error;
        }
        lines.push(`${path}: ${merged.runs} new runs, ${merged.episodes} episodes merged into ${options.db}`);
      }
      return lines.join('\n');
    },
    'write',
  );
  process.stdout.write(`${text}\n`);
}

/**
 * Opens the store read-only (a mistyped `--db` is an error naming it, never a new file; a read-only
 * file works), unless `write` is asked for.
 */
async function withStore<T>(
  path: string,
  use: (store: RunStore) => T | Promise<T>,
  mode: 'read' | 'write' = 'read',
): Promise<T> {
  const store = await RunStore.open(path, { readOnly: mode === 'read', onMigration: announceStoreMigration });
  try {
    return await use(store);
  } finally {
    store.close();
  }
}

/**
 * Registers the benchmark modules the runs recorded (`benchmarkModule` in their settings), unless one
 * with the same id is registered already (e.g. given again with `--benchmark module:<new path>`).
 */
async function registerRecordedBenchmarks(store: RunStore, runIds: readonly string[]): Promise<void> {
  for (const runId of runIds) {
    const run = store.getRun(runId);
    if (run)
      await registerRunBenchmark(runId, run.config).catch((error: unknown) => Promise.reject(asUsageError(error)));
  }
}

/** Loads what reporting the runs' episodes needs of their benchmarks (before their reports are built). */
async function loadRunBenchmarks(store: RunStore, runIds: readonly string[]): Promise<void> {
  await registerRecordedBenchmarks(store, runIds);
  const ids = runIds.flatMap((runId) => store.runBenchmarks(runId));
  await Promise.all([...new Set(ids)].map((id) => loadBenchmarkAggregator(id)));
}

/** The columns of `export --format csv`. */
const CSV_COLUMNS = [
  'runId',
  'benchmark',
  'caseId',
  'trial',
  'status',
  'score',
  'metrics',
  'error',
  'inputTokens',
  'outputTokens',
  'requests',
  'cost',
  'durationMs',
  'labels',
];

/** Reports side by side that covered different case sets get a note saying so (and how they differ). */
function withCaseSetNote(text: string, reports: readonly { runId: string; manifest: RunManifest }[]): string {
  if (reports.length < 2) return text;
  const sets = reports.map((report) => ({ runId: report.runId, caseSet: identityManifest(report.manifest).caseSet }));
  if (new Set(sets.map((entry) => entry.caseSet?.hash ?? 'unknown')).size < 2) return text;
  const listed = sets
    .map((entry) =>
      entry.caseSet
        ? `${entry.runId}: ${entry.caseSet.count} cases (${entry.caseSet.hash.replace(/^[^:]*:/, '').slice(0, 12)})`
        : `${entry.runId}: case set not recorded`,
    )
    .join('; ');
  return `${text}\n\nNote: these runs covered different case sets, so their scores are not directly comparable — ${listed}.`;
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

function format(value: number | null | undefined, digits = 3): string {
  if (value === null) return '–';
  return value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits);
}

function signed(value: number, digits = 3): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;
}

/** One stored episode for a terminal: its metrics, each trajectory, and the tables explaining its score. */
function renderEpisode(episode: EpisodeRow, benchmark: AnyBenchmarkReader, record: unknown): string {
  const heading = `${episode.caseId} #${episode.trial} (${episode.status})`;
  if (record === undefined) return `${heading}: ${episode.status}${episode.error ? ` — ${episode.error}` : ''}`;
  const sections = [`${heading}: ${describeMetrics(episode.metrics, benchmark.headline)}`];
  for (const trajectory of benchmark.trajectories(record)) sections.push('', renderTrajectory(trajectory));
  for (const table of benchmark.explain?.(record) ?? []) {
    sections.push(
      '',
      renderTable(
        table.columns.map((column) => column.title),
        table.rows.map((row) => table.columns.map((column) => formatCell(row[column.id], column))),
      ),
    );
  }
  if (benchmark.trajectories(record).length === 0 && !benchmark.explain) {
    sections.push('', JSON.stringify(record, null, 2));
  }
  return sections.join('\n');
}

/** `score 1.000, milestoneScore 1.000, …`: the headline as `score`, whole numbers without decimals. */
function describeMetrics(metrics: MetricValues, headline: string): string {
  const shown = (value: number | null | undefined) =>
    value === null || value === undefined
      ? '–'
      : Number.isInteger(value) && value > 1
        ? String(value)
        : value.toFixed(3);
  const others = Object.entries(metrics).filter(([id]) => id !== headline);
  return [`score ${shown(metrics[headline])}`, ...others.map(([id, value]) => `${id} ${shown(value)}`)].join(', ');
}

/** The mean headline of a benchmark report's scored episodes per value of one label. */
function headlineByLabel(report: BenchmarkReport | undefined, label: string): Map<string, number> {
  const sums = new Map<string, { total: number; count: number }>();
  for (const episode of report?.episodes ?? []) {
    if (episode.status !== 'scored' || episode.score === null) continue;
    const value = episode.labels[label];
    for (const group of value === undefined ? [] : typeof value === 'string' ? [value] : value) {
      const entry = sums.get(group) ?? { total: 0, count: 0 };
      sums.set(group, { total: entry.total + episode.score, count: entry.count + 1 });
    }
  }
  return new Map([...sums].map(([group, { total, count }]) => [group, total / count]));
}
