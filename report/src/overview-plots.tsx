import * as Plot from '@observablehq/plot';
import { useCallback, useMemo } from 'preact/hooks';
import type { ReportRun } from '../../src/report/report-data';
import { formatCount, truncate } from './format';
import { PlotFigure } from './plot-figure';
import type { ReportIndex } from './report-index';
import { scoreBins } from './score-bins';
import { scoreColor } from './score-color';

const DIAGNOSTIC_PATTERNS = ['IFN', 'IAN', 'IAT', 'IFE', 'RAC'];
const LABEL_LENGTH = 30;

/** Left margin that fits the longest (truncated) run label on a band axis. */
function labelMargin(labels: readonly string[]): number {
  const longest = Math.max(4, ...labels.map((label) => label.length));
  return Math.min(230, 14 + longest * 6.6);
}

/** What the cost and token plots need of a run. */
export interface RunUsage {
  readonly runId: string;
  readonly cost?: number;
  readonly tokens?: { readonly input: number; readonly output: number };
}

function runLabel(run: Pick<ReportRun, 'runId'>): string {
  return truncate(run.runId, LABEL_LENGTH);
}

/** One small histogram of episode scores per run. */
export function ScoreHistograms({
  runs,
  runScores,
}: {
  readonly runs: readonly Pick<ReportRun, 'runId'>[];
  readonly runScores: ReportIndex['runScores'];
}) {
  return (
    <div class="histograms">
      {runs.map((run) => (
        <ScoreHistogram key={run.runId} run={run} scores={runScores(run.runId)} />
      ))}
    </div>
  );
}

function ScoreHistogram({
  run,
  scores: { scores, failed },
}: {
  readonly run: Pick<ReportRun, 'runId'>;
  readonly scores: ReturnType<ReportIndex['runScores']>;
}) {
  const bins = useMemo(() => scoreBins(scores), [scores]);
  const draw = useCallback(
    (width: number) =>
      Plot.plot({
        width,
        height: 96,
        marginTop: 6,
        marginBottom: 22,
        marginLeft: 30,
        x: { domain: [0, 1], ticks: 5, label: null },
        y: { grid: true, ticks: 3, label: null },
        marks: [
          Plot.rectY(bins, {
            x1: 'from',
            x2: 'to',
            y: 'count',
            inset: 0.5,
            fill: (bin: { from: number; to: number }) => scoreColor((bin.from + bin.to) / 2) ?? '#ccc',
            stroke: '#9aa4ae',
            strokeWidth: 0.5,
            title: (bin: { from: number; to: number; count: number }) =>
              `${bin.from.toFixed(1)}–${bin.to.toFixed(1)}: ${bin.count} episodes`,
          }),
          Plot.ruleY([0], { stroke: '#8b949e' }),
        ],
      }),
    [bins],
  );
  const scored = scores.length - failed;
  return (
    <div>
      <div class="title" title={run.runId}>
        {run.runId}
      </div>
      <div class="small faint">
        {formatCount(scored)} scored{failed > 0 ? ` · ${formatCount(failed)} failed` : ''}
      </div>
      {scored > 0 ? (
        <PlotFigure draw={draw} label={`Score distribution of run ${run.runId}`} testId="score-histogram" />
      ) : (
        // With no score, Plot would draw a degenerate axis: say so instead.
        <p class="muted small">No scored episodes to plot.</p>
      )}
    </div>
  );
}

