import * as Plot from '@observablehq/plot';
import { useCallback } from 'preact/hooks';
import type { ReportBenchmarkRun } from '../../src/report/report-data';
import { isNumber, truncate } from './format';
import { PlotFigure } from './plot-figure';

/** Each run's headline as a dot with its 95% interval as a line through it (runs in the given order). */
export function HeadlinePlot({ entries }: { readonly entries: readonly ReportBenchmarkRun[] }) {
  const draw = useCallback(
    (width: number) => {
      const rows = entries
        .filter((entry) => isNumber(entry.overall.score))
        .map((entry) => ({
          run: truncate(`${entry.runId} · ${entry.agent ?? ''}`, 40),
          score: entry.overall.score as number,
          low: entry.overall.confidenceInterval[0] ?? (entry.overall.score as number),
          high: entry.overall.confidenceInterval[1] ?? (entry.overall.score as number),
        }));
      const kind = entries[0]?.metricDefinitions.find((metric) => metric.id === entries[0]?.headline)?.kind;
      const longest = Math.max(8, ...rows.map((row) => row.run.length));
      return Plot.plot({
        width,
        height: 40 + rows.length * 26,
        marginLeft: Math.min(280, 16 + longest * 6.4),
        marginRight: 56,
        x: { grid: true, label: null, ...(kind === 'score' ? { domain: [0, 1] } : { nice: true }) },
        y: { label: null, domain: rows.map((row) => row.run) },
        marks: [
          Plot.ruleY(rows, { y: 'run', x1: 'low', x2: 'high', stroke: '#4e79a7', strokeWidth: 2 }),
          Plot.dot(rows, {
            y: 'run',
            x: 'score',
            r: 5,
            fill: '#4e79a7',
            title: (row: (typeof rows)[number]) =>
              `${row.run}: ${row.score.toFixed(3)} [${row.low.toFixed(3)}, ${row.high.toFixed(3)}]`,
          }),
          Plot.text(rows, {
            y: 'run',
            x: 'high',
            text: (row: (typeof rows)[number]) => row.score.toFixed(3),
            textAnchor: 'start',
            dx: 8,
            fill: '#4b5563',
          }),
        ],
      });
    },
    [entries],
  );
  if (!entries.some((entry) => isNumber(entry.overall.score))) {
    return <p class="muted small">No scored episode to plot.</p>;
  }
  return <PlotFigure draw={draw} label="Headline per run with its 95% interval" testId="headline-plot" />;
}
