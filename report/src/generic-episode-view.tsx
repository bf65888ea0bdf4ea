import { useMemo, useState } from 'preact/hooks';
import type { ReportEpisode, ReportTrajectory } from '../../src/report/report-data';
import { buildBusModel } from './bus-model';
import { DeclaredTable } from './declared-tables';
import { formatJson } from './format';
import { MessageBus } from './message-bus';

/**
 * The viewer of an episode of a benchmark without a dedicated one: its metrics and labels, the tables
 * that explain its score, and each trajectory on the message bus, or the record as JSON when it has none.
 */
export function GenericEpisodeView({ episode }: { readonly episode: ReportEpisode }) {
  const generic = episode.generic;
  return (
    <div
      data-testid="episode-viewer"
      data-viewer="generic"
      data-benchmark={episode.benchmark}
      data-run-id={episode.runId}
      data-case-id={episode.caseId}
      data-trial={String(episode.trial)}
    >
      <h1>
        {episode.caseId} <span class="muted">#{episode.trial}</span>
      </h1>
      <p class="caption">
        {episode.benchmark} · run {episode.runId} · {episode.status}
        {episode.error ? ` — ${episode.error}` : ''}
      </p>
      <table class="table" data-testid="episode-metrics">
        <tbody>
          {Object.entries(episode.metrics).map(([id, value]) => (
            <tr key={id}>
              <th class="left">{id}</th>
              <td class="num" data-metric={id}>
                {value === null ? '–' : Number.isInteger(value) ? String(value) : value.toFixed(3)}
              </td>
            </tr>
          ))}
          {Object.entries(episode.labels).map(([id, value]) => (
            <tr key={`label-${id}`}>
              <th class="left">{id}</th>
              <td class="left" data-label={id}>
                {typeof value === 'string' ? value : value.join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {(generic?.explain ?? []).map((table) => (
        <DeclaredTable key={table.id} entries={[{ runId: episode.runId, table }]} />
      ))}
      {generic?.trajectories.map((trajectory, position) => (
        <TrajectoryBus key={position} trajectory={trajectory} position={position} />
      ))}
      {generic && generic.trajectories.length === 0 && (
        <pre class="json" data-testid="episode-record">
          {formatJson(generic.record)}
        </pre>
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
