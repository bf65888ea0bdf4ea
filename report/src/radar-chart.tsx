import type { ReportTable, TableCell } from '../../src/report/report-data';

/** A point of a radar chart, in SVG coordinates around the centre (0, 0). */
export interface RadarPoint {
  readonly x: number;
  readonly y: number;
}

/**
 * Where each value lands: axis k of n points straight up for k = 0 and turns clockwise; a value in [0, 1]
 * is its distance from the centre as a share of `radius` (values outside are clamped, missing ones are 0).
 */
export function radarPoints(values: readonly (number | null)[], radius: number): RadarPoint[] {
  return values.map((value, axis) => {
    const angle = (2 * Math.PI * axis) / values.length - Math.PI / 2;
    const share = value === null || Number.isNaN(value) ? 0 : Math.min(1, Math.max(0, value));
    return { x: radius * share * Math.cos(angle), y: radius * share * Math.sin(angle) };
  });
}

function numeric(cell: TableCell | undefined): number | null {
  if (typeof cell === 'number') return cell;
  if (cell && typeof cell === 'object') return cell.value;
  return null;
}

const RADIUS = 110;
const COLOURS = ['#2563eb', '#dc2626', '#059669', '#d97706', '#7c3aed', '#0891b2'];

/** A radar chart of a declared table that asks for one (`chart.type === 'radar'`): one polygon per run. */
export function RadarChart({
  entries,
}: {
  readonly entries: readonly { readonly runId: string; readonly table: ReportTable }[];
}) {
  const first = entries[0]?.table;
  const chart = first?.chart;
  if (!first || chart?.type !== 'radar' || first.rows.length < 3) return null;
  const labels = first.rows.map((row) => String(row[chart.label] ?? ''));
  const size = RADIUS * 2 + 120;
  const outline = (points: readonly RadarPoint[]) => points.map((point) => `${point.x},${point.y}`).join(' ');
  return (
    <figure data-testid={`radar-${first.id}`} class="radar">
      <svg viewBox={`${-size / 2} ${-size / 2} ${size} ${size}`} width={size} height={size} role="img">
        <title>{first.title}</title>
        {[0.25, 0.5, 0.75, 1].map((ring) => (
          <polygon
            key={ring}
            points={outline(
              radarPoints(
                labels.map(() => ring),
                RADIUS,
              ),
            )}
            class="radar-ring"
          />
        ))}
        {radarPoints(
          labels.map(() => 1),
          RADIUS + 16,
        ).map((point, axis) => (
          <text key={labels[axis]} x={point.x} y={point.y} text-anchor="middle" class="radar-label">
            {labels[axis]}
          </text>
        ))}
        {entries.map(({ runId, table }, index) => (
          <polygon
            key={runId}
            data-run-id={runId}
            points={outline(
              radarPoints(
                labels.map((label) => numeric(table.rows.find((row) => row[chart.label] === label)?.[chart.value])),
                RADIUS,
              ),
            )}
            fill={COLOURS[index % COLOURS.length]}
            fill-opacity={0.15}
            stroke={COLOURS[index % COLOURS.length]}
          />
        ))}
      </svg>
      <figcaption class="caption">{entries.map(({ runId }) => runId).join(' · ')}</figcaption>
    </figure>
  );
}
