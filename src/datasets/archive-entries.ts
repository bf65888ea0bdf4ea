/**
 * What the archive readers share: the error they throw, the limits they keep, the sink they extract
 * into and the path check. Only regular files and folders are kept; a path that is absolute or climbs
 * out with `..` is refused, so an archive can never write outside the folder it is extracted into.
 * Readers stream: no entry, and no archive, is ever held whole in memory.
 */

export class ArchiveError extends Error {
  override readonly name = 'ArchiveError';
}

/** An archive that would unpack past a limit (a decompression bomb, or not the dataset it claims to be). */
export class ArchiveLimitError extends ArchiveError {}

export interface ArchiveLimits {
  /** The most the archive may unpack to: for tar, the inflated tar stream; for zip, its entries' sizes. */
  readonly maxExpandedBytes: number;
  /** The most entries (files, folders, headers) it may hold. */
  readonly maxEntries: number;
}

/** A file being extracted: chunks arrive in order, then `close`. */
export interface EntryWriter {
  write(chunk: Buffer): void;
  close(): void;
}

/** Where entries go; `file` returns no writer for an entry that is not kept. */
export interface ExtractSink {
  folder(path: string): void;
  file(path: string): EntryWriter | undefined;
}

export function safePath(path: string): string {
  const normalised = path.replaceAll('\\', '/').replace(/^\.\//, '').replace(/\/+$/, '');
  if (
    normalised.startsWith('/') ||
    /^[A-Za-z]:/.test(normalised) ||
    normalised.split('/').includes('..') ||
    normalised.includes('\0')
  ) {
    throw new ArchiveError(`the archive holds an unsafe path: ${path}`);
  }
  return normalised;
}

export function mebibytes(bytes: number): string {
  const value = bytes / 2 ** 20;
  return `${Number.isInteger(value) ? value : value.toFixed(1)} MiB`;
}

/** Throws once an archive's unpacked size passes its limit. */
export function expandedLimitError(limits: ArchiveLimits): ArchiveLimitError {
  return new ArchiveLimitError(
    `it unpacks to more than ${mebibytes(limits.maxExpandedBytes)} (--max-expanded-mb): a decompression bomb, or not this dataset`,
  );
}

export function entryLimitError(limits: ArchiveLimits): ArchiveLimitError {
  return new ArchiveLimitError(`it holds more than ${limits.maxEntries} entries (--max-entries)`);
}
