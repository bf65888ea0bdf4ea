import type { UnreadableEpisode } from '../../src/report/report-data';

/** The episodes the store could not give back, each with its reason: shown, never silently dropped. */
export function UnreadableEpisodes({ episodes }: { readonly episodes: readonly UnreadableEpisode[] | undefined }) {
  if (!episodes || episodes.length === 0) return null;
  return (
    <section class="notice error" data-testid="unreadable-episodes" role="alert">
      <h2>
        {episodes.length} unreadable episode{episodes.length === 1 ? '' : 's'}
      </h2>
      <p class="muted">
        These could not be read from the store; everything else is reported. An episode whose summary could not be read
        is left out of the tables; one whose record alone could not be read counts in them but has no view.
      </p>
      <table>
        <thead>
          <tr>
            <th>run</th>
            <th>benchmark</th>
            <th>case</th>
            <th>trial</th>
            <th>reason</th>
          </tr>
        </thead>
        <tbody>
          {episodes.map((episode) => (
            <tr key={`${episode.runId}/${episode.benchmark}/${episode.caseId}/${episode.trial}`}>
              <td>{episode.runId}</td>
              <td>{episode.benchmark}</td>
              <td>{episode.caseId}</td>
              <td>{episode.trial}</td>
              <td>{episode.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
