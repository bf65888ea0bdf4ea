import type { ReportBenchmarkRun } from '../../src/report/report-data';
import { BenchmarkTables, Provenance } from './declared-tables';
import { formatCount } from './format';
import { HeadlinePlot } from './headline-plot';
import { LabelGroupTables } from './label-group-tables';
import { Notice } from './notice';
import { CostPlot, ScoreHistograms, TokenPlot } from './overview-plots';
import type { ReportIndex } from './report-index';
import { historyHref } from './route';
import { RunsUsageTable } from './runs-usage-table';
import { TimelineLeaderboard } from './timeline-leaderboard';

/** The runs of one benchmark in the report, in the report's order. */
export function benchmarkEntries(index: ReportIndex, benchmark: string): ReportBenchmarkRun[] {
  return index.data.benchmarkRuns.filter((entry) => entry.benchmark === benchmark);
}

/**
 * One benchmark's page, from what its contract declares: the headline per run with its interval, how
 * the numbers were made, the leaderboard when its episodes are drawn on a world timeline, its own tables
 * in its paper's layout with the charts they declare, the headline by each of its labels, the score
 * distributions and the runs with their usage and cost.
 */
export function BenchmarkPage({ index, benchmark }: { readonly index: ReportIndex; readonly benchmark: string }) {
  const entries = benchmarkEntries(index, benchmark);
  const first = entries[0];
  if (!first) {
    return <Notice tone="error" title="No such benchmark" detail={`This report has no run of "${benchmark}".`} />;
  }
  const headline = first.metricDefinitions.find((metric) => metric.id === first.headline);
  const timeline = first.viewer === 'world-timeline';
  return (
    <div data-testid="benchmark-page" data-benchmark={benchmark}>
      <h1>{first.title}</h1>
      {first.description && <p class="caption">{first.description}</p>}
      <p class="caption">
        {entries.length === 1 ? '1 run' : `${formatCount(entries.length)} runs`} · headline:{' '}
        <strong>{headline?.title ?? first.headline}</strong>
        {headline?.description ? ` — ${headline.description}` : ''}
        {entries.length > 1 && (
          <>
            {' '}
            · <a href={historyHref(benchmark)}>history</a>
          </>
        )}
      </p>
      <section class="plot-card">
        <h3>{headline?.title ?? first.headline} per run, with its 95% interval</h3>
        <HeadlinePlot entries={entries} />
      </section>
      <Provenance runs={entries} />
      {timeline && <TimelineLeaderboard index={index} entries={entries} />}
      {timeline ? (
        <details class="declared-tables">
          <summary>The benchmark's tables as `toolgauge report` prints them</summary>
          <BenchmarkTables benchmarkRuns={entries} />
        </details>
      ) : (
        <section>
          <h2>Tables</h2>
          <BenchmarkTables benchmarkRuns={entries} />
        </section>
      )}
      {!timeline && <LabelGroupTables index={index} entries={entries} />}
      <h2>Distributions and cost</h2>
      <div class="plots">
        <section class="plot-card" style={{ gridColumn: '1 / -1' }}>
          <h3>Score distribution per run</h3>
          <ScoreHistograms runs={entries} runScores={(runId) => index.benchmarkScores(runId, benchmark)} />
        </section>
        <section class="plot-card">
          <h3>Cost per run</h3>
          <CostPlot runs={entries} />
        </section>
        <section class="plot-card">
          <h3>Tokens per run</h3>
          <TokenPlot runs={entries} />
        </section>
      </div>
      <h2>Runs, usage and cost</h2>
      <RunsUsageTable entries={entries} testId="benchmark-runs" />
    </div>
  );
}
