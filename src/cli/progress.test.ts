import { describe, expect, it } from 'vitest';
import { progressReporter } from './progress.js';

function fakeStream(isTTY: boolean) {
  const written: string[] = [];
  return { stream: { isTTY, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream, written };
}

function play(reporter: ReturnType<typeof progressReporter>) {
  reporter({ type: 'run-start', runId: 'r', total: 4, alreadyDone: 1 });
  reporter({
    type: 'episode-end',
    benchmark: 'sandbox',
    caseId: 'a',
    trial: 0,
    status: 'scored',
    score: 1,
    cost: 0.5,
    error: null,
  });
  reporter({
    type: 'episode-end',
    benchmark: 'sandbox',
    caseId: 'b',
    trial: 0,
    status: 'failed',
    score: null,
    cost: 0,
    error: 'HTTP 503',
  });
  reporter({
    type: 'episode-end',
    benchmark: 'sandbox',
    caseId: 'c',
    trial: 0,
    status: 'scored',
    score: 0,
    cost: 0.25,
    error: null,
  });
  reporter({ type: 'run-end', runId: 'r', scored: 2, failed: 1, notRun: 0, cost: 0.75, seconds: 1.5 });
}

describe('progress display', () => {
  it('redraws one bar in place on a terminal', () => {
    const { stream, written } = fakeStream(true);
    play(progressReporter(stream));
    expect(written[0]).toBe('run r: 3 episodes to play (1 already done)\n');
    const bars = written.filter((text) => text.startsWith('\r'));
    expect(bars).toHaveLength(3);
    expect(bars[2]).toMatch(/^\r\[#{24}\] 3\/3 episodes, 1 failed, \$0\.7500/);
    expect(written.at(-1)).toBe('\ndone: 2 scored, 1 failed, 0 not run, $0.7500, 1.5 s\n');
  });

  it('prints plain lines elsewhere: failures at once, progress every few episodes', () => {
    const { stream, written } = fakeStream(false);
    play(progressReporter(stream, 2));
    expect(written.some((text) => text.includes('\r'))).toBe(false);
    expect(written).toContain('failed b#0: HTTP 503\n');
    expect(written.filter((text) => /^\d+\/3 episodes/.test(text))).toHaveLength(1);
    expect(written.at(-1)).toBe('done: 2 scored, 1 failed, 0 not run, $0.7500, 1.5 s\n');
  });
});
