import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Starts `server` on the loopback interface, a random port. Its `close` runs `beforeClose`, then ends the
 * open connections and closes the server; later calls return the first call's promise.
 */
export async function listenOnLoopback(
  server: Server,
  beforeClose?: () => Promise<void>,
): Promise<{ readonly port: number; close(): Promise<void> }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  return {
    port,
    close() {
      closed ??= (async () => {
        if (beforeClose) await beforeClose();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      })();
      return closed;
    },
  };
}
