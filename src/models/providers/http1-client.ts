import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import { RedirectRefusedError, ReplyTooLargeError } from './bounded-fetch.js';
import { type ReplyHead, ReplyHeadParser } from './http1-reply-parser.js';

/** A whole reply: its status, its headers (lower-case names, repeated ones joined by ", ") and its body. */
export interface Http1Reply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface Http1ClientOptions {
  /** Sent with every request, after `Host` (names as given). */
  readonly headers: Readonly<Record<string, string>>;
  /** Largest reply body read, in bytes; a larger one fails with `ReplyTooLargeError`. */
  readonly maxReplyBytes: number;
  /** Open connections at most; further requests wait for a free one. Default unlimited. */
  readonly maxSockets?: number;
}

const NOTHING = Buffer.alloc(0);

/** Bytes of a reply's status line and headers at most (as Node's own parser allows by default). */
const MAX_HEAD_BYTES = 16 * 1024;

/**
 * A minimal HTTP/1.1 client for one URL, over keep-alive `node:net`/`node:tls` connections: it POSTs a
 * text body and reads the whole reply (fixed length, chunked, or up to the close), never following a
 * redirect and never reading past the reply limit. What `node:http` does for the same request costs
 * about three times the CPU (its request and response objects are streams with many listeners); at
 * hundreds of requests a second that is most of the harness's time.
 *
 * A request written to a kept-alive connection that the server closed at the same moment (it had been
 * idle too long) fails before any byte of reply; such a request is sent once more on a new connection.
 * Any other failure is the caller's to retry.
 */
export class Http1Client {
  readonly #url: URL;
  readonly #secure: boolean;
  readonly #requestHead: string;
  readonly #maxReplyBytes: number;
  readonly #maxSockets: number;
  readonly #idle: Connection[] = [];
  readonly #open = new Set<Connection>();
  readonly #waiting: (() => void)[] = [];
  #closed = false;

