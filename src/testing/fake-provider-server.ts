/**
 * A real HTTP server on 127.0.0.1 that stands in for a model provider in tests: it records every request
 * (method, path, headers, parsed JSON body) and answers with whatever the test scripts, in the
 * provider's own wire format. Test support only; production code never imports it.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the server received. */
export interface RecordedRequest {
  readonly method: string;
  /** Path and query, e.g. `/v1/chat/completions`. */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The body parsed as JSON (undefined when empty). */
  readonly body: unknown;
}

/** How to answer: a status, headers and a JSON (or text) body; or drop the connection; or never answer. */
export type FakeReply =
  | { readonly status?: number; readonly headers?: Record<string, string>; readonly body: unknown }
  | { readonly destroySocket: true }
  | { readonly hang: true };

export interface FakeProviderServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  readonly origin: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * Starts a server on an ephemeral port. `reply` is called for each request with the request and its
 * zero-based index; a list of replies is answered in order (running out answers 500).
 */
export async function startFakeProviderServer(
  reply: readonly FakeReply[] | ((request: RecordedRequest, index: number) => FakeReply),
): Promise<FakeProviderServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: incoming.method ?? '',
        path: incoming.url ?? '',
        headers: incoming.headers,
        body: text === '' ? undefined : JSON.parse(text),
      };
      const index = requests.length;
      requests.push(recorded);
      const answer =
        typeof reply === 'function'
          ? reply(recorded, index)
          : (reply[index] ?? { status: 500, body: { error: `no reply scripted for request ${index + 1}` } });
      if ('destroySocket' in answer) {
        incoming.socket.destroy();
        return;
      }
      if ('hang' in answer) return;
      const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      outgoing.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
      outgoing.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
