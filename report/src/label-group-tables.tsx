import type { ReportBenchmarkRun } from '../../src/report/report-data';
import { formatCount, formatScore } from './format';
import { labelGroups } from './label-groups';
import { RunLabel } from './leaderboard-tables';
import type { ReportIndex } from './report-index';
import { scoreColor } from './score-color';

const MOST_VALUES = 24;

/**
 * The headline by each label the benchmark's cases carry: one table per label, a row per value and a
 * column per run (what any benchmark declares, so a benchmark from outside the repository gets it too).
 */
export function LabelGroupTables({
  index,
  entries,
}: {
  readonly index: ReportIndex;
  readonly entries: readonly ReportBenchmarkRun[];
}) {
  const labels = entries[0]?.labels ?? [];
  const runIds = entries.map((entry) => entry.runId);
  const headline = entries[0]?.metricDefinitions.find((metric) => metric.id === entries[0]?.headline);
  if (labels.length === 0) return null;
  return (
    <section data-testid="label-groups">
      <h2>By label</h2>
      <p class="caption">
        Mean {(headline?.title ?? 'headline').toLowerCase()} of the scored episodes with each value (plain means over
        episodes; the benchmark's own tables above average as its paper does).
      </p>
      {labels.map((label) => {
        const { rows, leftOut } = labelGroups(
          index.summaries(),
          entries[0]?.benchmark ?? '',
          runIds,
          label.id,
          MOST_VALUES,
        );
        if (rows.length === 0) return null;
        return (
          <section key={label.id} class="declared-table" data-testid={`label-group-${label.id}`}>
            <h3>{label.title}</h3>
            <div class="table-wrap">
              <table class="data">
                <thead>
                  <tr>
                    <th>{label.title}</th>
                    {entries.map((entry) => (
                      <th key={entry.runId} class="num">
                        <RunLabel run={{ runId: entry.runId, agent: entry.agent ?? '' }} />
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.value} data-label-value={row.value}>
                      <td>{row.value}</td>
                      {entries.map((entry) => {
                        const cell = row.byRun.get(entry.runId);
                        return (
                          <td
                            key={entry.runId}
                            class="num score"
                            data-run-id={entry.runId}
                            style={{ background: scoreColor(cell?.score) }}
                            title={cell ? `${formatCount(cell.episodes)} episodes` : 'no episodes'}
                          >
                            {formatScore(cell?.score)}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {leftOut > 0 && <p class="caption">{formatCount(leftOut)} less frequent values are not shown.</p>}
          </section>
        );
      })}
    </section>
  );
}
