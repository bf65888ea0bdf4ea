import { describe, expect, it } from 'vitest';
import { AdaptiveConcurrencyLimiter } from './adaptive-concurrency.js';
import { EndpointLimiter } from './resilient-model.js';

/** A task that finishes when the test says so. */
function deferred() {
  let finish: (value?: unknown) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const promise = new Promise((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { promise, finish, fail };
}

describe('adaptive concurrency', () => {
  it('grows to the ceiling while latency holds and never runs more than the limit', async () => {
    // Every request takes no time: the endpoint keeps up whatever the concurrency.
    const limiter = new AdaptiveConcurrencyLimiter({ ceiling: 16, initial: 2, now: () => 0 });
    let running = 0;
    let most = 0;
    const task = async () => {
      running += 1;
      most = Math.max(most, running, limiter.inFlight);
      expect(limiter.inFlight).toBeLessThanOrEqual(limiter.limit);
      await Promise.resolve();
      running -= 1;
    };
    await Promise.all(Array.from({ length: 400 }, () => limiter.run(task)));
    expect(limiter.limit).toBe(16);
    expect(most).toBeLessThanOrEqual(16);
    expect(most).toBeGreaterThan(2);
  });

  it('halves on a burst of 429s only once, then grows back by one per window', async () => {
    const limiter = new AdaptiveConcurrencyLimiter({ ceiling: 32, initial: 16, now: () => 0 });
    const pending = Array.from({ length: 16 }, () => deferred());
    const runs = pending.map((task) => limiter.run(() => task.promise).catch((error: unknown) => error));
    await Promise.resolve();
    expect(limiter.inFlight).toBe(16);
    for (const task of pending) task.fail(Object.assign(new Error('slow down'), { status: 429 }));
    await Promise.all(runs);
    expect(limiter.limit).toBe(8);
    // A full window of successes after the cut: +1, not doubling (slow start is over).
    await Promise.all(Array.from({ length: 8 }, () => limiter.run(async () => undefined)));
    expect(limiter.limit).toBe(9);
    // Other failures do not cut it.
    await limiter.run(async () => Promise.reject(new Error('bad request'))).catch(() => undefined);
    expect(limiter.limit).toBe(9);
  });

  it('stops growing when latency climbs and shrinks when the endpoint is queueing', async () => {
    let clock = 0;
    let latency = 10;
    const limiter = new AdaptiveConcurrencyLimiter({ ceiling: 64, initial: 4, now: () => clock });
    const task = async () => {
      clock += latency;
    };
    for (let index = 0; index < 4; index += 1) await limiter.run(task);
    expect(limiter.limit).toBe(8);
    latency = 14; // within 1.5× of the 10 ms baseline: still grows
    for (let index = 0; index < 8; index += 1) await limiter.run(task);
    expect(limiter.limit).toBe(16);
    latency = 20; // above 1.5×: holds
    for (let index = 0; index < 32; index += 1) await limiter.run(task);
    expect(limiter.limit).toBe(16);
    latency = 40; // above 3×: shrinks by a quarter
    for (let index = 0; index < 16; index += 1) await limiter.run(task);
    expect(limiter.limit).toBe(12);
  });

  it('rejects a ceiling below 1', () => {
    expect(() => new AdaptiveConcurrencyLimiter({ ceiling: 0 })).toThrow(/at least 1/);
  });
});

describe('endpoint limiter', () => {
  it('adapts within its concurrency: halves on 429s and grows back', async () => {
    const limiter = new EndpointLimiter(8);
    expect(limiter.limit).toBe(8);
    await limiter.run(() => Promise.reject(Object.assign(new Error('busy'), { status: 429 }))).catch(() => undefined);
    expect(limiter.limit).toBe(4);
    await Promise.all(Array.from({ length: 4 }, () => limiter.run(async () => undefined)));
    expect(limiter.limit).toBe(5);
  });
});
