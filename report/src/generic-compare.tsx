import type { ComponentChildren } from 'preact';
import type { ReportBenchmarkRun } from '../../src/report/report-data';
import { formatDelta, formatScore, isNumber } from './format';
import { casesChangedMost } from './history';
import type { ReportIndex } from './report-index';
import { compareHref, episodeHref } from './route';
import { deltaColor, scoreColor } from './score-color';

const CASE_LIMIT = 50;

/**
 * Two runs of any benchmark side by side, from what the benchmark declares: for each benchmark both
 * runs hold, every metric over the run (A, B and the change), and the cases whose score changed most.
 */
export function GenericCompare({
  index,
  runA,
  runB,
}: {
  readonly index: ReportIndex;
  readonly runA?: string;
  readonly runB?: string;
}) {
  const runIds = index.runIds;
  const first = runA !== undefined && runIds.includes(runA) ? runA : runIds[0];
  const second = runB !== undefined && runIds.includes(runB) ? runB : (runIds[1] ?? runIds[0]);
  if (first === undefined || second === undefined) {
    return (
      <div data-testid="compare">
        <h1>Compare runs</h1>
        <p class="muted">This report holds no run.</p>
      </div>
    );
  }
  const ofRun = (runId: string) => index.data.benchmarkRuns.filter((entry) => entry.runId === runId);
  const right = ofRun(second);
  const shared = ofRun(first).flatMap((left) => {
    const other = right.find((entry) => entry.benchmark === left.benchmark);
    return other ? [{ left, right: other }] : [];
  });
  return (
    <div data-testid="compare" data-viewer="generic">
      <h1>Compare runs</h1>
      <RunPicks first={first} second={second} runIds={runIds} />
      {shared.length === 0 && <p class="muted">These two runs have no benchmark in common.</p>}
      {shared.map(({ left, right: other }) => (
        <BenchmarkComparison key={left.benchmark} index={index} left={left} right={other} />
      ))}
    </div>
  );
}

/** The pickers of runs A and B with a swap between them (choosing opens that comparison), then `children`. */
export function RunPicks({
  first,
  second,
  runIds,
  children,
}: {
  readonly first: string;
  readonly second: string;
  readonly runIds: readonly string[];
  readonly children?: ComponentChildren;
}) {
  const select = (a: string, b: string): void => {
    window.location.hash = compareHref(a, b);
  };
  return (
    <div class="compare-pick">
      <RunPicker label="A" value={first} runIds={runIds} onChange={(id) => select(id, second)} />
      <button type="button" onClick={() => select(second, first)} title="Swap A and B">
        ⇄
      </button>
      <RunPicker label="B" value={second} runIds={runIds} onChange={(id) => select(first, id)} />
      {children}
    </div>
  );
}

function RunPicker({
  label,
  value,
  runIds,
  onChange,
}: {
  readonly label: string;
  readonly value: string;
  readonly runIds: readonly string[];
  readonly onChange: (runId: string) => void;
}) {
  return (
    <label>
      {label}
      <select
        value={value}
        data-testid={`compare-run-${label.toLowerCase()}`}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        {runIds.map((runId) => (
          <option key={runId} value={runId}>
            {runId}
          </option>
        ))}
      </select>
    </label>
  );
}

function BenchmarkComparison({
  index,
  left,
  right,
}: {
  readonly index: ReportIndex;
  readonly left: ReportBenchmarkRun;
  readonly right: ReportBenchmarkRun;
}) {
  const episodes = (runId: string) =>
    (index.episodesByRun.get(runId) ?? []).filter((episode) => episode.benchmark === left.benchmark);
  const changes = casesChangedMost(episodes(left.runId), episodes(right.runId), CASE_LIMIT);
  const metrics = left.metricDefinitions.filter((metric) => metric.kind !== 'count');
  return (
    <section data-benchmark={left.benchmark}>
      <h2>{left.title}</h2>
      <p class="caption">
        A: {left.runId} ({left.agent}) · B: {right.runId} ({right.agent})
      </p>
      <div class="two-col">
        <section>
          <h3>Metrics over the run</h3>
          <div class="table-wrap">
            <table class="data" data-testid="compare-metrics">
              <thead>
                <tr>
                  <th>Metric</th>
                  <th class="num">A</th>
                  <th class="num">B</th>
                  <th class="num">Δ (B − A)</th>
                </tr>
              </thead>
              <tbody>
                {metrics.map((metric) => {
                  const a = left.metrics[metric.id] ?? null;
                  const b = right.metrics[metric.id] ?? null;
                  const delta = isNumber(a) && isNumber(b) ? b - a : null;
                  const better = delta === null ? null : metric.direction === 'lower' ? -delta : delta;
                  return (
                    <tr key={metric.id} data-metric={metric.id}>
                      <td style={{ fontWeight: metric.id === left.headline ? 600 : 400 }} title={metric.description}>
                        {metric.title}
                      </td>
                      <ScoreCell value={a} coloured={metric.kind === 'score'} />
                      <ScoreCell value={b} coloured={metric.kind === 'score'} />
                      <DeltaCell delta={delta} better={better} />
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>
        <section>
          <h3>Cases whose score changed most</h3>
          {changes.length === 0 ? (
            <p class="muted small">No case scored in both runs changed.</p>
          ) : (
            <div class="table-wrap">
              <table class="data" data-testid="compare-cases">
                <thead>
                  <tr>
                    <th>Case</th>
                    <th class="num">A</th>
                    <th class="num">B</th>
                    <th class="num">Δ</th>
                  </tr>
                </thead>
                <tbody>
                  {changes.map((change) => (
                    <tr key={change.caseId} data-case-id={change.caseId}>
                      <td class="mono small">
                        <a href={episodeHref(right.runId, change.caseId, 0)}>{change.caseId}</a>
                      </td>
                      <td class="num score">{formatScore(change.before)}</td>
                      <td class="num score">{formatScore(change.after)}</td>
                      <DeltaCell delta={change.delta} />
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </section>
  );
}

/** A score, its cell coloured by the score unless `coloured` is false. */
export function ScoreCell({ value, coloured = true }: { readonly value: number | null; readonly coloured?: boolean }) {
  return (
    <td class="num score" style={{ background: coloured ? scoreColor(value) : undefined }}>
      {formatScore(value)}
    </td>
  );
}

/** A change, coloured by how much `better` it is (the change itself unless lower is better). */
export function DeltaCell({
  delta,
  better = delta,
}: {
  readonly delta: number | null;
  readonly better?: number | null;
}) {
  return (
    <td class="num delta" style={{ color: deltaColor(better) }}>
      {formatDelta(delta)}
    </td>
  );
}
