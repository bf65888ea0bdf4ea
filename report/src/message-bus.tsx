import { Fragment } from 'preact';
import { type BusMessage, type BusModel, LANES, laneOf } from './bus-model';
import { MessageCard } from './message-card';
import { summarizeDiff } from './world-state';
import { WorldDiffTables } from './world-views';

/**
 * The arrow from the sender's lane to the recipient's: it spans the lanes between them and ends, with
 * a head and the recipient's name, in the middle of the recipient's lane.
 */
function Connector({
  from,
  to,
  recipient,
}: {
  readonly from: number;
  readonly to: number;
  readonly recipient: string;
}) {
  if (from < 0 || to < 0 || from === to) return null;
  const span = Math.abs(to - from);
  const half = 50 / span;
  if (to > from) {
    return (
      <div class="connector right" style={{ gridColumn: `${from + 2} / ${to + 2}` }} aria-hidden="true">
        <span class="line" style={{ left: '0', width: `calc(${100 - half}% - 6px)` }} />
        <span class="head" style={{ left: `calc(${100 - half}% - 7px)` }} />
        <span class="to" style={{ left: `calc(${100 - half}% + 4px)` }}>
          {recipient}
        </span>
      </div>
    );
  }
  return (
    <div class="connector left" style={{ gridColumn: `${to + 1} / ${from + 1}` }} aria-hidden="true">
      <span class="line" style={{ left: `calc(${half}% + 6px)`, right: '0' }} />
      <span class="head" style={{ left: `${half}%` }} />
      <span class="to" style={{ right: `calc(${100 - half}% + 4px)` }}>
        {recipient}
      </span>
    </div>
  );
}

interface BusProps {
  readonly model: BusModel;
  readonly firstEpisodeMessage: number;
  readonly selected: number;
  readonly flash: number | null;
  readonly onSelect: (index: number) => void;
}

function BusRow({ message, ...props }: BusProps & { readonly message: BusMessage }) {
  const lane = laneOf(message.sender);
  const change = props.model.changeByIndex.get(message.index);
  return (
    <>
      {message.index === props.firstEpisodeMessage && props.firstEpisodeMessage > 0 && (
        <div class="episode-start" data-testid="episode-start">
          episode starts · messages above were seeded
        </div>
      )}
      <div class="lane-grid bus-row">
        <MessageCard
          message={message}
          model={props.model}
          selected={props.selected === message.index}
          flash={props.flash === message.index}
          onSelect={props.onSelect}
          style={{ gridColumn: String(lane + 1) }}
        />
        <Connector from={lane} to={laneOf(message.recipient)} recipient={message.recipient} />
      </div>
      {change && (
        <div class="world-change" data-testid="world-change" data-message-index={String(message.index)}>
          <div class="world-change-head">
            <strong>World changed</strong>
            <span class="muted">after #{message.index}</span>
            <span class="mono small">{summarizeDiff(change)}</span>
            <button type="button" onClick={() => props.onSelect(message.index)}>
              world at #{message.index}
            </button>
          </div>
          <WorldDiffTables diff={change} />
        </div>
      )}
    </>
  );
}

/** The message bus in three lanes (user, agent, executor), system prompts collapsed above. */
export function MessageBus(props: BusProps) {
  const { model } = props;
  return (
    <section class="bus" aria-label="Message bus" data-testid="message-bus">
      <div class="lane-grid lane-heads">
        {LANES.map((role, lane) => (
          <div key={role} class={`lane-bg-${lane}`}>
            {role}
          </div>
        ))}
      </div>
      {model.system.length > 0 && (
        <details class="system-messages" data-testid="system-messages">
          <summary>
            {model.system.length} system message{model.system.length === 1 ? '' : 's'} (prompts)
          </summary>
          {model.system.map((message) => (
            <MessageCard
              key={message.index}
              message={message}
              model={model}
              selected={props.selected === message.index}
              flash={props.flash === message.index}
              onSelect={props.onSelect}
            />
          ))}
        </details>
      )}
      <div class="bus-rows">
        {model.lanes.map((message) => (
          <Fragment key={message.index}>
            <BusRow message={message} {...props} />
          </Fragment>
        ))}
        {model.lanes.length === 0 && (
          <p class="muted" style={{ padding: '8px 12px' }}>
            No messages.
          </p>
        )}
      </div>
    </section>
  );
}
