/**
 * Fetches a dataset archive into a cache folder (`~/.cache/toolgauge/datasets/<name>/<version>` by
 * default), extracts the folder the dataset names and returns its path. Everything is bounded: the
 * download (bytes, idle and total time), the unpacked size and the entry count (see
 * {@link DEFAULT_PULL_LIMITS}). Only a complete archive is accepted, and a built-in dataset's files must
 * have the content digest its table entry pins (see content-digest.ts), whichever URL they came from.
 * The archive goes to a staging folder beside the target; the data is renamed into place, with its
 * marker, only when everything succeeded — a failure leaves nothing that loads as a dataset. A second
 * pull of the same version checks and returns the cached folder without downloading.
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { ArchiveError, ArchiveLimitError, type EntryWriter, type ExtractSink } from './archive-entries.js';
import { contentDigestOfFolder } from './content-digest.js';
import type { DatasetSource } from './dataset-table.js';
import { DownloadError, downloadToFile } from './download-archive.js';
import { extractArchive } from './extract-archive.js';

export class DatasetError extends Error {
  override readonly name = 'DatasetError';
}

export interface PullLimits {
  readonly maxDownloadBytes: number;
  readonly maxExpandedBytes: number;
  readonly maxEntries: number;
  /** Nothing received for this long fails the download. */
  readonly idleTimeoutMs: number;
  /** The whole download may take this long. */
  readonly totalTimeoutMs: number;
}

/**
 * Far above the real datasets (measured on archives of the pinned commits: ToolTalk 178 KB, 0.8 MB
 * unpacked, 143 entries; T-Eval's repository a few MB), and low enough that a decompression bomb stops
 * within seconds and a few MB of memory.
 */
export const DEFAULT_PULL_LIMITS: PullLimits = {
  maxDownloadBytes: 256 * 2 ** 20,
  maxExpandedBytes: 1024 * 2 ** 20,
  maxEntries: 10_000,
  idleTimeoutMs: 30_000,
  totalTimeoutMs: 600_000,
};

export interface PullOptions {
  /** Default `$TOOLGAUGE_CACHE_DIR/datasets` or `~/.cache/toolgauge/datasets`. */
  readonly cacheDir?: string;
  /** A SHA-256 of the archive to require (overrides the table's). */
  readonly sha256?: string;
  /** Download from this URL (a mirror) instead of the table's; the content digest is checked all the same. */
  readonly from?: string;
  readonly limits?: Partial<PullLimits>;
  readonly fetch?: typeof fetch;
  readonly signal?: AbortSignal;
}

export interface PulledDataset {
  /** The folder to pass to `--data`. */
  readonly path: string;
  /** The archive's SHA-256, as downloaded (recorded in the marker for a cached pull). */
  readonly sha256: string;
  /** The content digest of the extracted files. */
  readonly contentDigest: string;
  /** False when it was already in the cache. */
  readonly downloaded: boolean;
  /** True when neither an archive hash nor a content digest was pinned, and this download's were recorded. */
  readonly recordedHash: boolean;
}

const MARKER = '.toolgauge-dataset.json';

interface Marker {
  readonly sha256: string;
  readonly contentDigest?: string;
}

export function defaultCacheDir(): string {
  const base = process.env.TOOLGAUGE_CACHE_DIR ?? join(homedir(), '.cache', 'toolgauge');
  return join(base, 'datasets');
}

