import * as Plot from '@observablehq/plot';
import { useCallback, useMemo } from 'preact/hooks';
import type { TableBarChart, TableScatterChart } from '../../src/report/report-data';
import { barAxisLabel, barPoints, type RunTable, scatterPoints, valueDomain } from './chart-points';
import { type DrawPlot, PlotFigure } from './plot-figure';
import { RadarChart } from './radar-chart';

const PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#edc948', '#b07aa1', '#9c755f'];

/** The chart a declared table asks for, drawn over every run's copy of it (nothing when it asks for none). */
export function TableChartView({ entries }: { readonly entries: readonly RunTable[] }) {
  const chart = entries[0]?.table.chart;
  if (!chart) return null;
  switch (chart.type) {
    case 'radar':
      return <RadarChart entries={entries} />;
    case 'bars':
      return <BarChart chart={chart} entries={entries} />;
    case 'scatter':
      return <ScatterChart chart={chart} entries={entries} />;
    default:
      return null;
  }
}

function BarChart({ chart, entries }: { readonly chart: TableBarChart; readonly entries: readonly RunTable[] }) {
  const points = useMemo(() => barPoints(chart, entries), [chart, entries]);
  const first = entries[0]?.table;
  const draw = useCallback(
    (width: number) => {
      const rows = [...new Set(points.map(barAxisLabel))];
      const colours = [...new Set(points.map((point) => point.colour))];
      const columns = chart.bars.map((bar) => first?.columns.find((column) => column.id === bar.column));
      const domain = valueDomain(columns);
      const longest = Math.max(...rows.map((row) => row.length));
      return Plot.plot({
        width,
        height: 40 + rows.length * 20,
        marginLeft: Math.min(300, 16 + longest * 6.4),
        marginRight: 48,
        x: { grid: true, label: domain?.[1] === 100 ? '%' : null, ...(domain ? { domain } : { nice: true }) },
        y: { label: null, domain: rows },
        color: { domain: colours, range: PALETTE, legend: colours.length > 1 },
        marks: [
          Plot.barX(points, {
            y: barAxisLabel,
            x: 'value',
            fill: 'colour',
            title: (point: (typeof points)[number]) => `${barAxisLabel(point)}: ${formatShown(point.value)}`,
          }),
          Plot.text(points, {
            y: barAxisLabel,
            x: 'value',
            text: (point: (typeof points)[number]) => formatShown(point.value),
            textAnchor: 'start',
            dx: 4,
            fill: '#4b5563',
          }),
          Plot.ruleX([0]),
        ],
      });
    },
    [points, chart, first],
  );
  if (points.length === 0) return null;
  return <ChartFigure chart={chart} id={first?.id} draw={draw} />;
}

function ScatterChart({
  chart,
  entries,
}: {
  readonly chart: TableScatterChart;
  readonly entries: readonly RunTable[];
}) {
  const points = useMemo(() => scatterPoints(chart, entries), [chart, entries]);
  const first = entries[0]?.table;
  const draw = useCallback(
    (width: number) => {
      const column = (id: string) => first?.columns.find((candidate) => candidate.id === id);
      const xDomain = valueDomain([column(chart.x)]);
      const yDomain = valueDomain(chart.y.map(column));
      return Plot.plot({
        width,
        height: 300,
        marginLeft: 48,
        marginRight: 24,
        x: { grid: true, label: column(chart.x)?.title ?? chart.x, ...(xDomain ? { domain: xDomain } : {}) },
        y: {
          grid: true,
          label: chart.y.map((id) => column(id)?.title ?? id).join(', '),
          ...(yDomain ? { domain: yDomain } : {}),
        },
        color: { legend: true, range: PALETTE },
        marks: [
          Plot.dot(points, {
            x: 'x',
            y: 'y',
            fill: 'metric',
            r: 5,
            title: (point: (typeof points)[number]) =>
              `${point.label} · ${point.metric}: (${formatShown(point.x)}, ${formatShown(point.y)})`,
          }),
          Plot.text(points, { x: 'x', y: 'y', text: 'label', dy: -10, fill: '#4b5563' }),
        ],
      });
    },
    [points, chart, first],
  );
  if (points.length === 0) return null;
  return <ChartFigure chart={chart} id={first?.id} draw={draw} />;
}

/** A declared table's chart (`data-chart` is its type) under its title. */
function ChartFigure({ chart, id, draw }: { chart: TableBarChart | TableScatterChart; id?: string; draw: DrawPlot }) {
  return (
    <figure class="table-chart" data-testid={`chart-${id}`} data-chart={chart.type}>
      <figcaption class="chart-title">{chart.title}</figcaption>
      <PlotFigure draw={draw} label={chart.title} />
    </figure>
  );
}

function formatShown(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(value >= 10 ? 1 : 3);
}
