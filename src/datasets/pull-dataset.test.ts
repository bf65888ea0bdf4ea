import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_TOOLTALK_FOLDER } from '../benchmarks/tooltalk/index.js';
import { loadToolTalkFolder } from '../benchmarks/tooltalk/load-conversations.js';
import {
  archiveServer,
  filesUnder,
  gzipZeroBomb,
  serve,
  shortBody,
  stall,
  tar,
  tarHeader,
  zip,
} from '../testing/archive-test-fixtures.js';
import { contentDigestOfFolder } from './content-digest.js';
import { type DatasetSource, findDataset } from './dataset-table.js';
import { type PullOptions, pullDataset } from './pull-dataset.js';

function sourceFiles(folder: string, prefix: string): Record<string, Buffer> {
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

/** The content digest, computed here the long way (git's blob ids, then SHA-256 of the sorted lines). */
function digestByHand(files: Record<string, Buffer>, strip: string): string {
  const lines = Object.entries(files)
    .map(([path, content]) => {
      const id = createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
      return `${id} ${path.slice(strip.length)}\n`;
    })
    .sort((a, b) => Buffer.compare(Buffer.from(a.split(' ')[1] ?? ''), Buffer.from(b.split(' ')[1] ?? '')));
  return createHash('sha256').update(lines.join('')).digest('hex');
}

const files = sourceFiles(BUILTIN_TOOLTALK_FOLDER, 'ToolTalk-0123abc/data');
const filesDigest = digestByHand(files, 'ToolTalk-0123abc/data/');
const archive = gzipSync(tar(files));
const archiveHash = createHash('sha256').update(archive).digest('hex');
const cutTar = tar({ 'repo/data/a.json': '{"a":1}', 'repo/data/b.json': '{"b":2}' }, { end: false });

let server: Awaited<ReturnType<typeof archiveServer>>;
beforeAll(async () => {
  server = await archiveServer({
    '/tooltalk.tar.gz': serve(archive),
    '/broken.tar.gz': serve(Buffer.from('not gzip at all')),
    '/bomb.tar.gz': serve(gzipZeroBomb(3072)),
    '/big-entry.tar.gz': serve(gzipSync(tarHeader('repo/data/zeros.bin', 3 * 2 ** 30))),
    '/many.tar.gz': serve(
      gzipSync(tar(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`r/data/${i}`, 'x'])))),
    ),
    '/cut.tar.gz': serve(gzipSync(cutTar)),
    '/cut.tar': serve(cutTar),
    '/truncated.tar.gz': serve(archive.subarray(0, archive.length - 100)),
    '/stall.tar.gz': stall,
    '/short.tar.gz': shortBody(100_000, 1_000),
    '/drip.tar.gz': (response) => {
      response.writeHead(200);
      const timer = setInterval(() => response.write('x'), 50);
      response.on('close', () => clearInterval(timer));
    },
    '/chunked-big.tar.gz': (response) => {
      response.writeHead(200);
      response.end(Buffer.alloc(3 * 2 ** 20));
    },
    '/zip-bomb.zip': serve(
      zip({
        'repo/data/a.bin': { content: Buffer.alloc(1 << 20), declaredSize: 2 ** 31 - 1 },
        'repo/data/b.bin': { content: Buffer.alloc(1 << 20), declaredSize: 2 ** 31 - 1 },
      }),
    ),
    '/zip-liar.zip': serve(zip({ 'repo/data/a.bin': { content: Buffer.alloc(8 << 20), declaredSize: 100 } })),
    '/zip64.zip': serve(zip64Marked()),
    '/zip-dangling.zip': serve(danglingDirectory()),
    '/good.zip': serve(zip({ 'repo/data/a.txt': 'hello', 'repo/data/b/c.txt': 'world', 'repo/README': 'no' })),
  });
});
afterAll(() => server.close());

/** A zip whose entry count says "see the zip64 record" (0xFFFF). */
function zip64Marked(): Buffer {
  const bytes = zip({ 'repo/data/a.txt': 'hello' });
  bytes.writeUInt16LE(0xffff, bytes.length - 22 + 8);
  bytes.writeUInt16LE(0xffff, bytes.length - 22 + 10);
  return bytes;
}

