import type { ReportBenchmarkRun } from '../../src/report/report-data';
import { formatCost, formatCount, formatInterval, formatJson, formatScore, formatTokens, isNumber } from './format';
import { RunLabel } from './leaderboard-tables';
import { benchmarkHref } from './route';
import { scoreColor } from './score-color';

/** The headline as its metric shows it: a score with its interval. */
export function HeadlineCell({ entry }: { readonly entry: ReportBenchmarkRun }) {
  const score = entry.overall.score;
  const definition = entry.metricDefinitions.find((metric) => metric.id === entry.headline);
  const coloured = definition?.kind === 'score' || definition === undefined;
  return (
    <td
      class="num score"
      data-metric="headline"
      style={{ background: coloured && isNumber(score) ? scoreColor(score) : undefined }}
    >
      {formatScore(score)}
      <span class="interval">{formatInterval(entry.overall.confidenceInterval)}</span>
    </td>
  );
}

/**
 * Every run of every benchmark with its usage and cost: one row per run and benchmark, the benchmark
 * linked to its page when `linkBenchmarks`, and the run's stored settings (reports written before they
 * were stored per benchmark run have none).
 */
export function RunsUsageTable({
  entries,
  linkBenchmarks = false,
  testId = 'runs',
}: {
  readonly entries: readonly ReportBenchmarkRun[];
  readonly linkBenchmarks?: boolean;
  readonly testId?: string;
}) {
  return (
    <div class="table-wrap">
      <table class="data" data-testid={testId}>
        <thead>
          <tr>
            <th>Run · agent</th>
            {linkBenchmarks && <th>Benchmark</th>}
            <th class="num">Headline</th>
            <th class="num">Scored</th>
            <th class="num">Failed</th>
            <th class="num">Cases × trials</th>
            <th class="num">Requests</th>
            <th class="num">Input tokens</th>
            <th class="num">Output tokens</th>
            <th class="num">Cost</th>
            <th>Created</th>
            <th>Settings</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const headline = entry.metricDefinitions.find((metric) => metric.id === entry.headline);
            const config = entry.config;
            return (
              <tr key={`${entry.runId}-${entry.benchmark}`} data-run-id={entry.runId} data-benchmark={entry.benchmark}>
                <td>
                  <RunLabel run={{ runId: entry.runId, agent: entry.agent ?? '' }} />
                </td>
                {linkBenchmarks && (
                  <td>
                    <a href={benchmarkHref(entry.benchmark)}>{entry.title}</a>
                    <span class="small muted"> · {headline?.title ?? entry.headline}</span>
                  </td>
                )}
                <HeadlineCell entry={entry} />
                <td class="num">{formatCount(entry.status.scored)}</td>
                <td class="num">{formatCount(entry.status.failed)}</td>
                <td class="num">
                  {entry.trials ? `${formatCount(entry.trials.cases)} × ${formatCount(entry.trials.trials)}` : '—'}
                </td>
                <td class="num">{formatCount(entry.requests)}</td>
                <td class="num">{formatTokens(entry.tokens?.input)}</td>
                <td class="num">{formatTokens(entry.tokens?.output)}</td>
                <td class="num">{formatCost(entry.cost)}</td>
                <td class="mono small" title={entry.createdAt}>
                  {entry.createdAt ? entry.createdAt.replace('T', ' ').slice(0, 16) : '—'}
                </td>
                <td class="wrap">
                  {config ? (
                    <details class="run-config">
                      <summary>config</summary>
                      <pre>{formatJson(config)}</pre>
                    </details>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
