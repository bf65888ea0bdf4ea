/**
 * Adaptive per-endpoint concurrency (AIMD, as TCP and Inspect do): the number of requests allowed at
 * once against one endpoint grows while the endpoint keeps up and is cut when it says it cannot.
 *
 * - Start: `initial` slots (default the smaller of 4 and the ceiling), doubling every window without
 *   trouble until the first sign of congestion (slow start), then +1 per window (additive increase).
 *   A window is as many completed requests as the current limit.
 * - A 429 (or any error whose `status` is 429) halves the limit (multiplicative decrease), at most once
 *   per window: the requests already in flight when it was cut do not cut it again.
 * - Latency: the baseline is the lowest latency seen; while a window's mean latency is above
 *   `latencyTolerance` × the baseline (the server is queueing), the limit stops growing; above twice that,
 *   it shrinks by a quarter.
 * - The limit never exceeds `ceiling` (`--concurrency`) nor goes below 1.
 *
 * Same `run` as `EndpointLimiter`, so it can stand in for it.
 */
export interface AdaptiveConcurrencyOptions {
  /** The most requests ever allowed at once (the run's `--concurrency`). */
  readonly ceiling: number;
  readonly initial?: number;
  /**
   * Mean latency above this multiple of the baseline stops growth (default 1.5); `Infinity` turns the
   * latency rule off (for servers that batch, whose latency rises with load while throughput still grows).
   */
  readonly latencyTolerance?: number;
  /** Clock in milliseconds (tests pass a fake one). */
  readonly now?: () => number;
}

export class AdaptiveConcurrencyLimiter {
  readonly ceiling: number;
  private limitValue: number;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private slowStart = true;
  /** Completions counted in the current window, and their summed latency. */
  private windowCount = 0;
  private windowLatency = 0;
  private baselineLatency = Number.POSITIVE_INFINITY;
  /** Bumped at every decrease: a request started before it cannot cause another one. */
  private generation = 0;
  private readonly tolerance: number;
  private readonly now: () => number;

  constructor(options: AdaptiveConcurrencyOptions) {
    if (!(options.ceiling >= 1)) throw new RangeError(`concurrency must be at least 1, got ${options.ceiling}`);
    this.ceiling = Math.floor(options.ceiling);
    this.limitValue = Math.max(1, Math.min(this.ceiling, Math.floor(options.initial ?? 4)));
    this.tolerance = options.latencyTolerance ?? 1.5;
    this.now = options.now ?? (() => performance.now());
  }

  /** The number of requests currently allowed at once. */
  get limit(): number {
    return Math.floor(this.limitValue);
  }

  /** Requests running now. */
  get inFlight(): number {
    return this.active;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    while (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    const generation = this.generation;
    const started = this.now();
    try {
      const result = await task();
      this.onSuccess(this.now() - started);
      return result;
    } catch (error) {
      if (isRateLimited(error)) this.onRateLimited(generation);
      throw error;
    } finally {
      this.active -= 1;
      this.wakeUp();
    }
  }

  private onSuccess(latency: number): void {
    if (latency < this.baselineLatency) this.baselineLatency = latency;
    this.windowCount += 1;
    this.windowLatency += latency;
    if (this.windowCount < this.limit) return;
    const mean = this.windowLatency / this.windowCount;
    this.windowCount = 0;
    this.windowLatency = 0;
    const baseline = Math.max(this.baselineLatency, 1);
    if (mean > baseline * this.tolerance * 2) {
      this.decrease(0.75);
    } else if (mean <= baseline * this.tolerance) {
      this.limitValue = Math.min(this.ceiling, this.slowStart ? this.limitValue * 2 : this.limitValue + 1);
    }
  }

  private onRateLimited(generation: number): void {
    if (generation !== this.generation) return;
    this.decrease(0.5);
  }

  private decrease(factor: number): void {
    this.slowStart = false;
    this.generation += 1;
    this.limitValue = Math.max(1, this.limitValue * factor);
    this.windowCount = 0;
    this.windowLatency = 0;
  }

  private wakeUp(): void {
    let free = this.limit - this.active;
    while (free > 0 && this.waiting.length > 0) {
      this.waiting.shift()?.();
      free -= 1;
    }
  }
}

/** Whether an error says "too many requests" (a provider error with status 429). */
function isRateLimited(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 429;
}
