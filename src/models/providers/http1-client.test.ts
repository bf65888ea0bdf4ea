import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RedirectRefusedError, ReplyTooLargeError } from './bounded-fetch.js';
import { Http1Client } from './http1-client.js';
import { parseReplyHead } from './http1-reply-parser.js';

/** One request as the raw server read it: its head (request line and headers) and its body. */
interface RawRequest {
  readonly head: string;
  readonly body: string;
  readonly connection: number;
}

/**
 * A TCP server that reads HTTP/1.1 requests (Content-Length bodies) and answers each with the bytes
 * `answer` gives, written in the pieces it lists — so replies can be split anywhere, chunked, cut off.
 */
async function rawServer(
  answer: (request: RawRequest, index: number, socket: Socket) => readonly (string | Buffer)[] | 'hang' | 'destroy',
): Promise<{ url: URL; requests: RawRequest[]; connections: () => number; server: Server }> {
  const requests: RawRequest[] = [];
  let connections = 0;
  const server = createServer((socket) => {
    const connection = ++connections;
    let buffered = Buffer.alloc(0);
    socket.on('data', async (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffered.subarray(0, end).toString('latin1');
        const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffered.length < end + 4 + length) return;
        const body = buffered.subarray(end + 4, end + 4 + length).toString('utf8');
        buffered = buffered.subarray(end + 4 + length);
        const request = { head, body, connection };
        requests.push(request);
        const pieces = answer(request, requests.length - 1, socket);
        if (pieces === 'hang') return;
        if (pieces === 'destroy') {
          socket.destroy();
          return;
        }
        for (const piece of pieces) {
          socket.write(piece);
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  servers.push(server);
  return {
    url: new URL(`http://127.0.0.1:${port}/v1/chat/completions?x=1`),
    requests,
    connections: () => connections,
    server,
  };
}

const servers: Server[] = [];
const clients: Http1Client[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function client(url: URL, maxReplyBytes = 1024 * 1024, maxSockets?: number): Http1Client {
  const made = new Http1Client(url, {
    headers: { 'content-type': 'application/json', 'X-Extra': 'yes' },
    maxReplyBytes,
    ...(maxSockets !== undefined ? { maxSockets } : {}),
  });
  clients.push(made);
  return made;
}

const ok = (body: string, extra = '') =>
  `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`;

describe('the lean HTTP/1.1 client', () => {
  it('sends one well-formed request and reads a Content-Length reply split at any byte', async () => {
    const reply = ok('{"answer":"ünïcode ✓"}', 'X-Multi: a\r\nx-multi: b\r\n');
    const bytes = Buffer.from(reply);
    const { url, requests } = await rawServer(() =>
      [...bytes]
        .map((byte) => Buffer.from([byte]))
        .slice(0, 60)
        .concat(bytes.subarray(60)),
    );
    const answer = await client(url).post('{"q":"é"}');
    expect(answer).toEqual({
      status: 200,
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength('{"answer":"ünïcode ✓"}')),
        'x-multi': 'a, b',
      },
      body: '{"answer":"ünïcode ✓"}',
    });
    expect(requests[0]?.head.split('\r\n')).toEqual([
      'POST /v1/chat/completions?x=1 HTTP/1.1',
      `Host: ${url.host}`,
      'content-type: application/json',
      'X-Extra: yes',
      'Content-Length: 10',
      'Connection: keep-alive',
    ]);
    expect(requests[0]?.body).toBe('{"q":"é"}');
  });

  it('reads chunked replies (sizes, extensions, trailers, split anywhere) and skips interim 1xx replies', async () => {
    const { url } = await rawServer(() => [
      'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n',
      '5;ext=1\r\nhel',
      'lo\r\n',
      '7\r\n, world\r\n0\r',
      '\nTrailer: x\r\n\r\n',
    ]);
    const answer = await client(url).post('{}');
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('hello, world');
  });

  it('keeps a connection alive across requests, and reads a body up to the close when no length is given', async () => {
    const { url, requests } = await rawServer((_, index, socket) => {
      if (index < 2) return [ok(`"${index}"`)];
      setTimeout(() => socket.end(), 30);
      return ['HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n"til', 'l close"'];
    });
    const http = client(url);
    for (const expected of ['"0"', '"1"']) expect((await http.post('{}')).body).toBe(expected);
    expect(requests.map((request) => request.connection)).toEqual([1, 1]);
    // The server sends no length and closes after the body: the whole of it is the reply.
    const last = http.post('{}');
    expect((await last).body).toBe('"till close"');
  });

  it('resends once on a new connection when a kept-alive one was closed by the server, and not otherwise', async () => {
    const { url, requests } = await rawServer((_, index) => (index === 1 ? 'destroy' : [ok('"fine"')]));
    const http = client(url);
    expect((await http.post('{}')).body).toBe('"fine"');
    expect((await http.post('{}')).body).toBe('"fine"');
    expect(requests.map((request) => request.connection)).toEqual([1, 1, 2]);
    // A fresh connection that drops is the caller's failure to retry.
    const dropping = await rawServer(() => 'destroy');
    await expect(client(dropping.url).post('{}')).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(dropping.requests).toHaveLength(1);
  });

  it('refuses redirects, over-large replies (announced or not) and a refused connection with their errors', async () => {
    const redirect = await rawServer(() => ['HTTP/1.1 302 Found\r\nLocation: /elsewhere\r\nContent-Length: 0\r\n\r\n']);
    await expect(client(redirect.url).post('{}')).rejects.toBeInstanceOf(RedirectRefusedError);
    const announced = await rawServer(() => [ok('x'.repeat(200))]);
    await expect(client(announced.url, 100).post('{}')).rejects.toMatchObject({ declaredBytes: 200 });
    const chunked = await rawServer(() => [
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n',
      `64\r\n${'y'.repeat(100)}\r\n`,
      `64\r\n${'y'.repeat(100)}\r\n0\r\n\r\n`,
    ]);
    const error = await client(chunked.url, 150)
      .post('{}')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ReplyTooLargeError);
    await expect(client(new URL('http://127.0.0.1:9/v1')).post('{}')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('ends a request when its signal aborts, with the reason as the cause', async () => {
    const { url } = await rawServer(() => 'hang');
    const error = await client(url)
      .post('{}', AbortSignal.timeout(30))
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect((error as Error).cause).toMatchObject({ name: 'TimeoutError' });
  });

  it('opens at most maxSockets connections; the other requests wait for a free one', async () => {
    const { url, connections } = await rawServer(() => [ok('"ok"')]);
    const http = client(url, 1024, 2);
    const answers = await Promise.all(Array.from({ length: 6 }, () => http.post('{}')));
    expect(answers.map((answer) => answer.body)).toEqual(Array(6).fill('"ok"'));
    expect(connections()).toBe(2);
  });

  it('refuses headers that would split the request', () => {
    expect(
      () => new Http1Client(new URL('http://127.0.0.1:1/'), { headers: { 'x-a': 'b\r\nx-c: d' }, maxReplyBytes: 1 }),
    ).toThrow(/invalid character/);
    expect(
      () => new Http1Client(new URL('http://127.0.0.1:1/'), { headers: { 'bad name': 'b' }, maxReplyBytes: 1 }),
    ).toThrow(/invalid HTTP header name/);
  });
});

describe('reading a reply head', () => {
  it('tells the body framing and whether the connection may be kept', () => {
    expect(parseReplyHead('HTTP/1.1 200 OK\r\nContent-Length: 12')).toMatchObject({
      framing: 'length',
      contentLength: 12,
      keepAlive: true,
    });
    expect(parseReplyHead('HTTP/1.1 200 OK\r\nContent-Length: 3, 3\r\nConnection: close')).toMatchObject({
      contentLength: 3,
      keepAlive: false,
    });
    expect(parseReplyHead('HTTP/1.0 200 OK\r\nContent-Length: 1')).toMatchObject({ keepAlive: false });
    expect(parseReplyHead('HTTP/1.0 200 OK\r\nContent-Length: 1\r\nConnection: Keep-Alive')).toMatchObject({
      keepAlive: true,
    });
    expect(parseReplyHead('HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\nContent-Length: 5')).toMatchObject({
      framing: 'chunked',
      keepAlive: false,
    });
    expect(parseReplyHead('HTTP/1.1 200 OK')).toMatchObject({ framing: 'close', keepAlive: false });
    expect(parseReplyHead('HTTP/1.1 204 No Content')).toMatchObject({ framing: 'none', keepAlive: true });
    expect(() => parseReplyHead('HTTP/1.1 200 OK\r\nContent-Length: 3, 4')).toThrow(/invalid Content-Length/);
    expect(() => parseReplyHead('HTTP/2 200')).toThrow(/not an HTTP\/1.x reply/);
    expect(() => parseReplyHead('HTTP/1.1 200 OK\r\nno colon here')).toThrow(/malformed header/);
  });
});
