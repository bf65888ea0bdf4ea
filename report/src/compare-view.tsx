import { useMemo, useState } from 'preact/hooks';
import type { ReportEpisode } from '../../src/report/report-data';
import { caseChanges, compareRuns, type MetricComparison } from './compare';
import { augmentationAbbreviation, formatCount, formatScore, formatTurns, humanize } from './format';
import { DeltaCell, GenericCompare, RunPicks, ScoreCell } from './generic-compare';
import type { ReportIndex } from './report-index';
import { episodeHref } from './route';

const CASE_LIMIT = 50;

function metricLabel(row: MetricComparison): string {
  if (row.group === 'overall') return 'Overall';
  if (row.group === 'category') return humanize(row.name);
  const short = augmentationAbbreviation(row.name);
  return short === row.name ? row.name : `${row.name} (${short})`;
}

function TrialLinks({ episodes }: { readonly episodes: readonly ReportEpisode[] }) {
  return (
    <span>
      {episodes.map((episode) => (
        <a
          key={episode.trial}
          href={episodeHref(episode.runId, episode.caseId, episode.trial)}
          data-testid="open-episode"
          style={{ marginRight: '5px' }}
          title={`trial ${episode.trial}: ${formatScore(episode.score)}`}
        >
          {episodes.length === 1 ? 'open' : `t${episode.trial}`}
        </a>
      ))}
    </span>
  );
}

/** Two runs side by side: every summary score with its change, and the cases that changed most. */
export function CompareView({
  index,
  runA,
  runB,
}: {
  readonly index: ReportIndex;
  readonly runA?: string;
  readonly runB?: string;
}) {
  // Runs without a world-timeline summary (every other benchmark) are compared from what they declare.
  const summarised = (runId: string | undefined) => runId === undefined || index.runById.has(runId);
  const generic = index.runs.length === 0 || !summarised(runA) || !summarised(runB);
  const runIds = index.runs.map((run) => run.runId);
  const first = runA !== undefined && index.runById.has(runA) ? runA : runIds[0];
  const second = runB !== undefined && index.runById.has(runB) ? runB : (runIds[1] ?? runIds[0]);
  const [showAll, setShowAll] = useState(false);
  const left = first === undefined ? undefined : index.runById.get(first);
  const right = second === undefined ? undefined : index.runById.get(second);
  const metrics = useMemo(() => (left && right ? compareRuns(left, right) : []), [left, right]);
  const changes = useMemo(
    () =>
      left && right
        ? caseChanges(index.episodesByRun.get(left.runId) ?? [], index.episodesByRun.get(right.runId) ?? [])
        : [],
    [index, left, right],
  );

  if (generic) return <GenericCompare index={index} runA={runA} runB={runB} />;
  if (!left || !right || first === undefined || second === undefined) {
    return (
      <div data-testid="compare">
        <h1>Compare runs</h1>
        <p class="muted">This report has no run summaries to compare.</p>
      </div>
    );
  }
  const shown = showAll ? changes : changes.slice(0, CASE_LIMIT);
  return (
    <div data-testid="compare">
      <h1>Compare runs</h1>
      <RunPicks first={first} second={second} runIds={runIds}>
        <span class="muted small">
          A: {left.agent} · B: {right.agent}
        </span>
        {runIds.length < 2 && <span class="muted small">Only one run in this report.</span>}
      </RunPicks>
      <div class="two-col">
        <section>
          <h2>Scores</h2>
          <div class="table-wrap">
            <table class="data" data-testid="compare-metrics">
              <thead>
                <tr>
                  <th>Group</th>
                  <th class="num" title={`${left.runId} · ${left.agent}`}>
                    A
                  </th>
                  <th class="num" title={`${right.runId} · ${right.agent}`}>
                    B
                  </th>
                  <th class="num">Δ (B − A)</th>
                  <th class="num">Turns A</th>
                  <th class="num">Turns B</th>
                </tr>
              </thead>
              <tbody>
                {metrics.map((row) => (
                  <tr
                    key={`${row.group}:${row.name}`}
                    data-metric={row.group === 'overall' ? 'overall' : `${row.group}:${row.name}`}
                  >
                    <td style={{ fontWeight: row.group === 'overall' ? 600 : 400 }}>{metricLabel(row)}</td>
                    <ScoreCell value={row.a} />
                    <ScoreCell value={row.b} />
                    <DeltaCell delta={row.delta} />
                    <td class="num">{formatTurns(row.turnsA)}</td>
                    <td class="num">{formatTurns(row.turnsB)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <section>
          <h2>Cases that changed most</h2>
          <p class="caption" style={{ marginTop: '-4px', marginBottom: '6px' }}>
            Mean score over each case's trials; {formatCount(changes.length)} cases played in both runs.
          </p>
          <div class="table-wrap">
            <table class="data" data-testid="compare-cases">
              <thead>
                <tr>
                  <th>Case</th>
                  <th class="num">A</th>
                  <th class="num">B</th>
                  <th class="num">Δ</th>
                  <th>Episodes A</th>
                  <th>Episodes B</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((change) => (
                  <tr key={change.caseId} data-case-id={change.caseId}>
                    <td class="mono wrap">{change.caseId}</td>
                    <ScoreCell value={change.a.mean} />
                    <ScoreCell value={change.b.mean} />
                    <DeltaCell delta={change.delta} />
                    <td>
                      <TrialLinks episodes={change.a.episodes} />
                    </td>
                    <td>
                      <TrialLinks episodes={change.b.episodes} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {changes.length > CASE_LIMIT && (
            <p>
              <button type="button" onClick={() => setShowAll(!showAll)}>
                {showAll ? `show the top ${CASE_LIMIT}` : `show all ${formatCount(changes.length)} cases`}
              </button>
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
