import { APICallError } from 'ai';
import { InfrastructureError, type TokenUsage } from '../../spec/index.js';
import { RedirectRefusedError, ReplyTooLargeError } from './bounded-fetch.js';
import { redactUrls } from './endpoint.js';

/** What a {@link ProviderError} knows about the failed request, beyond its message. */
export interface ProviderErrorDetails {
  /** `openai`, `anthropic`, `google` or `openai-compatible`. */
  readonly provider: string;
  readonly model: string;
  /** The HTTP status, when the provider answered at all. */
  readonly status?: number;
  /** Whether the same request may succeed later (429, 408, 5xx, timeouts, dropped connections). */
  readonly retryable: boolean;
  /** How long the provider asked us to wait (`retry-after-ms` or `Retry-After`), in milliseconds. */
  readonly retryAfterMs?: number;
  /** A redacted description of the underlying error, for logs. */
  readonly cause?: unknown;
  /** Tokens the provider billed for a reply that was then refused (e.g. tool arguments over the limit). */
  readonly usage?: TokenUsage;
}

/**
 * A model provider failed to answer: an HTTP error, a dropped or refused connection, a timeout, or a
 * reply that was not in the provider's format. It is an {@link InfrastructureError} (same `name`), so an
 * episode that meets one ends as an infrastructure failure and is not counted against the model. The
 * run layer reads `retryable` and `retryAfterMs` to decide whether and when to try again.
 *
 * The message names the provider, the model, the status and a short excerpt of the reply body; API keys
 * and other secrets are removed from it and from `cause`.
 */
export class ProviderError extends InfrastructureError {
  readonly provider: string;
  readonly model: string;
  readonly status?: number;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  /** Tokens billed for the refused reply, so that its cost is still counted. */
  readonly usage?: TokenUsage;

  constructor(message: string, details: ProviderErrorDetails) {
    super(message, { cause: details.cause, retryable: details.retryable });
    this.provider = details.provider;
    this.model = details.model;
    this.retryable = details.retryable;
    if (details.status !== undefined) this.status = details.status;
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs;
    if (details.usage !== undefined) this.usage = details.usage;
  }
}

/** The request a failure belongs to, and the secrets that must not leak into the error. */
export interface FailedRequestContext {
  readonly provider: string;
  readonly model: string;
  /** Strings (API keys, auth header values) to blank out of every message and body excerpt. */
  readonly secrets: readonly string[];
  /** The caller's abort signal, to tell a timeout or a cancellation from a provider failure. */
  readonly signal?: AbortSignal;
}

const BODY_EXCERPT_LENGTH = 300;

const RETRYABLE_NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Whether an HTTP status means "try again later" rather than "this request is wrong". */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/**
 * Reads how long to wait from `retry-after-ms` (milliseconds) or `Retry-After` (seconds, or an HTTP
 * date). Header names are matched without regard to case. Returns undefined when neither is usable.
 */
export function parseRetryAfter(
  headers: Readonly<Record<string, string | undefined>> | undefined,
  now: () => number = Date.now,
): number | undefined {
  if (!headers) return undefined;
  const lookup = (name: string) =>
    Object.entries(headers)
      .find(([key]) => key.toLowerCase() === name)?.[1]
      ?.trim();
  const milliseconds = lookup('retry-after-ms');
  if (milliseconds && /^\d+(\.\d+)?$/.test(milliseconds)) return Math.round(Number(milliseconds));
  const retryAfter = lookup('retry-after');
  if (!retryAfter) return undefined;
  if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.round(Number(retryAfter) * 1000);
  const date = Date.parse(retryAfter);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now());
}

