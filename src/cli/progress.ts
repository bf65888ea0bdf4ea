import type { RunEvent, RunEventListener } from '../runs/index.js';
import { terminalSafe } from './terminal-safe.js';

/** How often a non-terminal (CI log, pipe) gets a progress line: every 10 seconds, however fast episodes go. */
export const PLAIN_PROGRESS_INTERVAL_MS = 10_000;

/** How often a terminal's progress line is redrawn, at most. */
export const TTY_REDRAW_MS = 100;

/**
 * Shows a run's progress: on a terminal, one line redrawn in place (done, failed, cost, rate, ETA);
 * elsewhere (CI logs, pipes), a plain line at most every `intervalMs` (time, not episode count, so a
 * slow run still shows life and a fast one does not flood the log) and at the end. Failures are
 * printed at once, made terminal-safe. A subscriber to run events, nothing more.
 */
export function progressReporter(
  stream: NodeJS.WriteStream = process.stderr,
  intervalMs = PLAIN_PROGRESS_INTERVAL_MS,
  now: () => number = () => performance.now(),
): RunEventListener {
  const tty = stream.isTTY === true;
  let total = 0;
  let done = 0;
  let failed = 0;
  let cost = 0;
  /** A model without a price played: the dollar figure is a lower bound, and says so. */
  let unpriced = false;
  let started = 0;
  let lastDrawn = Number.NEGATIVE_INFINITY;
  let lastLine = 0;
  let lastWaiting = -1;
  const costText = (dollars: number) => (unpriced ? `$${dollars.toFixed(4)} + unpriced` : `$${dollars.toFixed(4)}`);
  const line = () => {
    const finished = done + failed;
    const elapsed = (now() - started) / 1000;
    const rate = finished / Math.max(elapsed, 1e-9);
    const remaining = total - finished;
    const eta = rate > 0 ? `${Math.ceil(remaining / rate)}s` : '?';
    const width = 24;
    const filled = total === 0 ? width : Math.round((finished / total) * width);
    const bar = tty ? `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ` : '';
    return `${bar}${finished}/${total} episodes, ${failed} failed, ${costText(cost)}, ${rate.toFixed(1)}/s, ETA ${eta}`;
  };
  return (event: RunEvent) => {
    switch (event.type) {
      case 'run-start':
        total = event.total - event.alreadyDone;
        started = now();
        lastLine = started;
        stream.write(
          `run ${event.runId}: ${total} episodes to play${event.alreadyDone ? ` (${event.alreadyDone} already done)` : ''}\n`,
        );
        break;
      case 'episode-start':
        break;
      case 'episode-end':
        if (event.status === 'scored') done += 1;
        else failed += 1;
        cost += event.cost;
        if (event.status === 'failed' && !tty)
          stream.write(
            `failed ${terminalSafe(`${event.caseId}#${event.trial}: ${event.error}`, { singleLine: true })}\n`,
          );
        // A terminal line is redrawn at most every TTY_REDRAW_MS (and for the last episode): redrawing
        // it for each of 8,000 fast episodes wrote 700 KB of progress.
        if (tty) {
          if (now() - lastDrawn >= TTY_REDRAW_MS || done + failed === total) {
            lastDrawn = now();
            stream.write(`\r${line()}\u001b[K`);
          }
        } else if (now() - lastLine >= intervalMs) {
          lastLine = now();
          stream.write(`${line()}\n`);
        }
        break;
      case 'budget-reached':
        stream.write(
          `${tty ? '\n' : ''}cost limit reached ($${event.cost.toFixed(4)} of $${event.maxCost}): no new episodes start\n`,
        );
        break;
      case 'unpriced-model':
        unpriced = true;
        stream.write(
          `${tty ? '\n' : ''}no price for ${event.model} in the price table: its cost is recorded as unpriced (add it under "prices" in the config)\n`,
        );
        break;
      case 'waiting-for-claims':
        if (event.episodes !== lastWaiting) {
          lastWaiting = event.episodes;
          stream.write(
            `${tty ? '\n' : ''}waiting for ${event.episodes} episode${event.episodes === 1 ? '' : 's'} another process is playing (${event.owners.join(', ') || 'claims expiring'})\n`,
          );
        }
        break;
      case 'run-end':
        stream.write(
          `${tty ? '\n' : ''}${event.interrupted ? 'interrupted' : 'done'}: ${event.scored} scored, ${event.failed} failed, ${event.notRun} not run, ${costText(event.cost)}, ${event.seconds.toFixed(1)} s\n`,
        );
        break;
    }
  };
}
