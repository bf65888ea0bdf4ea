/**
 * `toolgauge data pull` as a user runs it (the built CLI, `bin/toolgauge.js`), against a local HTTP
 * server given with `--from`: a decompression bomb, a stalled server and a cut tar each fail within
 * seconds and 200 MB, exit 1 with an error naming the dataset and leave nothing that loads as a dataset;
 * the pinned ToolTalk commit pulls and verifies; usage mistakes exit 2.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveServer, filesUnder, gzipZeroBomb, serve, stall, tar } from '../../testing/archive-test-fixtures.js';

const bin = fileURLToPath(new URL('../../../bin/toolgauge.js', import.meta.url));
/** Prints the child's peak resident memory (KiB) as it exits. */
const reportPeakMemory = `data:text/javascript,process.on('exit',()=>process.stderr.write('peak-rss-kib '+process.resourceUsage().maxRSS+'\\n'))`;

interface Outcome {
  status: number | null;
  stdout: string;
  stderr: string;
  seconds: number;
  peakMiB: number;
}

function toolgauge(args: readonly string[]): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', reportPeakMemory, bin, ...args]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (status) => {
      const peak = /peak-rss-kib (\d+)/.exec(stderr);
      resolvePromise({
        status,
        stdout,
        stderr: stderr.replace(/peak-rss-kib \d+\n/, ''),
        seconds: (Date.now() - started) / 1000,
        peakMiB: peak ? Number(peak[1]) / 1024 : Number.NaN,
      });
    });
  });
}

const mirror = [
  resolve(process.cwd(), '../.mirror/microsoft+ToolTalk/repo'),
  '/work/.mirror/microsoft+ToolTalk/repo',
].find(existsSync);
let server: Awaited<ReturnType<typeof archiveServer>>;

beforeAll(async () => {
  server = await archiveServer({
    '/bomb.tar.gz': serve(gzipZeroBomb(3072)),
    '/stall.tar.gz': stall,
    '/cut.tar.gz': serve(gzipSync(tar({ 'ToolTalk-e05f4ce/data/easy/a.json': '{}' }, { end: false }))),
    ...(mirror
      ? {
          '/ToolTalk-e05f4ce.tar.gz': serve(
            execFileSync('git', ['-C', mirror, 'archive', '--format=tar.gz', '--prefix=ToolTalk-e05f4ce/', 'e05f4ce']),
          ),
        }
      : {}),
  });
});
afterAll(() => server.close());

/** Runs a pull expected to fail, and checks what every failure must be. */
async function failedPull(path: string, ...flags: string[]): Promise<Outcome> {
  const cacheDir = mkdtempSync(join(tmpdir(), 'data-pull-'));
  const outcome = await toolgauge([
    'data',
    'pull',
    'tooltalk',
    '--from',
    server.url(path),
    '--cache-dir',
    cacheDir,
    ...flags,
  ]);
  expect(outcome.status, outcome.stderr).toBe(1);
  expect(outcome.stderr).toContain(`toolgauge: could not pull tooltalk e05f4ce from ${server.url(path)}`);
  expect(outcome.stderr).toContain('nothing was written');
  expect(outcome.stdout).toBe('');
  expect(filesUnder(cacheDir)).toEqual([]);
  expect(outcome.peakMiB).toBeLessThan(200);
  return outcome;
}

describe('toolgauge data pull --from <local url>', () => {
  it('stops a 3 GiB gzip bomb (3 MB on the wire) at the default limit, within seconds and 200 MB', async () => {
    const outcome = await failedPull('/bomb.tar.gz');
    expect(outcome.stderr).toContain('it unpacks to more than 1024 MiB (--max-expanded-mb)');
    expect(outcome.seconds).toBeLessThan(20);
  });

  it('fails a server that sends headers and then stalls, at --timeout', async () => {
    const outcome = await failedPull('/stall.tar.gz', '--timeout', '1');
    expect(outcome.stderr).toContain('nothing arrived for 1 s (--timeout)');
    expect(outcome.seconds).toBeLessThan(10);
  });

  it('refuses a tar cut at an entry boundary', async () => {
    const outcome = await failedPull('/cut.tar.gz');
    expect(outcome.stderr).toContain('no end-of-archive marker');
  });

  it('pulls the pinned ToolTalk commit from a mirror and checks its files', async ({ skip }) => {
    skip(!mirror, 'the mirrored microsoft/ToolTalk repository (../.mirror/microsoft+ToolTalk) is absent here');
    const cacheDir = mkdtempSync(join(tmpdir(), 'data-pull-'));
    const outcome = await toolgauge([
      'data',
      'pull',
      'tooltalk',
      '--from',
      server.url('/ToolTalk-e05f4ce.tar.gz'),
      '--cache-dir',
      cacheDir,
    ]);
    expect(outcome.status, outcome.stderr).toBe(0);
    expect(outcome.stdout).toBe(`${join(cacheDir, 'tooltalk', 'e05f4ce')}\n`);
    expect(outcome.stderr).toContain('tooltalk e05f4ce (its files match the pinned content digest)');
    // The 86 files of data/ at the commit, and the marker.
    expect(filesUnder(join(cacheDir, 'tooltalk', 'e05f4ce')).filter((file) => !file.startsWith('.')).length).toBe(86);
  });

  it('exits 2 on usage mistakes, naming what is wrong', async () => {
    const cases: [string[], RegExp][] = [
      [['data', 'pull', 'nope'], /unknown dataset "nope"; known datasets: tooltalk, teval/],
      [
        ['data', 'pull', 'tooltalk', '--from', 'ftp://example.org/a.tar.gz'],
        /--from takes an http or https URL, not ftp:/,
      ],
      [['data', 'pull', 'tooltalk', '--max-download-mb', '0'], /--max-download-mb.*expected a positive number/],
      [['data', 'pull', 'tooltalk', '--timeout', 'soon'], /--timeout.*expected a positive number/],
      [['data', 'pull', 'tooltalk', '--sha256', 'abc'], /--sha256 abc is not a SHA-256/],
    ];
    const outcomes = await Promise.all(cases.map(([args]) => toolgauge(args)));
    for (const [index, [args, message]] of cases.entries()) {
      expect(outcomes[index]?.status, args.join(' ')).toBe(2);
      expect(outcomes[index]?.stderr).toMatch(message);
    }
  });
});

describe('toolgauge data pull interrupted', () => {
  it('exits 130 on SIGINT and removes what it had written', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'data-pull-'));
    const child = spawn(process.execPath, [
      bin,
      'data',
      'pull',
      'tooltalk',
      '--from',
      server.url('/stall.tar.gz'),
      '--cache-dir',
      cacheDir,
    ]);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    // Once the download has started (the archive file is open in the staging folder), interrupt it.
    const started = Date.now();
    while (filesUnder(cacheDir).length === 0 && Date.now() - started < 10_000)
      await new Promise((wait) => setTimeout(wait, 50));
    expect(filesUnder(cacheDir)).toEqual([
      expect.stringMatching(/^tooltalk\/e05f4ce\.partial-\d+-\d+\/archive\.tar\.gz$/),
    ]);
    child.kill('SIGINT');
    const status = await new Promise<number | null>((resolveStatus) => child.once('close', resolveStatus));
    expect(status, stderr).toBe(130);
    expect(stderr).toContain('toolgauge: data pull tooltalk interrupted; nothing was written');
    expect(filesUnder(cacheDir)).toEqual([]);
  });
});
