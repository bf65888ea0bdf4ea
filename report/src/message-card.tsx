import type { Role } from '../../src/report/report-data';
import { type BusMessage, type BusModel, ROLE_INITIAL } from './bus-model';
import { formatJson, formatScore } from './format';

const VISIBILITY_ROLES: readonly Role[] = ['user', 'agent', 'executor', 'system'];

/** Which roles can read the message: one letter per role, filled when it is visible to that role. */
function SeenBy({ visibleTo }: { readonly visibleTo: readonly Role[] }) {
  const seen = VISIBILITY_ROLES.filter((role) => visibleTo.includes(role));
  const label = `seen by ${seen.join(', ') || 'nobody'}`;
  return (
    <span class="seen-by" role="img" aria-label={label} title={label}>
      {VISIBILITY_ROLES.filter((role) => role !== 'system' || visibleTo.includes('system')).map((role) => (
        <span key={role} class={visibleTo.includes(role) ? 'on' : undefined} aria-hidden="true">
          {ROLE_INITIAL[role]}
        </span>
      ))}
    </span>
  );
}

function BatchChip({ batch, model }: { readonly batch: number; readonly model: BusModel }) {
  const size = model.batchSizes.get(batch) ?? 1;
  return (
    <span class={size > 1 ? 'chip warn' : 'chip'} title={size > 1 ? `${size} calls made in parallel` : undefined}>
      batch {batch}
      {size > 1 ? ` · parallel ×${size}` : ''}
    </span>
  );
}

function MessageBody({ message, model }: { readonly message: BusMessage; readonly model: BusModel }) {
  switch (message.type) {
    case 'text':
      return <div class="text-body">{message.text}</div>;
    case 'tool-call': {
      const args = message.call.arguments;
      return (
        <div>
          <span class="tool-name">{message.call.name}</span> <span class="faint small mono">{message.call.id}</span>
          {typeof args === 'string' ? (
            <>
              <div>
                <span class="chip bad">arguments not parsed</span>
              </div>
              <pre class="json">{args}</pre>
            </>
          ) : (
            <pre class="json">{formatJson(args)}</pre>
          )}
        </div>
      );
    }
    case 'tool-result': {
      const callIndex = model.callIndexById.get(message.callId);
      const outcome = message.outcome;
      return (
        <div>
          <span class="tool-name">↩ {message.toolName}</span>{' '}
          <span class="faint small">{callIndex === undefined ? message.callId : `answers #${callIndex}`}</span>
          {outcome.type === 'error' ? (
            <div class="tool-error" data-testid="tool-error">
              <span class="kind">{outcome.error.kind}</span> <span>{outcome.error.message}</span>
              {outcome.error.hint ? <div class="hint">hint: {outcome.error.hint}</div> : null}
            </div>
          ) : (
            <pre class="json">{formatJson(outcome.value)}</pre>
          )}
        </div>
      );
    }
  }
}

/** The milestones and fired minefields matched onto this message. */
function MatchMarks({ message, model }: { readonly message: BusMessage; readonly model: BusModel }) {
  const matches = model.matchesByIndex.get(message.index);
  if (!matches || matches.length === 0) return null;
  return (
    <div class="match-marks">
      {matches.map(({ kind, match }) => (
        <span
          key={`${kind}:${match.milestone}`}
          class={kind === 'minefield' ? 'chip bad' : match.similarity >= 0.5 ? 'chip good' : 'chip warn'}
          title={`${kind} ${match.milestone}, similarity ${formatScore(match.similarity)}`}
        >
          {kind === 'minefield' ? '✹ minefield' : '◆ milestone'} {match.milestone} · {formatScore(match.similarity)}
        </span>
      ))}
    </div>
  );
}

/** The diagnostic patterns this tool call showed, one badge each, explained in its tooltip. */
function FindingMarks({ message, model }: { readonly message: BusMessage; readonly model: BusModel }) {
  const badges = model.findingsByIndex.get(message.index);
  if (!badges || badges.length === 0) return null;
  return (
    <div class="finding-marks">
      {badges.map((badge) => (
        <span
          key={`${badge.callId}:${badge.pattern}`}
          class="chip bad finding"
          data-testid="diagnostic-finding"
          data-pattern={badge.pattern}
          data-call-id={badge.callId}
          title={badge.title}
        >
          ⚠ {badge.text}
        </span>
      ))}
    </div>
  );
}

/**
 * One message: who sent it to whom, who can see it, and its text, call or result. Its header is a
 * button that selects the message (the side panel then shows the world after it).
 */
export function MessageCard({
  message,
  model,
  selected,
  flash,
  onSelect,
  style,
}: {
  readonly message: BusMessage;
  readonly model: BusModel;
  readonly selected: boolean;
  readonly flash: boolean;
  readonly onSelect: (index: number) => void;
  readonly style?: Record<string, string>;
}) {
  const findings = model.findingsByIndex.get(message.index) ?? [];
  const classes = [
    'card',
    selected ? 'selected' : '',
    flash ? 'flash' : '',
    message.seeded ? 'seeded' : '',
    findings.length > 0 ? 'has-findings' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      class={classes}
      style={style}
      id={`message-${message.index}`}
      data-testid="message"
      data-index={String(message.index)}
      data-sender={message.sender}
      data-recipient={message.recipient}
      data-type={message.type}
      data-findings={findings.length > 0 ? findings.map((finding) => finding.pattern).join(' ') : undefined}
      tabIndex={-1}
    >
      <button
        type="button"
        class="card-head"
        aria-pressed={selected}
        title={`Show the world after message #${message.index}`}
        onClick={() => onSelect(message.index)}
      >
        <span class="index">#{message.index}</span>
        <span class="route">
          <span class={`role-${message.sender}`}>{message.sender}</span> →{' '}
          <span class={`role-${message.recipient}`}>{message.recipient}</span>
        </span>
        {message.seeded ? (
          <span class="chip accent" title="Placed before the episode started">
            seeded
          </span>
        ) : null}
        {message.type !== 'text' ? <BatchChip batch={message.batch} model={model} /> : null}
        <SeenBy visibleTo={message.visibleTo ?? []} />
      </button>
      <FindingMarks message={message} model={model} />
      <MessageBody message={message} model={model} />
      <MatchMarks message={message} model={model} />
    </div>
  );
}
