import type { ModelAdapter, ModelRequest, ModelResponse } from '../spec/index.js';
import { InfrastructureError } from '../spec/index.js';

/** Something that runs tasks with bounded concurrency (a fixed or an adaptive limit). */
export interface ConcurrencyLimiter {
  run<T>(task: () => Promise<T>): Promise<T>;
}

/** Limits how many requests run at once against one provider endpoint. */
export class EndpointLimiter implements ConcurrencyLimiter {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly concurrency: number) {
    if (!(concurrency >= 1)) throw new RangeError(`endpoint concurrency must be at least 1, got ${concurrency}`);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    try {
      return await task();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
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

  constructor(
    private readonly inner: ModelAdapter,
    private readonly limiter: ConcurrencyLimiter,
    private readonly policy: RetryPolicy = DEFAULT_RETRY_POLICY,
    private readonly random: () => number = Math.random,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {
    this.id = inner.id;
  }

  async generate(request: ModelRequest): Promise<ModelResponse> {
    let lastError: unknown;
    for (let attempt = 1; attempt <= this.policy.maxAttempts; attempt += 1) {
      if (request.signal?.aborted) throw new InfrastructureError(`${this.id}: cancelled`);
      try {
        return await this.limiter.run(() => {
          const timeout = AbortSignal.timeout(this.policy.timeoutMs);
          const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
          return this.inner.generate({ ...request, signal });
        });
      } catch (error) {
        lastError = error;
        if (request.signal?.aborted) throw new InfrastructureError(`${this.id}: cancelled`, { cause: error });
        if (!isRetryable(error)) {
          throw new InfrastructureError(`${this.id}: ${messageOf(error)} (not retryable)`, {
            cause: error,
            retryable: false,
          });
        }
        if (attempt === this.policy.maxAttempts) break;
        await this.sleep(this.delayBefore(attempt + 1, error as RetryHints));
      }
    }
    throw new InfrastructureError(
      `${this.id}: gave up after ${this.policy.maxAttempts} attempts: ${messageOf(lastError)}`,
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
