import type { ModelAdapter, ModelRequest, ModelResponse } from '../../spec/index.js';
import { InfrastructureError } from '../../spec/index.js';
import { AdaptiveConcurrencyLimiter } from './adaptive-concurrency.js';

/**
 * Limits how many requests run at once against one provider endpoint, and holds its circuit breaker.
 * The limit adapts (see `AdaptiveConcurrencyLimiter`): it starts at `concurrency`, which stays its
 * ceiling, halves on a burst of 429s and grows back by one per window of answered requests.
 */
export class EndpointLimiter {
  readonly breaker: CircuitBreaker;
  private readonly slots: AdaptiveConcurrencyLimiter;

  constructor(
    readonly concurrency: number,
    breakerPolicy: CircuitBreakerPolicy = DEFAULT_CIRCUIT_BREAKER_POLICY,
  ) {
    if (!(concurrency >= 1)) throw new RangeError(`endpoint concurrency must be at least 1, got ${concurrency}`);
    this.breaker = new CircuitBreaker(breakerPolicy);
    // Latency is not a congestion signal here: batching servers get slower per request as they serve more.
    this.slots = new AdaptiveConcurrencyLimiter({
      ceiling: concurrency,
      initial: concurrency,
      latencyTolerance: Number.POSITIVE_INFINITY,
    });
  }

  /** Requests allowed at once right now (at most `concurrency`). */
  get limit(): number {
    return this.slots.limit;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    return this.slots.run(task);
  }
}

export interface RetryPolicy {
  /** Attempts per request, the first included (default 6). */
  readonly maxAttempts: number;
  /** First backoff; doubles each retry (default 1 s). */
  readonly baseDelayMs: number;
  /** Longest wait between attempts, `Retry-After` included (default 60 s). */
  readonly maxDelayMs: number;
  /** Time limit of one request (default 120 s). */
  readonly timeoutMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 6,
  baseDelayMs: 1000,
  maxDelayMs: 60_000,
  timeoutMs: 120_000,
};

interface RetryHints {
  readonly retryable?: boolean;
  readonly retryAfterMs?: number;
  readonly options?: { readonly retryable?: boolean };
}

/**
 * A model adapter made fit for long runs: requests queue behind their endpoint's limiter, each has a
 * time limit, and failures that may pass (429, 5xx, timeouts, dropped connections) are retried with
 * exponential backoff and full jitter, waiting at least what `Retry-After` asks. A failure that will not
 * pass (a 400, a bad key) or one that outlasts the attempts becomes an `InfrastructureError`, which ends
 * that episode as failed — not the whole run.
 */
export class ResilientModelAdapter implements ModelAdapter {
  readonly id: string;
  readonly endpoint?: string;

