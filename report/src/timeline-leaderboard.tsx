import type { ReportBenchmarkRun } from '../../src/report/report-data';
import { ColumnLegend, LeaderboardTable, PassKTable, TurnCountTable } from './leaderboard-tables';
import { DiagnosticsPlot } from './overview-plots';
import type { ReportIndex } from './report-index';
import { summaryColumns } from './report-index';

/**
 * The leaderboard of a benchmark whose episodes are drawn on a world timeline (`reportView`): the mean
 * headline per run overall (with its interval) and by its first two labels in one table, the mean turn
 * count the same way, pass^k over trials, and the diagnostic patterns per run.
 */
export function TimelineLeaderboard({
  index,
  entries,
}: {
  readonly index: ReportIndex;
  readonly entries: readonly ReportBenchmarkRun[];
}) {
  const runIds = new Set(entries.map((entry) => entry.runId));
  const runs = index.runs.filter((run) => runIds.has(run.runId));
  if (runs.length === 0) return null;
  const columns = summaryColumns(runs);
  const [first, second] = entries[0]?.labels ?? [];
  const groupTitles = { first: plural(first?.title), second: plural(second?.title) };
  const headline = entries[0]?.metricDefinitions.find((metric) => metric.id === entries[0]?.headline);
  const multiTrial = runs.filter((run) => (run.trials?.trials ?? 1) > 1);
  const by = [first?.title, second?.title].filter(Boolean).map((title) => title?.toLowerCase());
  return (
    <section data-testid="timeline-leaderboard">
      <h2>Leaderboard</h2>
      <p class="caption">
        Mean {(headline?.title ?? 'score').toLowerCase()} (0–1) per run, overall with its 95% interval
        {by.length > 0 ? `, by ${by.join(' and by ')}` : ''}, in one table as the paper lays it out. Failed episodes are
        not scored.
      </p>
      <LeaderboardTable runs={runs} columns={columns} groupTitles={groupTitles} />
      <ColumnLegend columns={columns} />
      {multiTrial.length > 0 && (
        <>
          <h3>Consistency over trials</h3>
          <PassKTable runs={multiTrial} />
          <p class="caption">pass^k: share of cases whose k trials all pass; pass@k: share with at least one pass.</p>
        </>
      )}
      <h3>Mean turn count</h3>
      <TurnCountTable runs={runs} columns={columns} groupTitles={groupTitles} />
      <p class="caption">Messages per episode. Compare turn counts only between runs of similar score.</p>
      <section class="plot-card">
        <h3>Diagnostics per run</h3>
        <DiagnosticsPlot runs={runs} />
        <p class="caption">
          IFN invalid function name · IAN invalid argument name · IAT invalid argument type · IFE invalid format · RAC
          repeated action call (summed over episodes).
        </p>
      </section>
    </section>
  );
}

function plural(title: string | undefined): string {
  if (!title) return '';
  return /y$/.test(title) ? `${title.slice(0, -1)}ies` : `${title}s`;
}