/** Cost in dollars per run. */
export function CostPlot({ runs }: { readonly runs: readonly RunUsage[] }) {
  const draw = useCallback(
    (width: number) =>
      Plot.plot({
        width,
        height: 28 + runs.length * 26,
        marginLeft: labelMargin(runs.map(runLabel)),
        marginRight: 58,
        x: { grid: true, label: 'cost ($)', nice: true },
        y: { label: null, domain: runs.map(runLabel) },
        marks: [
          Plot.barX(runs, { y: runLabel, x: (run: RunUsage) => run.cost ?? 0, fill: '#7ba3dd' }),
          Plot.text(runs, {
            y: runLabel,
            x: (run: RunUsage) => run.cost ?? 0,
            text: (run: RunUsage) => `$${(run.cost ?? 0).toFixed(4)}`,
            textAnchor: 'start',
            dx: 4,
            fill: '#5b6570',
          }),
          Plot.ruleX([0]),
        ],
      }),
    [runs],
  );
  // With nothing to plot, Plot would draw a degenerate scale: say so instead.
  if (!runs.some((run) => (run.cost ?? 0) > 0)) return <p class="muted small">No cost recorded for these runs.</p>;
  return <PlotFigure draw={draw} label="Cost per run" testId="cost-plot" />;
}

/** Input and output tokens per run, stacked. */
export function TokenPlot({ runs }: { readonly runs: readonly RunUsage[] }) {
  const draw = useCallback(
    (width: number) => {
      const rows = runs.flatMap((run) => [
        { run: runLabel(run), kind: 'input', tokens: run.tokens?.input ?? 0 },
        { run: runLabel(run), kind: 'output', tokens: run.tokens?.output ?? 0 },
      ]);
      return Plot.plot({
        width,
        height: 28 + runs.length * 26,
        marginLeft: labelMargin(runs.map(runLabel)),
        x: { grid: true, label: 'tokens', nice: true, tickFormat: 's' },
        y: { label: null, domain: runs.map(runLabel) },
        color: { domain: ['input', 'output'], range: ['#9db8e3', '#e3b27a'], legend: true },
        marks: [
          Plot.barX(rows, {
            y: 'run',
            x: 'tokens',
            fill: 'kind',
            title: (row: { kind: string; tokens: number }) => `${row.kind}: ${formatCount(row.tokens)}`,
          }),
          Plot.ruleX([0]),
        ],
      });
    },
    [runs],
  );
  if (!runs.some((run) => (run.tokens?.input ?? 0) + (run.tokens?.output ?? 0) > 0)) {
    return <p class="muted small">No token usage recorded for these runs.</p>;
  }
  return <PlotFigure draw={draw} label="Tokens per run" testId="token-plot" />;
}

/** The diagnostic patterns (summed over each run's episodes): one group of bars per pattern, one bar per run. */
export function DiagnosticsPlot({ runs }: { readonly runs: readonly ReportRun[] }) {
  const draw = useCallback(
    (width: number) => {
      const patterns = [
        ...new Set([...DIAGNOSTIC_PATTERNS, ...runs.flatMap((run) => Object.keys(run.diagnostics ?? {}))]),
      ];
      const rows = patterns.flatMap((pattern) =>
        runs.map((run) => ({ pattern, run: runLabel(run), count: run.diagnostics?.[pattern] ?? 0 })),
      );
      return Plot.plot({
        width,
        height: 30 + patterns.length * (runs.length * 12 + 10),
        marginLeft: 44,
        marginRight: 40,
        x: { grid: true, label: 'occurrences', nice: true },
        y: { axis: null, domain: runs.map(runLabel) },
        fy: { label: null, domain: patterns, axis: 'left' },
        color: { legend: true, domain: runs.map(runLabel) },
        marks: [
          Plot.barX(rows, {
            fy: 'pattern',
            y: 'run',
            x: 'count',
            fill: 'run',
            title: (row: { run: string; pattern: string; count: number }) =>
              `${row.run} · ${row.pattern}: ${row.count}`,
          }),
          Plot.text(rows, {
            fy: 'pattern',
            y: 'run',
            x: 'count',
            text: 'count',
            textAnchor: 'start',
            dx: 3,
            fill: '#5b6570',
          }),
          Plot.ruleX([0]),
        ],
      });
    },
    [runs],
  );
  if (!runs.some((run) => Object.values(run.diagnostics ?? {}).some((count) => count > 0))) {
    return <p class="muted small">No diagnostic findings in these runs.</p>;
  }
  return <PlotFigure draw={draw} label="Diagnostics per run" testId="diagnostics-plot" />;
}