  constructor(
    private readonly inner: ModelAdapter,
    private readonly limiter: EndpointLimiter,
    private readonly policy: RetryPolicy = DEFAULT_RETRY_POLICY,
    private readonly random: () => number = Math.random,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {
    this.id = inner.id;
    if (inner.endpoint !== undefined) this.endpoint = inner.endpoint;
  }

  /** How the endpoint is named in errors: its URL without credentials, or the model id. */
  /** An error's message without the model label the adapter already put in front (it is added once). */
  private unlabelled(error: unknown): string {
    const message = messageOf(error);
    return message.startsWith(`${this.id}: `) ? message.slice(this.id.length + 2) : message;
  }

  private get endpointName(): string {
    return this.endpoint ?? this.id;
  }

  async generate(request: ModelRequest): Promise<ModelResponse> {
    let lastError: unknown;
    for (let attempt = 1; attempt <= this.policy.maxAttempts; attempt += 1) {
      if (request.signal?.aborted) throw new InfrastructureError(`${this.id}: cancelled`);
      this.limiter.breaker.check(this.endpointName);
      try {
        const response = await this.limiter.run(() => {
          this.limiter.breaker.check(this.endpointName);
          return withTimeLimit(this.policy.timeoutMs, request.signal, (signal) =>
            this.inner.generate({ ...request, signal }),
          );
        });
        this.limiter.breaker.recordSuccess();
        return response;
      } catch (error) {
        lastError = error;
        if (error instanceof CircuitOpenError) throw error;
        if (request.signal?.aborted) throw new InfrastructureError(`${this.id}: cancelled`, { cause: error });
        this.limiter.breaker.record(error);
        if (!isRetryable(error)) {
          throw new InfrastructureError(`${this.id}: ${this.unlabelled(error)} (not retryable)`, {
            cause: error,
            retryable: false,
          });
        }
        if (attempt === this.policy.maxAttempts) break;
        await this.sleep(this.delayBefore(attempt + 1, error as RetryHints));
      }
    }
    throw new InfrastructureError(
      `${this.id}: gave up after ${this.policy.maxAttempts} attempts: ${this.unlabelled(lastError)}`,
      {
        cause: lastError,
        retryable: true,
      },
    );
  }

  /** Full jitter over an exponential ceiling, but never less than the server's `Retry-After`. */
  private delayBefore(attempt: number, hints: RetryHints): number {
    const ceiling = Math.min(this.policy.maxDelayMs, this.policy.baseDelayMs * 2 ** (attempt - 2));
    const jittered = ceiling * (0.5 + this.random() / 2);
    const asked = hints.retryAfterMs ?? 0;
    return Math.min(this.policy.maxDelayMs, Math.max(jittered, asked));
  }
}

/**
 * Runs `task` with a signal that aborts when `outer` does or after `ms` (then with the `TimeoutError`
 * that `AbortSignal.timeout` gives). The same as `AbortSignal.any([outer, AbortSignal.timeout(ms)])`,
 * but its timer is cleared as soon as the task settles, and `outer` (the run's signal, shared by every
 * request) carries one listener for all of them: those two kept a 120 s timer and a weak dependant
 * alive for every request, and an event listener per request under way makes each new one slower to add.
 */
async function withTimeLimit<T>(
  ms: number,
  outer: AbortSignal | undefined,
  task: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    ms,
  );
  timer.unref();
  const unfollow = outer ? follow(outer, controller) : undefined;
  try {
    return await task(controller.signal);
  } finally {
    clearTimeout(timer);
    unfollow?.();
  }
}

/** The controllers that abort with each outer signal (one listener per signal, whatever their number). */
const followers = new WeakMap<AbortSignal, Set<AbortController>>();

/** Makes `controller` abort when `outer` does; returns how to stop following. */
function follow(outer: AbortSignal, controller: AbortController): () => void {
  if (outer.aborted) {
    controller.abort(outer.reason);
    return () => {};
  }
  let set = followers.get(outer);
  if (set === undefined) {
    const created = new Set<AbortController>();
    outer.addEventListener(
      'abort',
      () => {
        for (const follower of created) follower.abort(outer.reason);
        created.clear();
      },
      { once: true },
    );
    followers.set(outer, created);
    set = created;
  }
  set.add(controller);
  const following = set;
  return () => following.delete(controller);
}

/** When an endpoint counts as down: after this many consecutive outage-like failures, for this long. */
export interface CircuitBreakerPolicy {
  /** Consecutive timeouts, 5xx replies or refused/dropped connections that open the circuit (default 5). */
  readonly failureThreshold: number;
  /** How long an open circuit fails requests at once before letting one through to probe (default 60 s). */
  readonly cooldownMs: number;
  /**
   * The threshold while the endpoint has never answered — no reply of any status, only time-outs and
   * refused connections (default 2): a server that is silent from the start is not given five time limits plus backoff (about 10 minutes at the default limit) before the
   * run learns it is down. Once it has answered, `failureThreshold` applies.
   */
  readonly coldFailureThreshold?: number;
}