  constructor(url: URL, options: Http1ClientOptions) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`the lean client speaks http and https only, not ${url.protocol}`);
    }
    this.#url = url;
    this.#secure = url.protocol === 'https:';
    let head = `POST ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\n`;
    for (const [name, value] of Object.entries(options.headers)) head += `${checkedHeader(name, value)}\r\n`;
    this.#requestHead = head;
    this.#maxReplyBytes = options.maxReplyBytes;
    this.#maxSockets = options.maxSockets ?? Number.POSITIVE_INFINITY;
  }

  /** POSTs `body` and resolves with the whole reply; rejects on a network failure, an abort or a limit. */
  async post(body: string, signal?: AbortSignal): Promise<Http1Reply> {
    if (this.#closed) throw new Error('the HTTP client is closed');
    signal?.throwIfAborted();
    const request = `${this.#requestHead}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: keep-alive\r\n\r\n${body}`;
    const connection = this.#idle.pop() ?? (await this.#connection(signal));
    try {
      return await connection.exchange(request, signal);
    } catch (error) {
      if (!(error instanceof StaleConnectionError)) throw error;
      return await (await this.#connection(signal, true)).exchange(request, signal);
    }
  }

  /** Closes every connection; requests under way fail. */
  close(): void {
    this.#closed = true;
    for (const connection of this.#open) connection.destroy();
    this.#open.clear();
    this.#idle.length = 0;
  }

  /** A kept-alive idle connection, else a new one (waiting for a free slot when at `maxSockets`). */
  async #connection(signal: AbortSignal | undefined, fresh = false): Promise<Connection> {
    for (;;) {
      if (!fresh) {
        const idle = this.#idle.pop();
        if (idle) return idle;
      }
      if (this.#open.size < this.#maxSockets) return this.#connect();
      await new Promise<void>((resolve, reject) => {
        const wake = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = () => {
          this.#waiting.splice(this.#waiting.indexOf(wake), 1);
          reject(abortError(signal));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        this.#waiting.push(wake);
      });
    }
  }

  #connect(): Connection {
    const port = Number(this.#url.port || (this.#secure ? 443 : 80));
    const host = this.#url.hostname.replace(/^\[(.*)\]$/, '$1');
    const socket = this.#secure
      ? connectTls({ host, port, servername: isIpAddress(host) ? '' : host, ALPNProtocols: ['http/1.1'] })
      : connectTcp({ host, port });
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 1000);
    const connection: Connection = new Connection(socket, this.#maxReplyBytes, {
      free: () => {
        if (this.#closed) connection.destroy();
        else {
          this.#idle.push(connection);
          this.#waiting.shift()?.();
        }
      },
      gone: () => {
        this.#open.delete(connection);
        const index = this.#idle.indexOf(connection);
        if (index >= 0) this.#idle.splice(index, 1);
        this.#waiting.shift()?.();
      },
    });
    this.#open.add(connection);
    return connection;
  }
}

/** The request met a kept-alive connection the server had just closed: nothing was answered. */
class StaleConnectionError extends Error {}

interface ConnectionEvents {
  /** The reply was read whole and the connection may carry another request. */
  free(): void;
  /** The connection is closed (by either side) and must not be used again. */
  gone(): void;
}

/** One kept-alive connection, carrying one request at a time. */
class Connection {
  #exchanges = 0;
  #current: Exchange | undefined;
  #gone = false;

  constructor(
    private readonly socket: Socket,
    private readonly maxReplyBytes: number,
    private readonly events: ConnectionEvents,
  ) {
    socket.on('data', (chunk: Buffer) => {
      if (this.#current) this.#current.receive(chunk);
      else this.destroy(); // A reply nobody asked for: the connection is out of step.
    });
    socket.on('end', () => this.#current?.end());
    socket.on('error', (error) => this.#fail(error));
    socket.on('close', () => {
      this.#fail(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
      this.#gone = true;
      this.events.gone();
    });
  }

  exchange(request: string, signal: AbortSignal | undefined): Promise<Http1Reply> {
    return new Promise((resolve, reject) => {
      const reused = this.#exchanges > 0;
      this.#exchanges += 1;
      const onAbort = () => {
        this.#fail(abortError(signal));
        this.destroy();
      };
      const settle = () => {
        this.#current = undefined;
        signal?.removeEventListener('abort', onAbort);
      };
      this.#current = new Exchange(this.maxReplyBytes, {
        done: (reply, reusable) => {
          settle();
          if (reusable && !this.#gone) {
            this.socket.unref();
            this.events.free();
          } else this.destroy();
          resolve(reply);
        },
        failed: (error, received) => {
          settle();
          this.destroy();
          reject(reused && received === 0 && !(signal?.aborted ?? false) ? new StaleConnectionError() : error);
        },
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      this.socket.ref();
      this.socket.write(request);
    });
  }

  destroy(): void {
    this.socket.destroy();
  }

  #fail(error: Error): void {
    this.#current?.fail(error);
  }
}

interface ExchangeEvents {
  done(reply: Http1Reply, reusable: boolean): void;
  failed(error: Error, receivedBytes: number): void;
}

/** Reading one reply: the head, then the body framed by length, by chunks, or by the close. */
class Exchange {
  readonly #head = new ReplyHeadParser(MAX_HEAD_BYTES);
  #reply: ReplyHead | undefined;
  #pending: Buffer = NOTHING;
  readonly #body: Buffer[] = [];
  #bodyBytes = 0;
  #received = 0;
  /** Fixed-length body: bytes still to come. */
  #remaining = 0;
  /** Chunked body: bytes of the current chunk still to come, or -1 while reading a size line. */
  #chunkLeft = -1;
  #trailers = false;
  #settled = false;

  constructor(
    private readonly maxReplyBytes: number,
    private readonly events: ExchangeEvents,
  ) {}

  receive(chunk: Buffer): void {
    if (this.#settled) return;
    this.#received += chunk.length;
    try {
      if (this.#reply === undefined) {
        const head = this.#head.feed(chunk);
        if (head === undefined) return;
        this.#start(head.head);
        if (this.#settled) return;
        this.#continue(head.rest);
      } else this.#continue(chunk);
    } catch (error) {
      this.fail(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** The server ended the connection: the end of a body read up to the close, else a failure. */
  end(): void {
    if (this.#settled) return;
    if (this.#reply?.framing === 'close') this.#finish(false);
    else this.fail(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
  }

  fail(error: Error): void {
    if (this.#settled) return;
    this.#settled = true;
    this.events.failed(error, this.#received);
  }

  #start(head: ReplyHead): void {
    this.#reply = head;
    if (head.status >= 300 && head.status < 400) throw new RedirectRefusedError(head.status, head.headers.location);
    if (head.framing === 'length') {
      if (head.contentLength > this.maxReplyBytes) throw new ReplyTooLargeError(this.maxReplyBytes, head.contentLength);
      this.#remaining = head.contentLength;
      if (this.#remaining === 0) this.#finish(head.keepAlive);
    } else if (head.framing === 'none') this.#finish(head.keepAlive);
  }

  #continue(data: Buffer): void {
    const reply = this.#reply;
    if (reply === undefined || data.length === 0) return;
    if (reply.framing === 'length') {
      if (data.length > this.#remaining) throw new Error('the server sent more than its Content-Length');
      this.#keep(data);
      this.#remaining -= data.length;
      if (this.#remaining === 0) this.#finish(reply.keepAlive);
    } else if (reply.framing === 'chunked') this.#chunked(data);
    else if (reply.framing === 'close') this.#keep(data);
    else throw new Error('the server sent a body where none belongs');
  }

  /** Transfer-Encoding: chunked — size lines, data, CRLF; a size of 0 ends it, after optional trailers. */
  #chunked(data: Buffer): void {
    let buffer = this.#pending.length > 0 ? Buffer.concat([this.#pending, data]) : data;
    for (;;) {
      if (this.#chunkLeft > 0) {
        const take = Math.min(this.#chunkLeft, buffer.length);
        this.#keep(buffer.subarray(0, take));
        this.#chunkLeft -= take;
        buffer = buffer.subarray(take);
        if (this.#chunkLeft > 0) break;
        this.#chunkLeft = -2; // the CRLF after the data
      }
      const lineEnd = buffer.indexOf('\r\n');
      if (lineEnd < 0) {
        if (buffer.length > MAX_HEAD_BYTES) throw new Error('a chunk size line too long');
        break;
      }
      const line = buffer.subarray(0, lineEnd).toString('latin1');
      buffer = buffer.subarray(lineEnd + 2);
      if (this.#trailers) {
        if (line !== '') continue;
        this.#pending = NOTHING;
        this.#finish(this.#reply?.keepAlive === true && buffer.length === 0);
        return;
      }
      if (this.#chunkLeft === -2) {
        if (line !== '') throw new Error('a chunk of the reply is longer than its size says');
        this.#chunkLeft = -1;
        continue;
      }
      const size = line.split(';', 1)[0]?.trim() ?? '';
      if (!/^[0-9a-fA-F]{1,12}$/.test(size))
        throw new Error(`an invalid chunk size in the reply: ${size.slice(0, 20)}`);
      this.#chunkLeft = Number.parseInt(size, 16);
      if (this.#chunkLeft === 0) this.#trailers = true;
    }
    this.#pending = buffer.length === 0 ? NOTHING : Buffer.from(buffer);
  }

  #keep(data: Buffer): void {
    this.#bodyBytes += data.length;
    if (this.#bodyBytes > this.maxReplyBytes) throw new ReplyTooLargeError(this.maxReplyBytes);
    this.#body.push(data);
  }

  #finish(reusable: boolean): void {
    const reply = this.#reply;
    if (this.#settled || reply === undefined) return;
    this.#settled = true;
    const body = this.#body.length === 1 ? (this.#body[0] as Buffer) : Buffer.concat(this.#body);
    this.events.done({ status: reply.status, headers: reply.headers, body: body.toString('utf8') }, reusable);
  }
}

/** `name: value`, refusing what would split the request (CR, LF) or is not a header name. */
function checkedHeader(name: string, value: string): string {
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new Error(`invalid HTTP header name "${name}"`);
  if (/[\r\n\0]/.test(value)) throw new Error(`invalid character in the value of HTTP header "${name}"`);
  return `${name}: ${value}`;
}

function isIpAddress(host: string): boolean {
  return /^[\d.]+$/.test(host) || host.includes(':');
}

/** What an aborted request rejects with: an AbortError whose cause is the signal's reason (as `node:http`). */
function abortError(signal: AbortSignal | undefined): Error {
  return Object.assign(new Error('The operation was aborted', { cause: signal?.reason }), {
    name: 'AbortError',
    code: 'ABORT_ERR',
  });
}