/** A zip whose central directory offset points past the end of the file. */
function danglingDirectory(): Buffer {
  const bytes = zip({ 'repo/data/a.txt': 'hello' });
  bytes.writeUInt32LE(0x7fffffff, bytes.length - 22 + 16);
  return bytes;
}

const source = (overrides: Partial<DatasetSource> = {}): DatasetSource => ({
  name: 'tooltalk',
  description: 'test',
  version: 'v1',
  url: server.url('/tooltalk.tar.gz'),
  format: 'tar.gz',
  sha256: null,
  contentDigest: filesDigest,
  folder: '*/data',
  use: '',
  ...overrides,
});

const cache = () => mkdtempSync(join(tmpdir(), 'datasets-'));

/** Pulls, expecting a failure; returns its message after checking that nothing was left behind. */
async function refused(path: string, overrides: Partial<DatasetSource> = {}, options: PullOptions = {}) {
  const cacheDir = cache();
  const error = await pullDataset(source({ url: server.url(path), ...overrides }), { cacheDir, ...options }).then(
    () => undefined,
    (caught: unknown) => caught as Error,
  );
  expect(error, `${path} was accepted`).toBeInstanceOf(Error);
  expect(error?.name).toBe('DatasetError');
  expect(error?.message).toContain(`could not pull tooltalk v1 from ${options.from ?? server.url(path)}`);
  expect(error?.message).toContain('nothing was written');
  expect(filesUnder(cacheDir)).toEqual([]);
  expect(existsSync(join(cacheDir, 'tooltalk', 'v1'))).toBe(false);
  return error?.message ?? '';
}

describe('pulling a dataset over HTTP', () => {
  it('downloads, checks the content digest, extracts the folder (loadable as --data) and reuses the cache', async () => {
    const cacheDir = cache();
    const pulled = await pullDataset(source(), { cacheDir });
    expect(pulled).toMatchObject({
      path: join(cacheDir, 'tooltalk', 'v1'),
      sha256: archiveHash,
      contentDigest: filesDigest,
      downloaded: true,
      recordedHash: false,
    });
    expect(loadToolTalkFolder(pulled.path).cases.length).toBe(loadToolTalkFolder(BUILTIN_TOOLTALK_FOLDER).cases.length);
    const before = server.requests();
    const again = await pullDataset(source(), { cacheDir });
    expect(again.downloaded).toBe(false);
    expect(server.requests()).toBe(before);
    // A cached folder whose files changed since is not the dataset.
    const first = readdirSync(join(pulled.path, 'databases'))[0] ?? '';
    appendFileSync(join(pulled.path, 'databases', first), ' ');
    await expect(pullDataset(source(), { cacheDir })).rejects.toThrow(
      /the cached tooltalk v1 in .* has content digest [0-9a-f]{64}, not the pinned .*; delete the folder and pull again/,
    );
    writeFileSync(join(pulled.path, '.toolgauge-dataset.json'), '{"sha');
    await expect(pullDataset(source(), { cacheDir })).rejects.toThrow(
      /the cached tooltalk v1 in .* has an unreadable \.toolgauge-dataset\.json; delete the folder and pull again/,
    );
  });

  it('pulls from a mirror (--from) and still checks the pinned digest there', async () => {
    const pulled = await pullDataset(source({ url: 'http://127.0.0.1:9/nowhere' }), {
      cacheDir: cache(),
      from: server.url('/tooltalk.tar.gz'),
    });
    expect(pulled.contentDigest).toBe(filesDigest);
    const message = await refused(
      '/nowhere',
      { contentDigest: '0'.repeat(64) },
      { from: server.url('/tooltalk.tar.gz') },
    );
    expect(message).toContain(`its files have content digest ${filesDigest}, not the pinned ${'0'.repeat(64)}`);
    expect(message).toContain('check the --from URL');
    expect(await refused('/tooltalk.tar.gz', { contentDigest: '0'.repeat(64) })).toContain(
      'The URL now serves other files than tooltalk v1: please report it',
    );
  });

  it('removes the staging folders of killed pulls, not those of running ones', async () => {
    const cacheDir = cache();
    const abandoned = join(cacheDir, 'tooltalk', 'v1.partial-999999999-1');
    const running = join(cacheDir, 'tooltalk', `v1.partial-${process.pid}-1`);
    for (const folder of [abandoned, running]) {
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'archive.tar.gz'), 'part');
    }
    await pullDataset(source(), { cacheDir });
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(running)).toBe(true);
  });

  it('refuses an archive SHA-256 mismatch (--sha256)', async () => {
    const message = await refused('/tooltalk.tar.gz', {}, { sha256: '0'.repeat(64) });
    expect(message).toContain(`the archive has SHA-256 ${archiveHash}, expected ${'0'.repeat(64)}`);
  });

  it('records the digest of the first download when nothing is pinned', async () => {
    const pulled = await pullDataset(source({ contentDigest: null }), { cacheDir: cache() });
    expect(pulled.recordedHash).toBe(true);
    expect(JSON.parse(readFileSync(join(pulled.path, '.toolgauge-dataset.json'), 'utf8'))).toMatchObject({
      sha256: archiveHash,
      contentDigest: filesDigest,
    });
  });

  it('reports a broken archive and an HTTP error clearly', async () => {
    expect(await refused('/broken.tar.gz')).toMatch(/the archive is broken: the archive is not valid gzip/);
    expect(await refused('/missing.tar.gz')).toMatch(
      /the download failed: the server answered HTTP 404.*Check the URL/,
    );
  });
});

