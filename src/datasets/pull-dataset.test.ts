import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { deflateRawSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_TOOLTALK_FOLDER } from '../benchmarks/tooltalk/index.js';
import { loadToolTalkFolder } from '../benchmarks/tooltalk/load-conversations.js';
import { readArchive } from './archive-entries.js';
import type { DatasetSource } from './dataset-table.js';
import { pullDataset } from './pull-dataset.js';

/** A ustar archive of the given files (the test's own writer, independent of the reader). */
function tar(files: Record<string, string | Buffer>): Buffer {
  const blocks: Buffer[] = [];
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const header = Buffer.alloc(512);
    header.write(name, 0, 100);
    header.write('0000644\0', 100);
    header.write('0000000\0', 108);
    header.write('0000000\0', 116);
    header.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124);
    header.write('00000000000\0', 136);
    header.write('        ', 148);
    header.write('0', 156);
    header.write('ustar\u000000', 257);
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
    blocks.push(header, data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

/** A zip of deflated files. */
function zip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = deflateRawSync(Buffer.from(content));
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
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

function filesUnder(folder: string, prefix: string): Record<string, Buffer> {
  const files: Record<string, Buffer> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files[`${prefix}/${relative(folder, path)}`] = readFileSync(path);
    }
  };
  walk(folder);
  return files;
}

const archive = gzipSync(tar(filesUnder(BUILTIN_TOOLTALK_FOLDER, 'ToolTalk-0123abc/data')));
const archiveHash = createHash('sha256').update(archive).digest('hex');
let server: Server;
let base = '';
let requests = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    requests += 1;
    if (request.url === '/tooltalk.tar.gz') response.writeHead(200).end(archive);
    else if (request.url === '/broken.tar.gz') response.writeHead(200).end(Buffer.from('not gzip at all'));
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const source = (overrides: Partial<DatasetSource> = {}): DatasetSource => ({
  name: 'tooltalk',
  description: 'test',
  version: 'v1',
  url: `${base}/tooltalk.tar.gz`,
  format: 'tar.gz',
  sha256: archiveHash,
  folder: '*/data',
  use: '',
  ...overrides,
});

describe('pulling a dataset over HTTP', () => {
  it('downloads, checks the hash, extracts the folder (loadable as --data) and reuses the cache', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'datasets-'));
    const pulled = await pullDataset(source(), { cacheDir });
    expect(pulled).toMatchObject({ path: join(cacheDir, 'tooltalk', 'v1'), sha256: archiveHash, downloaded: true });
    expect(loadToolTalkFolder(pulled.path).cases.length).toBe(loadToolTalkFolder(BUILTIN_TOOLTALK_FOLDER).cases.length);
    const before = requests;
    const again = await pullDataset(source(), { cacheDir });
    expect(again.downloaded).toBe(false);
    expect(requests).toBe(before);
  });

  it('refuses a hash mismatch and leaves nothing behind', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'datasets-'));
    await expect(pullDataset(source({ sha256: '0'.repeat(64) }), { cacheDir })).rejects.toThrow(
      new RegExp(`SHA-256 ${archiveHash}, expected 0{64}; nothing was written`),
    );
    expect(readdirSync(cacheDir)).toEqual([]);
  });

  it('records the hash of the first download when none is pinned', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'datasets-'));
    const pulled = await pullDataset(source({ sha256: null }), { cacheDir });
    expect(pulled.recordedHash).toBe(true);
    expect(readFileSync(join(pulled.path, '.toolgauge-dataset.json'), 'utf8')).toContain(archiveHash);
  });

  it('reports a broken archive and an HTTP error clearly, writing nothing', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'datasets-'));
    await expect(pullDataset(source({ url: `${base}/broken.tar.gz`, sha256: null }), { cacheDir })).rejects.toThrow(
      /archive is broken: the archive is not valid gzip/,
    );
    await expect(pullDataset(source({ url: `${base}/missing.tar.gz` }), { cacheDir })).rejects.toThrow(/HTTP 404/);
    expect(existsSync(join(cacheDir, 'tooltalk', 'v1'))).toBe(false);
  });
});

describe('archive readers', () => {
  it('read zip archives and refuse paths that climb out', () => {
    const entries = readArchive(zip({ 'repo/data/a.txt': 'hello', 'repo/data/b/c.txt': 'world' }), 'zip');
    expect(entries.map((entry) => [entry.path, entry.data.toString()])).toEqual([
      ['repo/data/a.txt', 'hello'],
      ['repo/data/b/c.txt', 'world'],
    ]);
    expect(() => readArchive(tar({ '../evil.txt': 'x' }), 'tar')).toThrow(/unsafe path/);
  });
});
