import { useMemo, useState } from 'preact/hooks';
import type { ReportEpisode, ReportTrajectory } from '../../src/report/report-data';
import { buildBusModel } from './bus-model';
import { DeclaredTable } from './declared-tables';
import { EpisodeError, Fact, ScoreBadge } from './episode-summary';
import { formatCost, formatCount, formatJson } from './format';
import { MessageBus } from './message-bus';
import type { ReportIndex } from './report-index';
import { benchmarkHref, casesHref } from './route';

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
        <ScoreBadge episode={episode} label={headline.toLowerCase()} />
      </div>
      <EpisodeError error={episode.error} />
      <div class="facts">
        <Fact label="Tokens in / out">
          {formatCount(episode.inputTokens)} / {formatCount(episode.outputTokens)}
        </Fact>
        <Fact label="Cost">{formatCost(episode.cost)}</Fact>
        {run?.agent && <Fact label="Agent">{run.agent}</Fact>}
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
