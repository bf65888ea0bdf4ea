import { Pool } from 'undici';
import { RedirectRefusedError, ReplyTooLargeError } from './bounded-fetch.js';

/** A whole reply: its status, its headers (lower-case names, repeated ones joined by ", ") and its body. */
export interface PooledReply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface PooledHttpClientOptions {
  /** Sent with every request (undici adds `host`, `content-length` and `connection`). */
  readonly headers: Readonly<Record<string, string>>;
  /** Largest reply body read, in bytes; a larger one fails with `ReplyTooLargeError`. */
  readonly maxReplyBytes: number;
  /** Open connections at most; further requests wait for a free one. Default unlimited. */
  readonly maxSockets?: number;
}

/**
 * POSTs bodies (text or UTF-8 bytes) to one URL over undici's keep-alive connection pool and reads each reply whole,
 * never following a redirect and never reading past the reply limit. undici's pool costs about half
 * the CPU per request of `node:http` with a keep-alive agent (its request and response objects are
 * streams with many listeners), which at hundreds of requests a second is much of the harness's time.
 *
 * Time limits are the caller's (its abort signal): undici's own header and body timeouts are off, as
 * `node:http` had none. Failures are not retried here: the run layer does that.
 */
export class PooledHttpClient {
  readonly #pool: Pool;
  readonly #path: string;
  readonly #headers: Readonly<Record<string, string>>;
  readonly #maxReplyBytes: number;

  constructor(url: URL, options: PooledHttpClientOptions) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`the lean client speaks http and https only, not ${url.protocol}`);
    }
    this.#pool = new Pool(url.origin, {
      ...(options.maxSockets !== undefined && Number.isFinite(options.maxSockets)
        ? { connections: options.maxSockets }
        : {}),
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    this.#path = `${url.pathname}${url.search}`;
    this.#headers = options.headers;
    this.#maxReplyBytes = options.maxReplyBytes;
  }

  /**
   * POSTs `body` (bytes are sent as they are; text is encoded as UTF-8) and resolves with the whole reply; rejects on a network failure, an abort (with the
   * signal's reason) or a limit. Uses the pool's `dispatch` with a plain handler: no response stream is
   * made, the body's chunks are counted and kept as they come.
   */
  post(body: string | Buffer, signal?: AbortSignal): Promise<PooledReply> {
    const limit = this.#maxReplyBytes;
    return new Promise((resolve, reject) => {
      let abortRequest: ((reason: Error) => void) | undefined;
      let settled = false;
      let status = 0;
      let rawHeaders: readonly RawHeader[] = [];
      const chunks: Buffer[] = [];
      let received = 0;
      const onAbort = () => stop(abortReason(signal));
      const settle = () => {
        settled = true;
        signal?.removeEventListener('abort', onAbort);
      };
      /** Ends the request with an error (undici then closes its connection). */
      const stop = (error: Error) => {
        if (settled) return;
        settle();
        reject(error);
        abortRequest?.(error);
      };
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#pool.dispatch(
        { path: this.#path, method: 'POST', headers: this.#headers, body },
        {
          onConnect: (abort: (reason: Error) => void) => {
            abortRequest = abort;
            if (settled) abort(new Error('the request ended before it was sent'));
          },
          onHeaders: (statusCode: number, raw: RawHeader[]) => {
            // Interim replies (100 Continue, 103 Early Hints) come before the real one.
            if (statusCode < 200) return true;
            status = statusCode;
            rawHeaders = raw;
            if (status >= 300 && status < 400) stop(new RedirectRefusedError(status, headerValue(raw, 'location')));
            const length = headerValue(raw, 'content-length');
            const announced = length === undefined ? Number.NaN : Number(length);
            if (Number.isFinite(announced) && announced > limit) stop(new ReplyTooLargeError(limit, announced));
            return !settled;
          },
          onData: (chunk: Buffer) => {
            received += chunk.length;
            if (received > limit) stop(new ReplyTooLargeError(limit));
            else chunks.push(chunk);
            return !settled;
          },
          onComplete: () => {
            if (settled) return;
            settle();
            const whole = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
            resolve(pooledReply(status, rawHeaders, whole.toString('utf8')));
          },
          onError: (error: Error) => {
            if (settled) return;
            settle();
            reject(error);
          },
        },
      );
    });
  }

  /** Closes every connection; requests under way fail. */
  close(): void {
    this.#pool.destroy().catch(() => {});
  }
}

/** What an aborted request rejects with: the signal's reason (a `TimeoutError` for a time limit). */
function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error
    ? reason
    : Object.assign(new Error('The operation was aborted'), { name: 'AbortError' });
}

/** A header name or value as undici hands it over: the bytes (several for a repeated value). */
type RawHeader = Buffer | Buffer[];

/**
 * The reply, its header record made only when asked for: a successful reply's headers are never read,
 * and decoding every name and value cost more than the rest of reading the reply. The raw headers are
 * views of the connection's read chunks, which undici does not reuse (as the body's chunks are).
 */
function pooledReply(status: number, rawHeaders: readonly RawHeader[], body: string): PooledReply {
  let headers: Record<string, string> | undefined;
  return {
    status,
    body,
    get headers() {
      headers ??= headerRecord(rawHeaders);
      return headers;
    },
  };
}

/** Raw headers (`[name, value, name, value…]`) as lower-case names, a repeated one's values joined by ", ". */
function headerRecord(rawHeaders: readonly RawHeader[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const name = String(rawHeaders[index]).toLowerCase();
    const value = headerText(rawHeaders[index + 1]);
    const previous = headers[name];
    headers[name] = previous === undefined ? value : `${previous}, ${value}`;
  }
  return headers;
}

/**
 * One header's value as `headerRecord` gives it, decoding no other header: `lowerName` in lower case.
 * Names of another length are skipped unread; header names are tokens (ASCII), one byte a character.
 */
function headerValue(rawHeaders: readonly RawHeader[], lowerName: string): string | undefined {
  let value: string | undefined;
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const name = rawHeaders[index];
    if (name?.length !== lowerName.length || String(name).toLowerCase() !== lowerName) continue;
    const text = headerText(rawHeaders[index + 1]);
    value = value === undefined ? text : `${value}, ${text}`;
  }
  return value;
}

function headerText(raw: RawHeader | undefined): string {
  return Array.isArray(raw) ? raw.map((part) => part.toString('latin1')).join(', ') : String(raw?.toString('latin1'));
}
