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
 * POSTs text bodies to one URL over undici's keep-alive connection pool and reads each reply whole,
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

  /** POSTs `body` and resolves with the whole reply; rejects on a network failure, an abort or a limit. */
  async post(body: string, signal?: AbortSignal): Promise<PooledReply> {
    const reply = await this.#pool.request({
      path: this.#path,
      method: 'POST',
      headers: this.#headers,
      body,
      ...(signal ? { signal } : {}),
    });
    const headers = flatHeaders(reply.headers);
    const limit = this.#maxReplyBytes;
    if (reply.statusCode >= 300 && reply.statusCode < 400) {
      discard(reply.body);
      throw new RedirectRefusedError(reply.statusCode, headers.location);
    }
    const announced = headers['content-length'] === undefined ? Number.NaN : Number(headers['content-length']);
    if (Number.isFinite(announced) && announced > limit) {
      discard(reply.body);
      throw new ReplyTooLargeError(limit, announced);
    }
    // A length within the limit is all the parser will read; without one, count as the bytes come.
    if (Number.isFinite(announced)) return { status: reply.statusCode, headers, body: await reply.body.text() };
    const chunks: Buffer[] = [];
    let received = 0;
    for await (const chunk of reply.body as AsyncIterable<Buffer>) {
      received += chunk.length;
      if (received > limit) {
        discard(reply.body);
        throw new ReplyTooLargeError(limit);
      }
      chunks.push(chunk);
    }
    return { status: reply.statusCode, headers, body: Buffer.concat(chunks).toString('utf8') };
  }

  /** Closes every connection; requests under way fail. */
  close(): void {
    this.#pool.destroy().catch(() => {});
  }
}

/** Stops reading a reply and closes its connection (the error undici then reports has no one to hear it). */
function discard(body: { on(event: 'error', listener: () => void): unknown; destroy(): unknown }): void {
  body.on('error', () => {});
  body.destroy();
}

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}
