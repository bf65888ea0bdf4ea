import { useEffect, useMemo, useState } from 'preact/hooks';
import type { ReportEpisode } from '../../src/report/report-data';
import { type BusModel, buildBusModel } from './bus-model';
import { EpisodeSummary } from './episode-summary';
import { MessageBus } from './message-bus';
import { MatchPanel } from './milestone-panel';
import type { ReportIndex } from './report-index';
import { type World, worldAtMessage } from './world-state';
import { WorldTables } from './world-views';

const FLASH_MS = 1600;

/** Scrolls a message into view (opening the collapsed system block if it is there) and focuses it. */
function revealMessage(index: number): void {
  const element = document.getElementById(`message-${index}`);
  if (!element) return;
  const details = element.closest('details');
  if (details && !details.open) details.open = true;
  element.scrollIntoView({ block: 'center', behavior: 'smooth' });
  element.focus({ preventScroll: true });
}

/** One episode as the paper draws it: the message bus, the world after each message, and the milestones. */
export function EpisodeView({ index, episode }: { readonly index: ReportIndex; readonly episode: ReportEpisode }) {
  const detail = episode.detail;
  const model = useMemo(() => (detail ? buildBusModel(detail) : undefined), [detail]);
  const [selected, setSelected] = useState<number>(model?.lastIndex ?? -1);
  const [flash, setFlash] = useState<number | null>(null);

  useEffect(() => {
    if (flash === null) return;
    const timer = window.setTimeout(() => setFlash(null), FLASH_MS);
    return () => window.clearTimeout(timer);
  }, [flash]);

  const focusMessage = (messageIndex: number): void => {
    setSelected(messageIndex);
    setFlash(messageIndex);
    requestAnimationFrame(() => revealMessage(messageIndex));
  };

  return (
    <div
      data-testid="episode-viewer"
      data-run-id={episode.runId}
      data-case-id={episode.caseId}
      data-trial={String(episode.trial)}
    >
      <EpisodeSummary index={index} episode={episode} onFocusMessage={detail ? focusMessage : undefined} />
      {detail && model ? (
        <div class="episode-body">
          <MessageBus
            model={model}
            firstEpisodeMessage={detail.firstEpisodeMessage}
            selected={selected}
            flash={flash}
            onSelect={setSelected}
          />
          <aside class="side" aria-label="Milestones and world state">
            <MatchPanel
              kind="milestone"
              graph={detail.milestoneGraph}
              matches={detail.milestones ?? []}
              score={detail.milestoneScore}
              onFocus={focusMessage}
            />
            <MatchPanel
              kind="minefield"
              graph={detail.minefieldGraph}
              matches={detail.minefields ?? []}
              score={detail.minefieldScore}
              onFocus={focusMessage}
            />
            <WorldPanel index={index} detail={detail} model={model} selected={selected} onSelect={setSelected} />
          </aside>
        </div>
      ) : (
        <p class="notice" data-testid="no-trajectory">
          This episode failed before it produced a trajectory: there are no messages to show.
        </p>
      )}
    </div>
  );
}

/** The full world after the selected message (the initial world with every change up to it applied). */
function WorldPanel({
  index,
  detail,
  model,
  selected,
  onSelect,
}: {
  readonly index: ReportIndex;
  readonly detail: NonNullable<ReportEpisode['detail']>;
  readonly model: BusModel;
  readonly selected: number;
  readonly onSelect: (index: number) => void;
}) {
  const initial: World | undefined = index.data.worlds[detail.initialWorld];
  const changes = detail.worldChanges ?? [];
  const primaryKeys = index.data.tablePrimaryKeys;
  const world = useMemo(
    () => worldAtMessage(initial ?? {}, changes, selected, primaryKeys),
    [initial, changes, selected, primaryKeys],
  );
  const changeIndices = changes.map((change) => change.messageIndex).sort((a, b) => a - b);
  const previousChange = [...changeIndices].reverse().find((messageIndex) => messageIndex < selected);
  const nextChange = changeIndices.find((messageIndex) => messageIndex > selected);
  const diff = model.changeByIndex.get(selected);
  return (
    <section data-testid="world-panel" data-message-index={String(selected)}>
      <h3>{selected < 0 ? 'Initial world' : `World after message #${selected}`}</h3>
      <div class="toolbar" style={{ margin: '0 0 6px' }}>
        <button type="button" onClick={() => onSelect(-1)} disabled={selected < 0}>
          initial
        </button>
        <button
          type="button"
          onClick={() => previousChange !== undefined && onSelect(previousChange)}
          disabled={previousChange === undefined}
        >
          ‹ previous change
        </button>
        <button
          type="button"
          onClick={() => nextChange !== undefined && onSelect(nextChange)}
          disabled={nextChange === undefined}
        >
          next change ›
        </button>
        <button type="button" onClick={() => onSelect(model.lastIndex)} disabled={selected === model.lastIndex}>
          final
        </button>
      </div>
      <p class="caption" style={{ marginTop: 0 }}>
        Click a message to see the world after it.{' '}
        {diff ? 'Rows this message added or changed are highlighted.' : 'This message changed nothing.'}
      </p>
      {initial === undefined ? (
        <p class="muted small">The initial world ({detail.initialWorld}) is missing from this report.</p>
      ) : (
        <WorldTables world={world} diff={diff} />
      )}
    </section>
  );
}
