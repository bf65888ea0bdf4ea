import type { ComponentChildren } from 'preact';
import type { ReportEpisode } from '../../src/report/report-data';
import { DIAGNOSTIC_INFO, firstFindingByPattern, patternLabel } from './diagnostic-findings';
import {
  augmentationAbbreviation,
  categoryAbbreviation,
  formatClock,
  formatCost,
  formatCount,
  formatScore,
  humanize,
  isNumber,
} from './format';
import type { ReportIndex } from './report-index';
import { casesHref, episodeHref } from './route';
import { scoreColor } from './score-color';

export function Fact({ label, children, testId }: { label: string; children: ComponentChildren; testId?: string }) {
  return (
    <div class="fact" data-testid={testId}>
      <span class="key">{label}</span>
      <span class="value">{children}</span>
    </div>
  );
}

/** The episode's score under `label`, on its colour ("failed" when it failed or has no score). */
export function ScoreBadge({ episode, label }: { readonly episode: ReportEpisode; readonly label: string }) {
  const score = isNumber(episode.score) ? episode.score : null;
  const failed = episode.status === 'failed' || score === null;
  return (
    <div class="score-badge" style={{ background: failed ? '#fdf2f1' : scoreColor(score) }}>
      <span class="value" data-testid="episode-score">
        {failed ? 'failed' : formatScore(score)}
      </span>
      <span class="label">{label}</span>
    </div>
  );
}

/** The error the episode ended with, if any. */
export function EpisodeError({ error }: { readonly error: string | null }) {
  return error ? (
    <div class="tool-error" style={{ marginTop: '10px' }} data-testid="episode-error">
      <span class="kind">episode error</span> <span>{error}</span>
    </div>
  ) : null;
}

function Termination({ termination }: { readonly termination: NonNullable<ReportEpisode['detail']>['termination'] }) {
  const normal = termination.type === 'user-ended';
  return (
    <span>
      <span class={normal ? 'chip good' : 'chip warn'}>{termination.type}</span>
      {typeof termination.limit === 'number' ? ` limit ${termination.limit}` : ''}
      {termination.message ? <span class="small muted"> {termination.message}</span> : null}
    </span>
  );
}

/** Links to the same case's other trials in this run, and to its trials in the other runs. */
function Siblings({ index, episode }: { readonly index: ReportIndex; readonly episode: ReportEpisode }) {
  const sameRun = (index.episodesByRun.get(episode.runId) ?? [])
    .filter((other) => other.caseId === episode.caseId)
    .sort((a, b) => a.trial - b.trial);
  const otherRuns = index.runIds
    .filter((runId) => runId !== episode.runId)
    .flatMap((runId) =>
      (index.episodesByRun.get(runId) ?? []).filter((other) => other.caseId === episode.caseId).slice(0, 1),
    );
  if (sameRun.length <= 1 && otherRuns.length === 0) return null;
  return (
    <div class="small muted" style={{ marginTop: '6px' }}>
      {sameRun.length > 1 && (
        <span>
          Trials:{' '}
          {sameRun.map((other) => (
            <a
              key={other.trial}
              href={episodeHref(other.runId, other.caseId, other.trial)}
              aria-current={other.trial === episode.trial ? 'page' : undefined}
              style={{ marginRight: '6px', fontWeight: other.trial === episode.trial ? 700 : 400 }}
            >
              {other.trial} ({formatScore(other.score)})
            </a>
          ))}
        </span>
      )}
      {otherRuns.length > 0 && (
        <span>
          {' '}
          Same case in:{' '}
          {otherRuns.map((other) => (
            <a
              key={other.runId}
              href={episodeHref(other.runId, other.caseId, other.trial)}
              style={{ marginRight: '6px' }}
            >
              {other.runId} ({formatScore(other.score)})
            </a>
          ))}
        </span>
      )}
    </div>
  );
}

/**
 * The diagnostic counts, one chip per pattern. A pattern that occurred is a button that takes the bus to
 * its first offending message (when the report lists findings; older reports have counts only).
 */
