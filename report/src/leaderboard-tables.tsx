import type { GroupSummary, ReportRun } from '../../src/report/report-data';
import {
  augmentationAbbreviation,
  categoryAbbreviation,
  formatInterval,
  formatScore,
  formatTurns,
  humanize,
  isNumber,
} from './format';
import { scoreColor } from './score-color';

/** The run's label cell: its id, and the agent under it. */
export function RunLabel({ run }: { readonly run: Pick<ReportRun, 'runId' | 'agent'> }) {
  return (
    <span class="run-label">
      <span class="run-id">{run.runId}</span>
      <span class="agent">{run.agent}</span>
    </span>
  );
}

interface Columns {
  readonly categories: readonly string[];
  readonly augmentations: readonly string[];
}

/** The titles over the two column groups (the benchmark's first two labels). */
export interface GroupTitles {
  readonly first: string;
  readonly second: string;
}

function GroupHeader({
  columns,
  first,
  groupTitles,
}: {
  readonly columns: Columns;
  readonly first: string;
  readonly groupTitles: GroupTitles;
}) {
  return (
    <thead>
      <tr class="group">
        <th rowSpan={2} class="left">
          Run · agent
        </th>
        <th rowSpan={2} class="num">
          {first}
        </th>
        {columns.categories.length > 0 && <th colSpan={columns.categories.length}>{groupTitles.first}</th>}
        {columns.augmentations.length > 0 && <th colSpan={columns.augmentations.length}>{groupTitles.second}</th>}
      </tr>
      <tr>
        {columns.categories.map((category) => (
          <th key={`c:${category}`} class="num" title={humanize(category)}>
            {categoryAbbreviation(category)}
          </th>
        ))}
        {columns.augmentations.map((augmentation) => (
          <th key={`a:${augmentation}`} class="num" title={augmentation}>
            {augmentationAbbreviation(augmentation)}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function ScoreCell({ metric, summary, interval }: { metric: string; summary?: GroupSummary; interval?: string }) {
  const score = summary && isNumber(summary.score) ? summary.score : null;
  return (
    <td
      class="num score"
      data-metric={metric}
      style={{ background: scoreColor(score) }}
      title={summary ? `${summary.episodes} episodes` : 'no episodes'}
    >
      {formatScore(score)}
      {interval ? <span class="interval">{interval}</span> : null}
    </td>
  );
}

function TurnCell({ metric, summary }: { metric: string; summary?: GroupSummary }) {
  return (
    <td class="num score" data-metric={metric} title={summary ? `${summary.episodes} episodes` : 'no episodes'}>
      {formatTurns(summary?.turnCount)}
    </td>
  );
}

interface GroupTableProps {
  readonly runs: readonly ReportRun[];
  readonly columns: Columns;
  readonly groupTitles: GroupTitles;
}

/**
 * One row per run: `Cell` of the run overall (given its 95% interval, for a cell that shows one), then per
 * scenario category, then per tool augmentation.
 */
function GroupTable({
  runs,
  columns,
  groupTitles,
  testId,
  first,
  Cell,
}: GroupTableProps & {
  readonly testId: string;
  readonly first: string;
  readonly Cell: typeof ScoreCell;
}) {
  return (
    <div class="table-wrap">
      <table class="data" data-testid={testId}>
        <GroupHeader columns={columns} first={first} groupTitles={groupTitles} />
        <tbody>
          {runs.map((run) => (
            <tr key={run.runId} data-run-id={run.runId}>
              <td>
                <RunLabel run={run} />
              </td>
              <Cell metric="overall" summary={run.overall} interval={formatInterval(run.overall?.confidenceInterval)} />
              {columns.categories.map((category) => (
                <Cell key={category} metric={`category:${category}`} summary={run.byCategory?.[category]} />
              ))}
              {columns.augmentations.map((augmentation) => (
                <Cell
                  key={augmentation}
                  metric={`augmentation:${augmentation}`}
                  summary={run.byAugmentation?.[augmentation]}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One row per run (a paper's leaderboard layout); the mean similarity overall (with its 95% interval), then per
 * scenario category, then per tool augmentation.
 */
export function LeaderboardTable(props: GroupTableProps) {
  return <GroupTable {...props} testId="leaderboard" first="Overall ↑" Cell={ScoreCell} />;
}

/** Mean turn count (the same layout), with the same rows and columns as the leaderboard. */
export function TurnCountTable(props: GroupTableProps) {
  return <GroupTable {...props} testId="turn-counts" first="Overall" Cell={TurnCell} />;
}

/** The abbreviations used in the headers, spelled out (as under the paper's tables). */
export function ColumnLegend({ columns }: { readonly columns: Columns }) {
  const entries = [
    ...columns.categories.map((category) => `${categoryAbbreviation(category)} ${humanize(category).toLowerCase()}`),
    ...columns.augmentations
      .filter((augmentation) => augmentationAbbreviation(augmentation) !== augmentation)
      .map((augmentation) => `${augmentationAbbreviation(augmentation)} ${augmentation}`),
  ];
  return entries.length > 0 ? <p class="caption">{entries.join(' · ')}</p> : null;
}

function kValues(runs: readonly ReportRun[]): string[] {
  const keys = new Set<string>();
  for (const run of runs) {
    for (const key of Object.keys(run.trials?.passHatK ?? {})) keys.add(key);
    for (const key of Object.keys(run.trials?.passAtK ?? {})) keys.add(key);
  }
  return [...keys].sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
}

/** pass^k (every one of k trials passes) and pass@k (at least one does), for runs with several trials. */
export function PassKTable({ runs }: { readonly runs: readonly ReportRun[] }) {
  const ks = kValues(runs);
  return (
    <div class="table-wrap">
      <table class="data" data-testid="pass-k">
        <thead>
          <tr class="group">
            <th rowSpan={2} class="left">
              Run · agent
            </th>
            <th rowSpan={2} class="num">
              Cases × trials
            </th>
            <th colSpan={ks.length}>pass^k</th>
            <th colSpan={ks.length}>pass@k</th>
          </tr>
          <tr>
            {ks.map((k) => (
              <th key={`hat:${k}`} class="num">
                k={k}
              </th>
            ))}
            {ks.map((k) => (
              <th key={`at:${k}`} class="num">
                k={k}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.runId} data-run-id={run.runId}>
              <td>
                <RunLabel run={run} />
              </td>
              <td class="num">
                {run.trials?.cases ?? '—'} × {run.trials?.trials ?? '—'}
              </td>
              {ks.map((k) => {
                const value = run.trials?.passHatK?.[k];
                return (
                  <td
                    key={`hat:${k}`}
                    class="num score"
                    data-metric={`pass^${k}`}
                    style={{ background: scoreColor(value) }}
                  >
                    {formatScore(value)}
                  </td>
                );
              })}
              {ks.map((k) => {
                const value = run.trials?.passAtK?.[k];
                return (
                  <td
                    key={`at:${k}`}
                    class="num score"
                    data-metric={`pass@${k}`}
                    style={{ background: scoreColor(value) }}
                  >
                    {formatScore(value)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
