/**
 * The content digest of a dataset folder: what `data pull` pins for a built-in dataset instead of the
 * archive's own hash (GitHub builds its archives on the fly and their bytes have changed over time; the
 * files inside do not). It is the SHA-256 of one line `<git blob id> <path>\n` per file, sorted by the
 * path's UTF-8 bytes, where the path is relative to the kept folder with `/` separators and the blob id
 * is the id git gives the file's content (SHA-1 of `blob <size>\0<content>`). Using git's ids means the
 * value can be computed from the pinned commit's tree alone (`scripts/dataset-content-digest.ts`), even
 * where a mirror lacks some file contents, and it names exactly the files of that commit.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface DigestFile {
  /** Relative path, `/`-separated. */
  readonly path: string;
  /** The file's git blob id (40 hex digits). */
  readonly blobId: string;
}

/** The digest of a list of files (any order). */
export function contentDigestOf(files: readonly DigestFile[]): string {
  const sorted = [...files].sort((a, b) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)));
  const hash = createHash('sha256');
  for (const file of sorted) hash.update(`${file.blobId} ${file.path}\n`);
  return hash.digest('hex');
}

/** The git blob id of a file's content, read in chunks (a file is never held whole). */
export function gitBlobIdOfFile(path: string): string {
  const size = statSync(path).size;
  const hash = createHash('sha1').update(`blob ${size}\0`);
  const fd = openSync(path, 'r');
  try {
    const chunk = Buffer.alloc(1 << 20);
    let read = 0;
    while (read < size) {
      const count = readSync(fd, chunk, 0, chunk.length, read);
      if (count === 0) break;
      hash.update(chunk.subarray(0, count));
      read += count;
    }
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

/** Every regular file under a folder, with its blob id; `exclude` names relative paths to leave out. */
export function digestFilesOf(folder: string, exclude: readonly string[] = []): DigestFile[] {
  const files: DigestFile[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (exclude.includes(relative)) continue;
      if (entry.isDirectory()) walk(join(dir, entry.name), relative);
      else if (entry.isFile()) files.push({ path: relative, blobId: gitBlobIdOfFile(join(dir, entry.name)) });
    }
  };
  walk(folder, '');
  return files;
}

/** The content digest of a folder's files (symbolic links and other non-files are not counted). */
export function contentDigestOfFolder(folder: string, exclude: readonly string[] = []): string {
  return contentDigestOf(digestFilesOf(folder, exclude));
}