export async function pullDataset(source: DatasetSource, options: PullOptions = {}): Promise<PulledDataset> {
  const target = join(options.cacheDir ?? defaultCacheDir(), source.name, source.version);
  const pinnedHash = (options.sha256 ?? source.sha256)?.toLowerCase() ?? null;
  const pinnedDigest = source.contentDigest?.toLowerCase() ?? null;
  const url = options.from ?? source.url;
  const label = `${source.name} ${source.version}`;
  const marker = join(target, MARKER);
  if (existsSync(marker)) return checkCached(source, target, marker, pinnedHash, pinnedDigest);

  const limits: PullLimits = { ...DEFAULT_PULL_LIMITS, ...options.limits };
  const fail = (what: string, advice: string) =>
    new DatasetError(`could not pull ${label} from ${url}: ${what}; nothing was written. ${advice}`);
  removeAbandonedStaging(target);
  const staging = `${target}.partial-${process.pid}-${Date.now()}`;
  const dataDir = join(staging, 'data');
  try {
    mkdirSync(dataDir, { recursive: true });
    const archive = join(staging, `archive.${source.format}`);
    let sha256: string;
    try {
      ({ sha256 } = await downloadToFile(
        url,
        archive,
        { maxBytes: limits.maxDownloadBytes, idleMs: limits.idleTimeoutMs, totalMs: limits.totalTimeoutMs },
        { ...(options.fetch ? { fetch: options.fetch } : {}), ...(options.signal ? { signal: options.signal } : {}) },
      ));
    } catch (error) {
      if (error instanceof DownloadError) throw fail(`the download failed: ${error.message}`, downloadAdvice(error));
      throw error;
    }
    if (pinnedHash && sha256 !== pinnedHash)
      throw fail(
        `the archive has SHA-256 ${sha256}, expected ${pinnedHash}`,
        'Check the --sha256 value and the URL; GitHub may also have rebuilt the archive (its files are checked by their content digest, so the --sha256 pin can be dropped).',
      );

    const sink = new FolderSink(dataDir, source.folder);
    try {
      await extractArchive(archive, source.format, sink, {
        maxExpandedBytes: limits.maxExpandedBytes,
        maxEntries: limits.maxEntries,
      });
    } catch (error) {
      if (error instanceof ArchiveLimitError)
        throw fail(
          `the archive is refused: ${error.message}`,
          'If the data really is that large, raise --max-expanded-mb or --max-entries.',
        );
      if (error instanceof ArchiveError)
        throw fail(
          `the archive is broken: ${error.message}`,
          'Pull again (a download can be damaged on the way) or from a mirror with --from <url>; if it happens again, the URL does not serve a sound archive.',
        );
      throw fail(
        `extracting it failed: ${error instanceof Error ? error.message : String(error)}`,
        'Check the disk (space, permissions) and pull again.',
      );
    } finally {
      sink.closeAll();
    }
    if (sink.files === 0)
      throw fail(`the archive has no files under "${source.folder}"`, 'Check that the URL serves this dataset.');
    if (options.signal?.aborted) throw fail('it was interrupted', 'Pull again when ready.');
    const contentDigest = contentDigestOfFolder(dataDir);
    if (pinnedDigest && contentDigest !== pinnedDigest)
      throw fail(
        `its files have content digest ${contentDigest}, not the pinned ${pinnedDigest}`,
        options.from
          ? `The mirror serves other files than ${label}: check the --from URL (a mirror must serve the same commit).`
          : `The URL now serves other files than ${label}: please report it, and meanwhile pull from a mirror of that commit with --from <url>.`,
      );

    writeFileSync(
      join(dataDir, MARKER),
      `${JSON.stringify({ name: source.name, version: source.version, url: withoutSecrets(url), sha256, contentDigest, pulledAt: new Date().toISOString() }, null, 2)}\n`,
    );
    mkdirSync(dirname(target), { recursive: true });
    rmSync(target, { recursive: true, force: true });
    renameSync(dataDir, target);
    return {
      path: target,
      sha256,
      contentDigest,
      downloaded: true,
      recordedHash: pinnedHash === null && pinnedDigest === null,
    };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The URL as recorded beside the data: no user, password or query (a signed mirror URL's token). */
function withoutSecrets(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(unparsable URL)';
  }
}

/**
 * Removes the staging folders of pulls whose process is gone (killed before it could clean up): they
 * never load as a dataset, but they take space.
 */
function removeAbandonedStaging(target: string): void {
  const parent = dirname(target);
  if (!existsSync(parent)) return;
  const prefix = `${basename(target)}.partial-`;
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && !processAlive(pid))
      rmSync(join(parent, name), { recursive: true, force: true });
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function checkCached(
  source: DatasetSource,
  target: string,
  marker: string,
  pinnedHash: string | null,
  pinnedDigest: string | null,
): PulledDataset {
  const label = `${source.name} ${source.version}`;
  let recorded: Marker;
  try {
    recorded = JSON.parse(readFileSync(marker, 'utf8')) as Marker;
    if (typeof recorded?.sha256 !== 'string') throw new Error('no sha256');
  } catch {
    throw new DatasetError(
      `the cached ${label} in ${target} has an unreadable ${MARKER}; delete the folder and pull again`,
    );
  }
  if (pinnedHash && recorded.sha256 !== pinnedHash) {
    throw new DatasetError(
      `the cached ${label} in ${target} came from an archive with SHA-256 ${recorded.sha256}, not the pinned ${pinnedHash}; delete the folder and pull again`,
    );
  }
  // The files themselves are checked (a few MB at most): a cached folder edited since is not the dataset.
  const contentDigest = contentDigestOfFolder(target, [MARKER]);
  const expected = pinnedDigest ?? recorded.contentDigest;
  if (expected && contentDigest !== expected) {
    throw new DatasetError(
      `the cached ${label} in ${target} has content digest ${contentDigest}, not ${pinnedDigest ? 'the pinned' : 'the recorded'} ${expected} (its files changed since they were pulled); delete the folder and pull again`,
    );
  }
  return { path: target, sha256: recorded.sha256, contentDigest, downloaded: false, recordedHash: false };
}

function downloadAdvice(error: DownloadError): string {
  switch (error.kind) {
    case 'too-large':
      return 'If the archive really is that large, raise --max-download-mb.';
    case 'stalled':
      return 'Try again later, pull from a mirror with --from <url>, or raise --timeout.';
    case 'too-slow':
      return 'Try again, pull from a mirror with --from <url>, or raise --max-time.';
    case 'cut-short':
      return 'Try again, or pull from a mirror with --from <url>.';
    case 'http':
      return 'Check the URL, or try again later.';
    case 'network':
      return 'Check the network (a proxy or firewall?), or pull from a mirror with --from <url>.';
    case 'cancelled':
      return 'Pull again when ready.';
  }
}

/** A sink writing the entries under `folder` (`*` matching any one name) into `root`, that folder stripped. */
class FolderSink implements ExtractSink {
  files = 0;
  private readonly pattern: string[];
  private readonly open = new Set<number>();

  constructor(
    private readonly root: string,
    folder: string,
  ) {
    this.pattern = folder.split('/').filter(Boolean);
  }

  private kept(path: string): string | undefined {
    const parts = path.split('/');
    if (parts.length <= this.pattern.length) return undefined;
    if (!this.pattern.every((part, index) => part === '*' || part === parts[index])) return undefined;
    return join(this.root, ...parts.slice(this.pattern.length));
  }

  folder(path: string): void {
    const to = this.kept(path);
    if (to) mkdirSync(to, { recursive: true });
  }

  file(path: string): EntryWriter | undefined {
    const to = this.kept(path);
    if (!to) return undefined;
    mkdirSync(dirname(to), { recursive: true });
    const fd = openSync(to, 'w');
    this.open.add(fd);
    this.files += 1;
    return {
      write: (chunk) => {
        writeSync(fd, chunk);
      },
      close: () => {
        if (this.open.delete(fd)) closeSync(fd);
      },
    };
  }

  /** Closes what an interrupted extraction left open. */
  closeAll(): void {
    for (const fd of this.open) closeSync(fd);
    this.open.clear();
  }
}