describe('archives accepted only when complete', () => {
  it('refuses a tar cut at an entry boundary, gzipped or not, and a truncated gzip', async () => {
    expect(await refused('/cut.tar.gz')).toMatch(/no end-of-archive marker \(two zero blocks\)/);
    expect(await refused('/cut.tar', { format: 'tar' })).toMatch(/no end-of-archive marker/);
    expect(await refused('/truncated.tar.gz')).toMatch(/the gzip stream is cut short/);
  });
});

describe('limits on size and count', () => {
  it('stops a 3 GiB gzip bomb at the unpacked limit within seconds', async () => {
    const started = Date.now();
    const message = await refused('/bomb.tar.gz', {}, { limits: { maxExpandedBytes: 64 * 2 ** 20 } });
    expect(message).toContain('it unpacks to more than 64 MiB (--max-expanded-mb)');
    expect(message).toContain('raise --max-expanded-mb');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses a tar entry declaring 3 GiB before reading it, at the default limit', async () => {
    expect(await refused('/big-entry.tar.gz')).toContain('unpacks to more than 1024 MiB');
  });

  it('refuses too many entries and too large a download (announced or not)', async () => {
    expect(await refused('/many.tar.gz', {}, { limits: { maxEntries: 10 } })).toContain(
      'it holds more than 10 entries (--max-entries)',
    );
    expect(await refused('/bomb.tar.gz', {}, { limits: { maxDownloadBytes: 2 ** 20 } })).toMatch(
      /it is 3\.0 MiB, over the 1 MiB limit \(--max-download-mb\).*raise --max-download-mb/,
    );
    expect(await refused('/chunked-big.tar.gz', {}, { limits: { maxDownloadBytes: 2 ** 20 } })).toContain(
      'it passed the 1 MiB limit (--max-download-mb)',
    );
  });

  it('refuses zip bombs: declared sizes past the limit, an entry inflating past its declared size, zip64', async () => {
    expect(await refused('/zip-bomb.zip', { format: 'zip' })).toContain('unpacks to more than 1024 MiB');
    expect(await refused('/zip-liar.zip', { format: 'zip' })).toContain(
      'zip entry repo/data/a.bin inflates past its declared 100 bytes',
    );
    expect(await refused('/zip64.zip', { format: 'zip' })).toContain('it is a zip64 archive');
    expect(await refused('/zip-dangling.zip', { format: 'zip' })).toContain(
      'its central directory lies outside the file',
    );
  });

  it('extracts a good zip', async () => {
    const pulled = await pullDataset(source({ url: server.url('/good.zip'), format: 'zip', contentDigest: null }), {
      cacheDir: cache(),
    });
    expect(filesUnder(pulled.path)).toEqual(['.toolgauge-dataset.json', 'a.txt', 'b/c.txt']);
    expect(readFileSync(join(pulled.path, 'b', 'c.txt'), 'utf8')).toBe('world');
  });
});

