import { useMemo, useState } from 'preact/hooks';
import type { ReportEpisode, ReportTrajectory } from '../../src/report/report-data';
import { buildBusModel } from './bus-model';
import { DeclaredTable } from './declared-tables';
import { formatCost, formatCount, formatJson, formatScore, isNumber } from './format';
import { MessageBus } from './message-bus';
import type { ReportIndex } from './report-index';
import { benchmarkHref, casesHref } from './route';
import { scoreColor } from './score-color';

/**
 * The viewer of an episode of a benchmark without a dedicated one: its score and the facts of its run, its
 * metrics and labels under the titles its benchmark declares, the tables that explain its score, and each
 * trajectory on the message bus, or the record as JSON when it has none.
 */
export function GenericEpisodeView({
  index,
  episode,
}: {
  readonly index: ReportIndex;
  readonly episode: ReportEpisode;
}) {
  const generic = episode.generic;
  const run = index.data.benchmarkRuns.find(
    (entry) => entry.runId === episode.runId && entry.benchmark === episode.benchmark,
  );
  const metricTitle = (id: string) => run?.metricDefinitions.find((metric) => metric.id === id)?.title ?? id;
  const labelTitle = (id: string) => run?.labels?.find((label) => label.id === id)?.title ?? id;
  const score = isNumber(episode.score) ? episode.score : null;
  const failed = episode.status === 'failed' || score === null;
  const headline = run ? metricTitle(run.headline) : 'score';
  return (
    <div
      data-testid="episode-viewer"
      data-viewer="generic"
      data-benchmark={episode.benchmark}
      data-run-id={episode.runId}
      data-case-id={episode.caseId}
      data-trial={String(episode.trial)}
    >
      <div class="episode-head">
        <div style={{ minWidth: 0 }}>
          <div class="breadcrumb">
            <a href={casesHref()}>Cases</a> /{' '}
            <a href={benchmarkHref(episode.benchmark)}>{run?.title ?? episode.benchmark}</a> /{' '}
            <span class="mono">{episode.runId}</span> / trial {episode.trial}
          </div>
          <h1>{episode.caseId}</h1>
          <div class="chips" style={{ marginTop: '6px' }}>
            {Object.entries(episode.labels).map(([id, value]) => (
              <span key={id} class="chip" title={labelTitle(id)} data-label={id}>
                {labelTitle(id)} · {typeof value === 'string' ? value : value.join(', ')}
              </span>
            ))}
          </div>
        </div>
        <div class="score-badge" style={{ background: failed ? '#fdf2f1' : scoreColor(score) }}>
          <span class="value" data-testid="episode-score">
            {failed ? 'failed' : formatScore(score)}
          </span>
          <span class="label">{headline.toLowerCase()}</span>
        </div>
      </div>
      {episode.error ? (
        <div class="tool-error" style={{ marginTop: '10px' }} data-testid="episode-error">
          <span class="kind">episode error</span> <span>{episode.error}</span>
        </div>
      ) : null}
      <div class="facts">
        <div class="fact">
          <span class="key">Tokens in / out</span>
          <span class="value">
            {formatCount(episode.inputTokens)} / {formatCount(episode.outputTokens)}
          </span>
        </div>
        <div class="fact">
          <span class="key">Cost</span>
          <span class="value">{formatCost(episode.cost)}</span>
        </div>
        {run?.agent && (
          <div class="fact">
            <span class="key">Agent</span>
            <span class="value">{run.agent}</span>
          </div>
        )}
      </div>
      <section class="declared-table">
        <h3>Metrics</h3>
        <div class="table-wrap">
          <table class="data compact" data-testid="episode-metrics">
            <tbody>
              {Object.entries(episode.metrics).map(([id, value]) => (
                <tr key={id}>
                  <th class="left" title={id}>
                    {metricTitle(id)}
                  </th>
                  <td class="num score" data-metric={id}>
                    {value === null ? '–' : Number.isInteger(value) ? String(value) : value.toFixed(3)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {(generic?.explain ?? []).map((table) => (
        <DeclaredTable key={table.id} entries={[{ runId: episode.runId, table }]} showRun={false} />
      ))}
      {generic?.trajectories.map((trajectory, position) => (
        <TrajectoryBus key={position} trajectory={trajectory} position={position} />
      ))}
      {generic && generic.trajectories.length === 0 && (
        <details class="record" open={!generic.explain.length}>
          <summary>The stored record</summary>
          <pre class="json" data-testid="episode-record">
            {formatJson(generic.record)}
          </pre>
        </details>
      )}
      {!generic && (
        <p class="notice" data-testid="no-trajectory">
          This episode failed before it produced a record: there is nothing more to show.
        </p>
      )}
    </div>
  );
}

function TrajectoryBus({ trajectory, position }: { readonly trajectory: ReportTrajectory; readonly position: number }) {
  const model = useMemo(() => buildBusModel(trajectory), [trajectory]);
  const [selected, setSelected] = useState(model.lastIndex);
  return (
    <section data-testid={`trajectory-${position}`}>
      <h2>
        {trajectoryTitle(trajectory, position)} <span class="muted">({endedBy(trajectory.termination)})</span>
      </h2>
      <MessageBus
        model={model}
        firstEpisodeMessage={trajectory.firstEpisodeMessage}
        selected={selected}
        flash={null}
        onSelect={setSelected}
      />
    </section>
  );
}

/** A replayed turn is titled by its turn (`…#turn-3`); other trajectories by their position. */
function trajectoryTitle(trajectory: ReportTrajectory, position: number): string {
  const turn = /#turn-(\d+)$/.exec(trajectory.episodeId ?? '')?.[1];
  return turn === undefined ? `Trajectory ${position + 1}` : `Turn ${turn}`;
}

/** What ended a trajectory, in words that fit every benchmark (ToolScan's "user" is only the loop's end). */
function endedBy(termination: ReportTrajectory['termination']): string {
  switch (termination.type) {
    case 'user-ended':
      return 'ended';
    case 'max-messages':
      return `stopped at the limit of ${termination.limit}`;
    case 'agent-failure':
      return 'the agent failed';
    case 'infrastructure-failure':
      return 'infrastructure failure';
    default:
      return 'ended';
  }
}
