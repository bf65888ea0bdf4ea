/**
 * Fetches a dataset archive into a cache folder (`~/.cache/toolgauge/datasets/<name>/<version>` by
 * default), checks its SHA-256, extracts the folder the dataset names and returns its path. The data
 * appears all at once: it is extracted into a temporary folder beside the target and renamed into place
 * only when everything succeeded; a hash mismatch or a broken archive leaves nothing behind. A second
 * pull of the same version returns the cached folder without downloading.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { type ArchiveEntry, ArchiveError, readArchive } from './archive-entries.js';
import type { DatasetSource } from './dataset-table.js';

export class DatasetError extends Error {
  override readonly name = 'DatasetError';
}

export interface PullOptions {
  /** Default `$TOOLGAUGE_CACHE_DIR/datasets` or `~/.cache/toolgauge/datasets`. */
  readonly cacheDir?: string;
  /** A SHA-256 to require (overrides the table's). */
  readonly sha256?: string;
  readonly fetch?: typeof fetch;
  readonly signal?: AbortSignal;
}

export interface PulledDataset {
  /** The folder to pass to `--data`. */
  readonly path: string;
  readonly sha256: string;
  /** False when it was already in the cache. */
  readonly downloaded: boolean;
  /** True when no hash was pinned and this download's hash was recorded instead. */
  readonly recordedHash: boolean;
}

const MARKER = '.toolgauge-dataset.json';

export function defaultCacheDir(): string {
  const base = process.env.TOOLGAUGE_CACHE_DIR ?? join(homedir(), '.cache', 'toolgauge');
  return join(base, 'datasets');
}

export async function pullDataset(source: DatasetSource, options: PullOptions = {}): Promise<PulledDataset> {
  const target = join(options.cacheDir ?? defaultCacheDir(), source.name, source.version);
  const pinned = (options.sha256 ?? source.sha256)?.toLowerCase() ?? null;
  const marker = join(target, MARKER);
  if (existsSync(marker)) {
    const recorded = JSON.parse(readFileSync(marker, 'utf8')) as { sha256: string };
    if (pinned && recorded.sha256 !== pinned) {
      throw new DatasetError(
        `the cached ${source.name} ${source.version} in ${target} has SHA-256 ${recorded.sha256}, not the pinned ${pinned}; delete the folder and pull again`,
      );
    }
    return { path: target, sha256: recorded.sha256, downloaded: false, recordedHash: false };
  }

  const bytes = await download(source, options);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (pinned && sha256 !== pinned) {
    throw new DatasetError(
      `the ${source.name} archive from ${source.url} has SHA-256 ${sha256}, expected ${pinned}; nothing was written`,
    );
  }
  let entries: ArchiveEntry[];
  try {
    entries = readArchive(bytes, source.format);
  } catch (error) {
    if (error instanceof ArchiveError)
      throw new DatasetError(`the ${source.name} archive is broken: ${error.message}; nothing was written`);
    throw error;
  }
  const kept = selectFolder(entries, source.folder);
  if (kept.length === 0) {
    throw new DatasetError(`the ${source.name} archive has no folder matching "${source.folder}"; nothing was written`);
  }

  const staging = `${target}.partial-${process.pid}-${Date.now()}`;
  try {
    for (const entry of kept) {
      const path = join(staging, entry.path);
      if (entry.type === 'folder') mkdirSync(path, { recursive: true });
      else {
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, entry.data);
      }
    }
    mkdirSync(staging, { recursive: true });
    writeFileSync(
      join(staging, MARKER),
      `${JSON.stringify({ name: source.name, version: source.version, url: source.url, sha256, pulledAt: new Date().toISOString() }, null, 2)}\n`,
    );
    mkdirSync(dirname(target), { recursive: true });
    rmSync(target, { recursive: true, force: true });
    renameSync(staging, target);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  return { path: target, sha256, downloaded: true, recordedHash: pinned === null };
}

async function download(source: DatasetSource, options: PullOptions): Promise<Buffer> {
  const fetcher = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await fetcher(source.url, options.signal ? { signal: options.signal } : {});
  } catch (error) {
    throw new DatasetError(
      `could not download ${source.name} from ${source.url}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!response.ok)
    throw new DatasetError(`could not download ${source.name} from ${source.url}: HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

/** The entries under the dataset's folder, with that folder stripped from their paths. */
export function selectFolder(entries: readonly ArchiveEntry[], folder: string): ArchiveEntry[] {
  const pattern = folder.split('/').filter(Boolean);
  const kept: ArchiveEntry[] = [];
  for (const entry of entries) {
    const parts = entry.path.split('/');
    if (parts.length <= pattern.length) continue;
    if (!pattern.every((part, index) => part === '*' || part === parts[index])) continue;
    kept.push({ ...entry, path: parts.slice(pattern.length).join('/') });
  }
  return kept;
}
