import type { ReportRun } from '../../src/report/report-data';
import { BenchmarkTables } from './declared-tables';
import { formatCost, formatCount, formatJson, formatTokens } from './format';
import { ColumnLegend, LeaderboardTable, PassKTable, RunLabel, TurnCountTable } from './leaderboard-tables';
import { CostPlot, DiagnosticsPlot, ScoreHistograms, TokenPlot } from './overview-plots';
import type { ReportIndex } from './report-index';
import { summaryColumns } from './report-index';
import { UnreadableEpisodes } from './unreadable-episodes';

/** Leaderboard (Table 5), pass^k, turn counts (Table 11), plots, and each run's settings. */
export function OverviewView({ index }: { readonly index: ReportIndex }) {
  const { runs } = index;
  if (runs.length === 0) {
    return (
      <div data-testid="overview">
        <UnreadableEpisodes episodes={index.data.unreadable} />
        <h1>Overview</h1>
        <p class="muted">
          No run in this report has a ToolSandbox summary. {formatCount(index.episodeCount)} episodes are listed under
          Cases.
        </p>
        <BenchmarkTables benchmarkRuns={index.data.benchmarkRuns} />
      </div>
    );
  }
  const columns = summaryColumns(runs);
  const multiTrial = runs.filter((run) => (run.trials?.trials ?? 1) > 1);
  return (
    <div data-testid="overview">
      <UnreadableEpisodes episodes={index.data.unreadable} />
      <h1>Leaderboard</h1>
      <p class="caption">
        Mean similarity score (0–1) per run, overall with its 95% interval, by scenario category and by tool
        augmentation, as in ToolSandbox Table 5. Failed episodes are not scored.
      </p>
      <div style={{ marginTop: '10px' }}>
        <LeaderboardTable runs={runs} columns={columns} />
      </div>
      <ColumnLegend columns={columns} />

      {multiTrial.length > 0 && (
        <>
          <h2>Consistency over trials</h2>
          <PassKTable runs={multiTrial} />
          <p class="caption">pass^k: share of cases whose k trials all pass; pass@k: share with at least one pass.</p>
        </>
      )}

      <h2>Mean turn count</h2>
      <TurnCountTable runs={runs} columns={columns} />
      <p class="caption">
        Messages per episode, as in ToolSandbox Table 11. Compare turn counts only between runs of similar score.
      </p>

      <h2>Tables of every benchmark</h2>
      <p class="caption">Each benchmark's own tables, as its paper reports them (the same as `toolgauge report`).</p>
      <BenchmarkTables benchmarkRuns={index.data.benchmarkRuns} />

      <h2>Distributions and cost</h2>
      <div class="plots">
        <section class="plot-card" style={{ gridColumn: '1 / -1' }}>
          <h3>Score distribution per run</h3>
          <ScoreHistograms runs={runs} runScores={index.runScores} />
        </section>
        <section class="plot-card">
          <h3>Cost per run</h3>
          <CostPlot runs={runs} />
        </section>
        <section class="plot-card">
          <h3>Tokens per run</h3>
          <TokenPlot runs={runs} />
        </section>
        <section class="plot-card" style={{ gridColumn: '1 / -1' }}>
          <h3>Diagnostics per run</h3>
          <DiagnosticsPlot runs={runs} />
          <p class="caption">
            IFN invalid function name · IAN invalid argument name · IAT invalid argument type · IFE invalid format · RAC
            repeated action call (summed over episodes).
          </p>
        </section>
      </div>

      <h2>Runs</h2>
      <RunsTable runs={runs} />
    </div>
  );
}

function RunsTable({ runs }: { readonly runs: readonly ReportRun[] }) {
  return (
    <div class="table-wrap">
      <table class="data" data-testid="runs">
        <thead>
          <tr>
            <th>Run · agent</th>
            <th>Created</th>
            <th class="num">Scored</th>
            <th class="num">Failed</th>
            <th class="num">Requests</th>
            <th class="num">Input tokens</th>
            <th class="num">Output tokens</th>
            <th class="num">Cost</th>
            <th>Settings</th>
          </tr>
        </thead>
        <tbody>
          {runs.map((run) => (
            <tr key={run.runId} data-run-id={run.runId}>
              <td>
                <RunLabel run={run} />
              </td>
              <td class="mono small">{run.createdAt}</td>
              <td class="num">{formatCount(run.status?.scored)}</td>
              <td class="num">{formatCount(run.status?.failed)}</td>
              <td class="num">{formatCount(run.requests)}</td>
              <td class="num">{formatTokens(run.tokens?.input)}</td>
              <td class="num">{formatTokens(run.tokens?.output)}</td>
              <td class="num">{formatCost(run.cost)}</td>
              <td class="wrap">
                <details class="run-config">
                  <summary>config</summary>
                  <pre>{formatJson(run.config)}</pre>
                </details>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