describe('time limits', () => {
  it('fails a server that sends headers and then stalls, within the idle limit', async () => {
    const started = Date.now();
    const message = await refused('/stall.tar.gz', {}, { limits: { idleTimeoutMs: 300 } });
    expect(message).toContain('nothing arrived for 0.3 s (--timeout)');
    expect(message).toContain('raise --timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('fails a drip-fed download at the total limit', async () => {
    expect(await refused('/drip.tar.gz', {}, { limits: { totalTimeoutMs: 400 } })).toContain(
      'it took longer than 0.4 s (--max-time)',
    );
  });

  it('says that a body shorter than its Content-Length broke off', async () => {
    expect(await refused('/short.tar.gz')).toMatch(/the body broke off after 1000 bytes of the 100000 announced/);
  });
});

describe('the built-in datasets', () => {
  const mirror = (name: string) =>
    [resolve(process.cwd(), `../.mirror/${name}/repo`), `/work/.mirror/${name}/repo`].find(existsSync);
  const tooltalkMirror = mirror('microsoft+ToolTalk');
  const tevalMirror = mirror('open-compass+T-Eval');

  it('pins content digests that match their commits (from the trees of the mirrored repositories)', ({ skip }) => {
    skip(
      !tooltalkMirror || !tevalMirror,
      'the mirrored repositories (../.mirror/microsoft+ToolTalk, open-compass+T-Eval) are absent here',
    );
    for (const [name, repo] of [
      ['tooltalk', tooltalkMirror],
      ['teval', tevalMirror],
    ] as const) {
      const dataset = findDataset(name);
      const listing = execFileSync(
        'git',
        ['-C', repo ?? '', 'ls-tree', '-r', '--full-tree', dataset.version, 'data/'],
        {
          encoding: 'utf8',
        },
      );
      const lines = listing
        .trim()
        .split('\n')
        .map((line) => {
          const [meta = '', path = ''] = line.split('\t');
          return `${meta.split(' ')[2]} ${path.slice('data/'.length)}\n`;
        })
        .sort((a, b) => Buffer.compare(Buffer.from(a.split(' ')[1] ?? ''), Buffer.from(b.split(' ')[1] ?? '')));
      expect(dataset.contentDigest, name).toBe(createHash('sha256').update(lines.join('')).digest('hex'));
    }
  });

  it('pins for ToolTalk the digest of an unchanged copy of its data folder', ({ skip }) => {
    const copy = ['../shared/data/tooltalk', '/work/shared/data/tooltalk']
      .map((path) => resolve(path))
      .find(existsSync);
    skip(!copy, 'the original ToolTalk data (../shared/data/tooltalk) is absent here');
    expect(contentDigestOfFolder(copy ?? '', ['INVENTORY.tsv', 'SOURCE.md'])).toBe(
      findDataset('tooltalk').contentDigest,
    );
  });

  it('pulls the archive of the pinned ToolTalk commit (git archive of the mirror, shaped as GitHub serves it) and verifies it', async ({
    skip,
  }) => {
    skip(!tooltalkMirror, 'the mirrored microsoft/ToolTalk repository (../.mirror/microsoft+ToolTalk) is absent here');
    const dataset = findDataset('tooltalk');
    const real = execFileSync('git', [
      '-C',
      tooltalkMirror ?? '',
      'archive',
      '--format=tar.gz',
      `--prefix=ToolTalk-${dataset.version}/`,
      dataset.version,
    ]);
    const mirrorServer = await archiveServer({ '/ToolTalk.tar.gz': serve(real) });
    try {
      const pulled = await pullDataset(dataset, { cacheDir: cache(), from: mirrorServer.url('/ToolTalk.tar.gz') });
      expect(pulled.contentDigest).toBe(dataset.contentDigest);
      const loaded = loadToolTalkFolder(pulled.path);
      expect(loaded.problems).toEqual([]);
      expect(loaded.cases.length).toBe(78);
    } finally {
      await mirrorServer.close();
    }
  });
});