export const DEFAULT_CIRCUIT_BREAKER_POLICY: CircuitBreakerPolicy = {
  failureThreshold: 5,
  cooldownMs: 60_000,
  coldFailureThreshold: 2,
};

/** A request refused without being sent, because its endpoint's circuit is open. */
export class CircuitOpenError extends InfrastructureError {
  constructor(message: string) {
    super(message, { retryable: false });
  }
}

/**
 * A circuit breaker for one endpoint. Timeouts, 5xx replies and refused or dropped connections count
 * as outage; any answer that is not one (a success, a 400, a 429) resets the count. Once the count
 * reaches the threshold, requests fail at once with a clear {@link CircuitOpenError} for the cooldown
 * — a hung server costs a few timeouts, not 120 s × 6 attempts per episode — and afterwards requests
 * are let through again: one success closes the circuit, one more failure opens it again.
 */
export class CircuitBreaker {
  private consecutiveFailures = 0;
  private lastFailureAt = 0;
  private lastFailure = '';
  /** Whether the endpoint has ever answered (a success, or an answer that is not an outage, e.g. a 400). */
  private answered = false;

  constructor(
    readonly policy: CircuitBreakerPolicy = DEFAULT_CIRCUIT_BREAKER_POLICY,
    private readonly now: () => number = Date.now,
  ) {}

  get isOpen(): boolean {
    const threshold = this.answered
      ? this.policy.failureThreshold
      : Math.min(this.policy.coldFailureThreshold ?? this.policy.failureThreshold, this.policy.failureThreshold);
    return this.consecutiveFailures >= threshold && this.now() - this.lastFailureAt < this.policy.cooldownMs;
  }

  /** @throws CircuitOpenError while the circuit is open. */
  check(endpoint: string): void {
    if (!this.isOpen) return;
    const seconds = Math.ceil((this.policy.cooldownMs - (this.now() - this.lastFailureAt)) / 1000);
    throw new CircuitOpenError(
      `${endpoint}: not sent — the last ${this.consecutiveFailures} requests to this endpoint timed out or failed (${this.lastFailure}); failing fast for ${seconds} s instead of retrying. Is the server up?`,
    );
  }

  recordSuccess(): void {
    this.consecutiveFailures = 0;
    this.answered = true;
  }

  /** Counts a failure if it looks like an outage; resets the count for any other answer. */
  record(error: unknown): void {
    if (!isOutage(error)) {
      this.consecutiveFailures = 0;
      this.answered = true;
      return;
    }
    // A 5xx is an outage, but the server did answer: only silence and refused connections keep it cold.
    if (typeof httpStatus(error) === 'number') this.answered = true;
    this.consecutiveFailures += 1;
    this.lastFailureAt = this.now();
    this.lastFailure = messageOf(error).slice(0, 200);
  }
}

/** A timeout, a 5xx, or a connection that could not be made or was dropped. */
export function isOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = httpStatus(error);
  if (typeof status === 'number') return status >= 500;
  if (error.name === 'TimeoutError' || /timed out/i.test(error.message)) return true;
  if (/cannot reach|ECONNREFUSED|ECONNRESET|socket/i.test(error.message)) return true;
  const code = (error as { code?: string }).code ?? (error.cause as { code?: string } | undefined)?.code;
  return typeof code === 'string' && /^(ECONN|ETIMEDOUT|EPIPE|UND_ERR)/.test(code);
}

/** The HTTP status an error carries, when the server answered with one. */
function httpStatus(error: unknown): unknown {
  return (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
}

/** Whether a failed request may succeed if tried again. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const hints = error as RetryHints;
  if (typeof hints.retryable === 'boolean') return hints.retryable;
  if (typeof hints.options?.retryable === 'boolean') return hints.options.retryable;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  const code = (error as { code?: string }).code ?? (error.cause as { code?: string } | undefined)?.code;
  return ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT'].includes(
    code ?? '',
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
