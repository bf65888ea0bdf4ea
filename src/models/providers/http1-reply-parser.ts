/**
 * The head of an HTTP/1.x reply (status line and headers), read from the bytes of a connection as they
 * come, and what it says about the body that follows (RFC 9112 §6.3).
 */

/** How the reply's body ends. */
export type BodyFraming =
  /** After `Content-Length` bytes. */
  | 'length'
  /** `Transfer-Encoding: chunked`. */
  | 'chunked'
  /** When the server closes the connection (no length given). */
  | 'close'
  /** There is no body (204, 304). */
  | 'none';

export interface ReplyHead {
  readonly status: number;
  /** Lower-case names; a repeated header's values joined by ", ". */
  readonly headers: Readonly<Record<string, string>>;
  readonly framing: BodyFraming;
  /** For `length` framing. */
  readonly contentLength: number;
  /** Whether the connection may carry another request once this reply is read. */
  readonly keepAlive: boolean;
}

const HEAD_END = Buffer.from('\r\n\r\n');
const NOTHING = Buffer.alloc(0);
const STATUS_LINE = /^HTTP\/1\.([01]) (\d{3})(?: .*)?$/;
/** A header name: RFC 9110 token characters. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Collects bytes until a final (non-1xx) reply head is complete. */
export class ReplyHeadParser {
  #buffered: Buffer = NOTHING;

  constructor(private readonly maxHeadBytes: number) {}

  /** The head and the bytes after it, once the head is whole; undefined while more bytes are needed. */
  feed(chunk: Buffer): { head: ReplyHead; rest: Buffer } | undefined {
    let buffer = this.#buffered.length > 0 ? Buffer.concat([this.#buffered, chunk]) : chunk;
    for (;;) {
      const end = buffer.indexOf(HEAD_END);
      if (end < 0) {
        if (buffer.length > this.maxHeadBytes)
          throw new Error(`the reply's headers are over ${this.maxHeadBytes} bytes`);
        this.#buffered = Buffer.from(buffer);
        return undefined;
      }
      if (end > this.maxHeadBytes) throw new Error(`the reply's headers are over ${this.maxHeadBytes} bytes`);
      const head = parseReplyHead(buffer.subarray(0, end).toString('latin1'));
      buffer = buffer.subarray(end + HEAD_END.length);
      // An interim reply (100 Continue, 103 Early Hints) is followed by the real one.
      if (head.status >= 100 && head.status < 200) continue;
      this.#buffered = NOTHING;
      return { head, rest: buffer };
    }
  }
}

/** Parses `HTTP/1.1 200 OK\r\nname: value…` (without the blank line that ends it). */
export function parseReplyHead(text: string): ReplyHead {
  let lineEnd = text.indexOf('\r\n');
  if (lineEnd < 0) lineEnd = text.length;
  const statusLine = STATUS_LINE.exec(text.slice(0, lineEnd));
  if (!statusLine) throw new Error(`not an HTTP/1.x reply: ${JSON.stringify(text.slice(0, Math.min(lineEnd, 40)))}`);
  const minorVersion = Number(statusLine[1]);
  const status = Number(statusLine[2]);
  const headers: Record<string, string> = {};
  while (lineEnd < text.length) {
    const start = lineEnd + 2;
    lineEnd = text.indexOf('\r\n', start);
    if (lineEnd < 0) lineEnd = text.length;
    const colon = text.indexOf(':', start);
    if (colon <= start || colon > lineEnd || !HEADER_NAME.test(text.slice(start, colon))) {
      throw new Error(
        `a malformed header line in the reply: ${JSON.stringify(text.slice(start, Math.min(lineEnd, start + 40)))}`,
      );
    }
    const name = text.slice(start, colon).toLowerCase();
    const value = text.slice(colon + 1, lineEnd).trim();
    const previous = headers[name];
    headers[name] = previous === undefined ? value : `${previous}, ${value}`;
  }
  const connection = (headers.connection ?? '').toLowerCase();
  let keepAlive = minorVersion === 1 ? !/\bclose\b/.test(connection) : /\bkeep-alive\b/.test(connection);
  let framing: BodyFraming;
  let contentLength = 0;
  const transferEncoding = headers['transfer-encoding'];
  if (status === 204 || status === 304) framing = 'none';
  else if (transferEncoding !== undefined) {
    framing = /(?:^|,)\s*chunked\s*$/i.test(transferEncoding) ? 'chunked' : 'close';
    // Both framings announced: the chunks decide, and the connection is not trusted with another request.
    if (headers['content-length'] !== undefined) keepAlive = false;
  } else if (headers['content-length'] !== undefined) {
    const values = new Set(headers['content-length'].split(',').map((value) => value.trim()));
    const [only] = values;
    if (values.size !== 1 || only === undefined || !/^\d{1,15}$/.test(only)) {
      throw new Error(`an invalid Content-Length in the reply: ${headers['content-length'].slice(0, 40)}`);
    }
    framing = 'length';
    contentLength = Number(only);
  } else framing = 'close';
  if (framing === 'close') keepAlive = false;
  return { status, headers, framing, contentLength, keepAlive };
}
