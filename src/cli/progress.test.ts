import { describe, expect, it } from 'vitest';
import { progressReporter } from './progress.js';
import { terminalSafe } from './terminal-safe.js';

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
    // Three episodes within 100 ms: the first and the last are drawn, not the one between.
    expect(bars).toHaveLength(2);
    expect(bars[1]).toMatch(/^\r\[#{24}\] 3\/3 episodes, 1 failed, \$0\.7500/);
    expect(written.at(-1)).toBe('\ndone: 2 scored, 1 failed, 0 not run, $0.7500, 1.5 s\n');
  });

  it('says when a cost leaves out an unpriced model', () => {
    const { stream, written } = fakeStream(true);
    const reporter = progressReporter(stream);
    reporter({ type: 'run-start', runId: 'r', total: 1, alreadyDone: 0 });
    reporter({ type: 'unpriced-model', model: 'openai-compatible:local' });
    reporter({
      type: 'episode-end',
      benchmark: 'b',
      caseId: 'a',
      trial: 0,
      status: 'scored',
      score: 1,
      cost: 0,
      error: null,
    });
    reporter({ type: 'run-end', runId: 'r', scored: 1, failed: 0, notRun: 0, cost: 0, seconds: 1 });
    expect(written.find((text) => text.startsWith('\r'))).toContain('$0.0000 + unpriced');
    expect(written.at(-1)).toBe('\ndone: 1 scored, 0 failed, 0 not run, $0.0000 + unpriced, 1.0 s\n');
  });

  it('prints plain lines elsewhere: failures at once, progress at time intervals', () => {
    const { stream, written } = fakeStream(false);
    // Each episode takes 6 s of the fake clock; a line at most every 10 s.
    let clock = 0;
    const reporter = progressReporter(stream, 10_000, () => clock);
    reporter({ type: 'run-start', runId: 'r', total: 4, alreadyDone: 1 });
    for (const caseId of ['a', 'b', 'c']) {
      clock += 6_000;
      reporter({
        type: 'episode-end',
        benchmark: 'sandbox',
        caseId,
        trial: 0,
        status: caseId === 'b' ? 'failed' : 'scored',
        score: 1,
        cost: 0.25,
        error: caseId === 'b' ? 'HTTP 503 \u001b[2J' : null,
      });
    }
    reporter({ type: 'run-end', runId: 'r', scored: 2, failed: 1, notRun: 0, cost: 0.75, seconds: 1.5 });
    expect(written.some((text) => text.includes('\r') || text.includes('\u001b'))).toBe(false);
    expect(written).toContain('failed b#0: HTTP 503 \\x1b[2J\n');
    expect(written.filter((text) => /^\d+\/3 episodes/.test(text))).toEqual([expect.stringMatching(/^2\/3 episodes/)]);
    expect(written.at(-1)).toBe('done: 2 scored, 1 failed, 0 not run, $0.7500, 1.5 s\n');
  });

  it('makes model text terminal-safe: escapes shown, never sent', () => {
    expect(terminalSafe('a\u001b]0;title\u0007b\u009bc\u202ed\nok\te')).toBe(
      'a\\x1b]0;title\\x07b\\x9bc\\u202ed\nok\te',
    );
    expect(terminalSafe('x\ny', { singleLine: true })).toBe('x\\x0ay');
  });
});
