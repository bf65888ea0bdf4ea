/**
 * Archives for the tests of `data pull`, written here independently of the readers: ustar and zip
 * writers, a gzip decompression bomb built without holding what it expands to, the folder listing the
 * tests compare with, and a local HTTP server with misbehaving routes.
 */
import { readdirSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** A ustar archive of the given files; `end: false` leaves out the end-of-archive blocks (a cut tar). */
export function tar(files: Record<string, string | Buffer>, options: { end?: boolean } = {}): Buffer {
  const blocks: Buffer[] = [];
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    blocks.push(tarHeader(name, data.length), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  if (options.end !== false) blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

/** One ustar header declaring a regular file of `size` bytes. */
export function tarHeader(name: string, size: number): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, 100);
  header.write('0000644\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  header.write('00000000000\0', 136);
  header.write('        ', 148);
  header.write('0', 156);
  header.write('ustar\u000000', 257);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return header;
}

export interface ZipFile {
  readonly content: Buffer | string;
  /** The uncompressed size the headers declare (default: the real one). */
  readonly declaredSize?: number;
}

/** A zip of deflated files, with the sizes it declares open to lies. */
export function zip(files: Record<string, string | ZipFile>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, file] of Object.entries(files)) {
    const { content, declaredSize } = typeof file === 'string' ? { content: file, declaredSize: undefined } : file;
    const raw = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const data = deflateRawSync(raw);
    const size = declaredSize ?? raw.length;
    const nameBytes = Buffer.from(name);
    // The central header repeats the local header's fields from the method on, two bytes further in.
    const header = (length: number, signature: number, at: number) => {
      const bytes = Buffer.alloc(length);
      bytes.writeUInt32LE(signature, 0);
      bytes.writeUInt16LE(8, at);
      bytes.writeUInt32LE(crc32(raw), at + 6);
      bytes.writeUInt32LE(data.length, at + 10);
      bytes.writeUInt32LE(size, at + 14);
      bytes.writeUInt16LE(nameBytes.length, at + 18);
      return bytes;
    };
    const local = header(30, 0x04034b50, 8);
    const central = header(46, 0x02014b50, 10);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A gzip stream of `mebibytes` MiB of zeros (3 GiB compresses to about 3 MB), built from one deflate
 * block of 1 MiB of zeros repeated: each block ends with a full flush, which resets the compressor, so
 * the blocks are identical and can be concatenated. Nothing of the expanded size is ever held. The
 * trailer's CRC-32 is left zero: a reader must stop at its limit long before it gets there.
 */
export function gzipZeroBomb(mebibytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1 << 20), { finishFlush: constants.Z_FULL_FLUSH });
  const parts = [Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])];
  for (let index = 0; index < mebibytes; index += 1) parts.push(block);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE((mebibytes * 2 ** 20) % 2 ** 32, 4);
  parts.push(deflateRawSync(Buffer.alloc(0)), trailer);
  return Buffer.concat(parts);
}

/** Every file under a folder, relative and sorted (what a failed pull must leave: none). */
export function filesUnder(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(join(dir, entry.name), relative);
      else found.push(relative);
    }
  };
  walk(folder, '');
  return found.sort();
}

export type Route = (response: ServerResponse) => void;

/** A local HTTP server answering each path with its route (404 otherwise); counts requests. */
export async function archiveServer(routes: Record<string, Route>): Promise<{
  readonly url: (path: string) => string;
  readonly requests: () => number;
  readonly close: () => Promise<void>;
}> {
  let requests = 0;
  const server: Server = createServer((request, response) => {
    requests += 1;
    const route = routes[request.url ?? ''];
    if (route) route(response);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path) => `${base}${path}`,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends the headers and then nothing, ever. */
export const stall: Route = (response) => {
  response.writeHead(200, { 'content-type': 'application/gzip' });
  response.flushHeaders();
};

/** Announces `announced` bytes, sends `sent`, then drops the connection. */
export const shortBody =
  (announced: number, sent: number): Route =>
  (response) => {
    response.writeHead(200, { 'content-length': String(announced) });
    response.write(Buffer.alloc(sent, 1), () => response.socket?.destroy());
  };

export const serve =
  (body: Buffer): Route =>
  (response) => {
    response.writeHead(200, { 'content-length': String(body.length) }).end(body);
  };
