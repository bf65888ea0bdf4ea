/**
 * Minimal readers for the two archive formats datasets come in: tar (optionally gzipped: ustar, with
 * GNU long names and pax paths) and zip (stored or deflated entries). Only regular files and folders are
 * kept; a path that is absolute or climbs out with `..` is refused, so an archive can never write outside
 * the folder it is extracted into.
 */
import { gunzipSync, inflateRawSync } from 'node:zlib';

export interface ArchiveEntry {
  /** Relative path with `/` separators. */
  readonly path: string;
  readonly type: 'file' | 'folder';
  readonly data: Buffer;
}

export class ArchiveError extends Error {
  override readonly name = 'ArchiveError';
}

export function readArchive(bytes: Buffer, format: 'tar.gz' | 'tar' | 'zip'): ArchiveEntry[] {
  if (format === 'zip') return readZip(bytes);
  return readTar(format === 'tar.gz' ? gunzip(bytes) : bytes);
}

function gunzip(bytes: Buffer): Buffer {
  try {
    return gunzipSync(bytes);
  } catch (error) {
    throw new ArchiveError(`the archive is not valid gzip: ${error instanceof Error ? error.message : String(error)}`);
  }
}

export function safePath(path: string): string {
  const normalised = path.replaceAll('\\', '/').replace(/^\.\//, '').replace(/\/+$/, '');
  if (normalised.startsWith('/') || /^[A-Za-z]:/.test(normalised) || normalised.split('/').includes('..')) {
    throw new ArchiveError(`the archive holds an unsafe path: ${path}`);
  }
  return normalised;
}

function text(block: Buffer, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? field.length : end).toString('utf8');
}

function octal(block: Buffer, start: number, length: number): number {
  const value = text(block, start, length).trim();
  return value === '' ? 0 : Number.parseInt(value, 8);
}

export function readTar(bytes: Buffer): ArchiveEntry[] {
  const entries: ArchiveEntry[] = [];
  let offset = 0;
  let longName: string | undefined;
  let paxPath: string | undefined;
  while (offset + 512 <= bytes.length) {
    const header = bytes.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const checksum = octal(header, 148, 8);
    let sum = 0;
    for (let index = 0; index < 512; index += 1) sum += index >= 148 && index < 156 ? 32 : (header[index] ?? 0);
    if (sum !== checksum) throw new ArchiveError(`tar header at byte ${offset} has a bad checksum`);
    const size = octal(header, 124, 12);
    const typeFlag = String.fromCharCode(header[156] ?? 0);
    const data = bytes.subarray(offset + 512, offset + 512 + size);
    if (data.length < size) throw new ArchiveError(`tar entry at byte ${offset} is cut short`);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (typeFlag === 'L') {
      longName = text(data, 0, data.length);
      continue;
    }
    if (typeFlag === 'x') {
      const match = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(data.toString('utf8'));
      paxPath = match?.[1];
      continue;
    }
    const prefix = text(header, 345, 155);
    const name = paxPath ?? longName ?? (prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100));
    longName = undefined;
    paxPath = undefined;
    if (typeFlag === '0' || typeFlag === '\0' || typeFlag === '7') {
      entries.push({ path: safePath(name), type: 'file', data: Buffer.from(data) });
    } else if (typeFlag === '5') {
      entries.push({ path: safePath(name), type: 'folder', data: Buffer.alloc(0) });
    }
    // Links, devices and global pax headers are skipped: datasets are plain files.
  }
  return entries;
}

export function readZip(bytes: Buffer): ArchiveEntry[] {
  let end = -1;
  for (let offset = bytes.length - 22; offset >= Math.max(0, bytes.length - 65_557); offset -= 1) {
    if (bytes.readUInt32LE(offset) === 0x06054b50) {
      end = offset;
      break;
    }
  }
  if (end < 0) throw new ArchiveError('the archive is not a zip file (no end of central directory)');
  const count = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  const entries: ArchiveEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (bytes.readUInt32LE(offset) !== 0x02014b50)
      throw new ArchiveError(`zip central directory entry ${index} is damaged`);
    const method = bytes.readUInt16LE(offset + 10);
    const compressedSize = bytes.readUInt32LE(offset + 20);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const localOffset = bytes.readUInt32LE(offset + 42);
    const name = bytes.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    offset += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) {
      entries.push({ path: safePath(name), type: 'folder', data: Buffer.alloc(0) });
      continue;
    }
    const localNameLength = bytes.readUInt16LE(localOffset + 26);
    const localExtraLength = bytes.readUInt16LE(localOffset + 28);
    const start = localOffset + 30 + localNameLength + localExtraLength;
    const compressed = bytes.subarray(start, start + compressedSize);
    let data: Buffer;
    if (method === 0) data = Buffer.from(compressed);
    else if (method === 8) data = inflateRawSync(compressed);
    else
      throw new ArchiveError(
        `zip entry ${name} uses compression method ${method}; only stored and deflate are supported`,
      );
    entries.push({ path: safePath(name), type: 'file', data });
  }
  return entries;
}
