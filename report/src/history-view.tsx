import * as Plot from '@observablehq/plot';
import { useCallback, useMemo, useState } from 'preact/hooks';
import { formatCost, formatCount, formatDelta, formatScore, isNumber } from './format';
import { benchmarksByRuns, type CaseChange, casesChangedMost, type HistoryPoint, historyPoints } from './history';
import { PlotFigure } from './plot-figure';
import type { ReportIndex } from './report-index';
import { compareHref, episodeHref, historyHref } from './route';
import { deltaColor, scoreColor } from './score-color';

const CHANGED_CASES = 5;
const PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#edc948', '#b07aa1', '#9c755f'];

/**
 * A benchmark's runs over time (e.g. nightly runs in one store): the headline of each with its 95%
 * interval, one line per agent, and for each run the cases whose score changed most since the run before
 * it (of the same agent when one agent is chosen), so a regression shows at a glance.
 */
export function HistoryView({ index, benchmark }: { readonly index: ReportIndex; readonly benchmark?: string }) {
  const choices = benchmarksByRuns(index.data.benchmarkRuns);
  const chosen = benchmark ?? choices[0]?.benchmark;
  const [agent, setAgent] = useState<string | undefined>(undefined);
  const all = useMemo(
    () => (chosen === undefined ? [] : historyPoints(index.data.benchmarkRuns, chosen)),
    [index, chosen],
  );
  const agents = [...new Set(all.map((point) => point.agent))];
  const points = agent === undefined ? all : all.filter((point) => point.agent === agent);
  const title = choices.find((choice) => choice.benchmark === chosen)?.title ?? chosen ?? '';
  return (
    <div data-testid="history" data-benchmark={chosen}>
      <h1>History{title ? ` · ${title}` : ''}</h1>
      <p class="caption">
        The runs of one benchmark in the order they were made: the headline with its 95% interval, and the cases that
        changed most since the run before. Store nightly runs in one store and report them together to see a regression
        at a glance.
      </p>
      {choices.length > 1 && (
        <p class="small" data-testid="history-benchmarks">
          Benchmark:{' '}
          {choices.map((choice) => (
            <a
              key={choice.benchmark}
              href={historyHref(choice.benchmark)}
              aria-current={choice.benchmark === chosen ? 'page' : undefined}
              class="choice"
            >
              {choice.title} ({choice.runs})
            </a>
          ))}
        </p>
      )}
      {agents.length > 1 && (
        <label class="small">
          Agent:{' '}
          <select
            data-testid="history-agent"
            value={agent ?? ''}
            onChange={(event) => setAgent((event.target as HTMLSelectElement).value || undefined)}
          >
            <option value="">every agent (consecutive runs in time)</option>
            {agents.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      )}
      {points.length < 2 ? (
        <p class="muted" data-testid="history-too-few">
          {points.length === 0 ? 'This report has no run.' : 'One run only: report two or more runs to see a history.'}
        </p>
      ) : (
        <section class="plot-card">
          <h3>Headline over time</h3>
          <HistoryPlot points={points} />
        </section>
      )}
      {points.length > 0 && <HistoryTable index={index} points={points} />}
    </div>
  );
}

function HistoryPlot({ points }: { readonly points: readonly HistoryPoint[] }) {
  const draw = useCallback(
    (width: number) => {
      // Runs made at the same second (or without a date) are spread by their order instead.
      const dated = new Set(points.map((point) => point.createdAt)).size === points.length;
      const rows = points
        .filter((point) => isNumber(point.score))
        .map((point, order) => ({
          ...point,
          at: dated ? new Date(point.createdAt) : order + 1,
          low: point.low ?? point.score,
          high: point.high ?? point.score,
        }));
      return Plot.plot({
        width,
        height: 280,
        marginLeft: 48,
        x: { label: dated ? null : 'run', grid: true, ...(dated ? {} : { ticks: rows.length }) },
        y: { domain: [0, 1], grid: true, label: 'headline' },
        color: { legend: true, domain: [...new Set(rows.map((row) => row.agent))], range: PALETTE },
        marks: [
          Plot.ruleX(rows, { x: 'at', y1: 'low', y2: 'high', stroke: 'agent', strokeOpacity: 0.6, strokeWidth: 2 }),
          Plot.line(rows, { x: 'at', y: 'score', stroke: 'agent', strokeOpacity: 0.5 }),
          Plot.dot(rows, {
            x: 'at',
            y: 'score',
            fill: 'agent',
            r: 4.5,
            title: (row: (typeof rows)[number]) =>
              `${row.runId} (${row.agent}) ${row.createdAt}: ${formatScore(row.score)} [${formatScore(row.low)}, ${formatScore(row.high)}]`,
          }),
        ],
      });
    },
    [points],
  );
  return <PlotFigure draw={draw} label="Headline over time, with 95% intervals" testId="history-plot" />;
}

function HistoryTable({ index, points }: { readonly index: ReportIndex; readonly points: readonly HistoryPoint[] }) {
  const episodesOf = (runId: string) => index.episodesByRun.get(runId) ?? [];
  return (
    <div class="table-wrap">
      <table class="data" data-testid="history-runs">
        <thead>
          <tr>
            <th class="num">#</th>
            <th>Run · agent</th>
            <th>Created</th>
            <th class="num">Headline</th>
            <th class="num">Change</th>
            <th class="num">Episodes</th>
            <th class="num">Cost</th>
            <th>Cases that changed most since the run before</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point, position) => {
            const previous = position > 0 ? points[position - 1] : undefined;
            const delta =
              previous && isNumber(point.score) && isNumber(previous.score) ? point.score - previous.score : null;
            const changes = previous
              ? casesChangedMost(episodesOf(previous.runId), episodesOf(point.runId), CHANGED_CASES)
              : [];
            return (
              <tr key={point.runId} data-run-id={point.runId}>
                <td class="num">{position + 1}</td>
                <td>
                  <span class="run-label">
                    <span class="run-id">{point.runId}</span>
                    <span class="agent">{point.agent}</span>
                  </span>
                </td>
                <td class="mono small">{point.createdAt || '—'}</td>
                <td class="num score" style={{ background: scoreColor(point.score) }} data-metric="headline">
                  {formatScore(point.score)}
                  {isNumber(point.low) && isNumber(point.high) && (
                    <span class="interval">
                      [{formatScore(point.low)}, {formatScore(point.high)}]
                    </span>
                  )}
                </td>
                <td class="num score" style={{ color: deltaColor(delta) }} data-metric="change">
                  {previous ? formatDelta(delta) : '—'}
                </td>
                <td class="num">{formatCount(point.episodes)}</td>
                <td class="num">{formatCost(point.cost)}</td>
                <td class="wrap" data-testid="changed-cases">
                  {previous ? (
                    <ChangedCases runId={point.runId} previous={previous.runId} changes={changes} />
                  ) : (
                    <span class="muted small">first run</span>
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

function ChangedCases({
  runId,
  previous,
  changes,
}: {
  readonly runId: string;
  readonly previous: string;
  readonly changes: readonly CaseChange[];
}) {
  return (
    <span class="small">
      {changes.length === 0 ? (
        <span class="muted">no case changed</span>
      ) : (
        changes.map((change) => (
          <span key={change.caseId} class="changed-case" data-case-id={change.caseId}>
            <a href={episodeHref(runId, change.caseId, 0)} class="mono">
              {change.caseId}
            </a>{' '}
            <span style={{ color: deltaColor(change.delta) }}>
              {formatScore(change.before)} → {formatScore(change.after)}
            </span>
          </span>
        ))
      )}{' '}
      <a href={compareHref(previous, runId)} class="muted">
        vs {previous}
      </a>
    </span>
  );
}