/**
 * Replaces every occurrence of each secret in `text` (secrets shorter than 4 characters are ignored),
 * longest first so that a secret containing another is removed whole, and removes credentials from
 * every URL in it. Always redact the whole text first and cut it afterwards ({@link redactedExcerpt}):
 * cutting first could leave part of a secret at the cut, where it no longer matches.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let redacted = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret.length >= 4) redacted = redacted.split(secret).join('[redacted]');
  }
  return redactUrls(redacted);
}

/** A provider's text made safe to keep: secrets removed from the whole text, then cut to `length`. */
export function redactedExcerpt(text: string, secrets: readonly string[], length = BODY_EXCERPT_LENGTH): string {
  const flat = redactSecrets(text, secrets).replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length)}…` : flat;
}

/**
 * Turns anything `generateText` threw into a {@link ProviderError}, or returns it unchanged when it
 * already is one. HTTP failures keep their status, body excerpt and `Retry-After`; network failures
 * (refused, reset, timed out) are retryable; a cancellation by the caller is not.
 */
export function toProviderError(error: unknown, context: FailedRequestContext): ProviderError {
  if (error instanceof ProviderError) return error;
  const failure = unwrapRetryError(error);
  const label = `${context.provider}:${context.model}`;
  const redact = (text: string) => redactSecrets(text, context.secrets);
  const cause = redactedCause(failure, redact);

  if (context.signal?.aborted) {
    const timedOut = isTimeout(context.signal.reason) || isTimeout(failure);
    const what = timedOut ? 'timed out' : 'was cancelled';
    return new ProviderError(`${label}: the request ${what}`, { ...base(context), retryable: timedOut, cause });
  }
  if (failure instanceof ReplyTooLargeError || failure instanceof RedirectRefusedError) {
    return new ProviderError(`${label}: ${redact(failure.message)}`, { ...base(context), retryable: false, cause });
  }
  if (APICallError.isInstance(failure)) {
    const status = failure.statusCode;
    const excerpt = failure.responseBody ? ` — ${redactedExcerpt(failure.responseBody, context.secrets)}` : '';
    if (status === undefined) {
      const message = `${label}: cannot reach the provider: ${redact(failure.message)}`;
      return new ProviderError(message, { ...base(context), retryable: failure.isRetryable, cause });
    }
    if (status < 400) {
      const message = `${label}: the reply (HTTP ${status}) is not in the provider's format: ${redact(failure.message)}${excerpt}`;
      return new ProviderError(message, { ...base(context), status, retryable: false, cause });
    }
    const retryAfterMs = parseRetryAfter(failure.responseHeaders);
    return new ProviderError(`${label}: request failed with HTTP ${status}${excerpt}`, {
      ...base(context),
      status,
      retryable: isRetryableStatus(status),
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      cause,
    });
  }
  const message = redact(failure instanceof Error ? failure.message : String(failure));
  if (isTimeout(failure)) {
    return new ProviderError(`${label}: the request timed out (${message})`, {
      ...base(context),
      retryable: true,
      cause,
    });
  }
  if (networkCodeOf(failure) !== undefined) {
    return new ProviderError(`${label}: cannot reach the provider (${message})`, {
      ...base(context),
      retryable: true,
      cause,
    });
  }
  const kind = failure instanceof Error ? failure.name : 'error';
  return new ProviderError(`${label}: the request failed: ${kind}: ${redactedExcerpt(message, context.secrets)}`, {
    ...base(context),
    retryable: false,
    cause,
  });
}

function base(context: FailedRequestContext): { provider: string; model: string } {
  return { provider: context.provider, model: context.model };
}

/** `generateText` wraps failures in a RetryError when it retried; with `maxRetries: 0` it rarely does. */
function unwrapRetryError(error: unknown): unknown {
  if (error instanceof Error && error.name === 'AI_RetryError' && 'lastError' in error) return error.lastError;
  return error;
}

function isTimeout(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === 'TimeoutError' || networkCodeOf(error)?.includes('TIMEOUT') === true)
  );
}

/** The first network error code (ECONNRESET, UND_ERR_SOCKET, …) found along the `cause` chain. */
function networkCodeOf(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE_NETWORK_CODES.has(code)) return code;
    current = current.cause;
  }
  return undefined;
}

/**
 * A plain copy of the error for `cause`: its name, redacted message and network code. The original
 * object is dropped because its response body or request fields might carry a secret.
 */
function redactedCause(error: unknown, redact: (text: string) => string): Error {
  const copy = new Error(redact(error instanceof Error ? error.message : String(error)));
  copy.name = error instanceof Error ? error.name : 'Error';
  const code = networkCodeOf(error);
  if (code !== undefined) Object.assign(copy, { code });
  return copy;
}
