import type { RunEvent, RunEventListener } from '../runs/index.js';

/**
 * Shows a run's progress: on a terminal, one line redrawn in place (done, failed, cost, rate, ETA);
 * elsewhere (CI logs, pipes), a plain line every `every` episodes and at the end. A subscriber to run
 * events, nothing more.
 */
export function progressReporter(stream: NodeJS.WriteStream = process.stderr, every = 50): RunEventListener {
  const tty = stream.isTTY === true;
  let total = 0;
  let done = 0;
  let failed = 0;
  let cost = 0;
  let started = 0;
  let sinceLine = 0;
  const line = () => {
    const finished = done + failed;
    const elapsed = (performance.now() - started) / 1000;
    const rate = finished / Math.max(elapsed, 1e-9);
    const remaining = total - finished;
    const eta = rate > 0 ? `${Math.ceil(remaining / rate)}s` : '?';
    const width = 24;
    const filled = total === 0 ? width : Math.round((finished / total) * width);
    const bar = tty ? `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ` : '';
    return `${bar}${finished}/${total} episodes, ${failed} failed, $${cost.toFixed(4)}, ${rate.toFixed(1)}/s, ETA ${eta}`;
  };
  return (event: RunEvent) => {
    switch (event.type) {
      case 'run-start':
        total = event.total - event.alreadyDone;
        started = performance.now();
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
        sinceLine += 1;
        if (event.status === 'failed' && !tty) stream.write(`failed ${event.caseId}#${event.trial}: ${event.error}\n`);
        if (tty) stream.write(`\r${line()}\u001b[K`);
        else if (sinceLine >= every) {
          sinceLine = 0;
          stream.write(`${line()}\n`);
        }
        break;
      case 'budget-reached':
        stream.write(
          `${tty ? '\n' : ''}cost limit reached ($${event.cost.toFixed(4)} of $${event.maxCost}): no new episodes start\n`,
        );
        break;
      case 'run-end':
        stream.write(
          `${tty ? '\n' : ''}done: ${event.scored} scored, ${event.failed} failed, ${event.notRun} not run, $${event.cost.toFixed(4)}, ${event.seconds.toFixed(1)} s\n`,
        );
        break;
    }
  };
}