function DiagnosticCounts({
  detail,
  onFocusMessage,
}: {
  readonly detail: NonNullable<ReportEpisode['detail']>;
  readonly onFocusMessage?: (messageIndex: number) => void;
}) {
  const first = firstFindingByPattern(detail.diagnosticFindings);
  return (
    <span class="chips">
      {Object.entries(detail.diagnostics ?? {}).map(([pattern, count]) => {
        const explanation = DIAGNOSTIC_INFO[pattern]?.explanation ?? `Diagnostic pattern ${pattern}.`;
        const messageIndex = first.get(pattern);
        if (count > 0 && messageIndex !== undefined && onFocusMessage) {
          return (
            <button
              key={pattern}
              type="button"
              class="chip warn chip-link"
              data-testid="diagnostic-link"
              data-pattern={pattern}
              data-message-index={String(messageIndex)}
              title={`${explanation} ${count} in this episode; go to the first, message #${messageIndex}.`}
              aria-label={`${pattern} (${patternLabel(pattern)}) ${count}: go to message #${messageIndex}`}
              onClick={() => onFocusMessage(messageIndex)}
            >
              {pattern} {count}
            </button>
          );
        }
        return (
          <span key={pattern} class={count > 0 ? 'chip warn' : 'chip'} title={explanation}>
            {pattern} {count}
          </span>
        );
      })}
    </span>
  );
}

/** The episode's header: identity, final score, and the facts the scorer and the run recorded. */
export function EpisodeSummary({
  index,
  episode,
  onFocusMessage,
}: {
  readonly index: ReportIndex;
  readonly episode: ReportEpisode;
  /** Selects a message of the bus and scrolls to it (the diagnostics link to their first finding). */
  readonly onFocusMessage?: (messageIndex: number) => void;
}) {
  const detail = episode.detail;
  return (
    <>
      <div class="episode-head">
        <div style={{ minWidth: 0 }}>
          <div class="breadcrumb">
            <a href={casesHref()}>Cases</a> / <span class="mono">{episode.runId}</span> / trial {episode.trial}
          </div>
          <h1>{episode.caseId}</h1>
          <div class="chips" style={{ marginTop: '6px' }}>
            {episode.categories.map((category) => (
              <span key={category} class="chip" title={humanize(category)}>
                {categoryAbbreviation(category)} · {humanize(category).toLowerCase()}
              </span>
            ))}
            <span class="chip accent" title="Tool augmentation">
              {augmentationAbbreviation(episode.augmentation)}
            </span>
          </div>
          <Siblings index={index} episode={episode} />
        </div>
        <ScoreBadge episode={episode} label="final score" />
      </div>
      <EpisodeError error={episode.error} />
      <div class="facts">
        {detail && <Fact label="Milestone score">{formatScore(detail.milestoneScore)}</Fact>}
        {detail && (
          <Fact label="Minefield score" testId="episode-minefield-score">
            {(detail.minefieldGraph?.nodes.length ?? detail.minefields.length) === 0
              ? 'none defined'
              : formatScore(detail.minefieldScore)}
          </Fact>
        )}
        <Fact label="Turns" testId="episode-turns">
          {episode.turnCount ?? '—'}
        </Fact>
        {detail && (
          <Fact label="Termination" testId="episode-termination">
            <Termination termination={detail.termination} />
          </Fact>
        )}
        <Fact label="Tokens in / out">
          {formatCount(episode.inputTokens)} / {formatCount(episode.outputTokens)}
        </Fact>
        <Fact label="Cost">{formatCost(episode.cost)}</Fact>
        {detail && <Fact label="Agent">{detail.agent}</Fact>}
        {detail && <Fact label="User">{detail.user}</Fact>}
        {detail && <Fact label="Clock">{formatClock(detail.clock.now, detail.clock.timeZone)}</Fact>}
        <Fact label="Scenario">
          <span class="mono small">{episode.scenarioId}</span>
          {episode.baseId !== episode.scenarioId ? <span class="mono small faint"> ({episode.baseId})</span> : null}
        </Fact>
        {detail && (
          <Fact label="Diagnostics" testId="episode-diagnostics">
            <DiagnosticCounts detail={detail} onFocusMessage={onFocusMessage} />
          </Fact>
        )}
      </div>
    </>
  );
}
