/**
 * A zip reader over a file on disk (stored and deflated entries): the central directory is read and
 * checked first — entry count and the sum of declared sizes against the limits, every offset inside the
 * file — then each kept entry is inflated as a stream that stops at its declared size and must match its
 * CRC-32. Zip64 archives (entries or offsets past 4 GiB) are refused: no dataset needs one.
 */
import { closeSync, createReadStream, fstatSync, openSync, readSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { crc32, createInflateRaw } from 'node:zlib';
import {
  ArchiveError,
  type ArchiveLimits,
  type ExtractSink,
  entryLimitError,
  expandedLimitError,
  safePath,
} from './archive-entries.js';

interface CentralEntry {
  readonly name: string;
  readonly method: number;
  readonly flags: number;
  readonly crc: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly localOffset: number;
  /** Where the entry's data starts (after its local header), found once the directory is read. */
  dataStart: number;
}

const ZIP64 = new ArchiveError(
  'it is a zip64 archive (sizes, offsets or an entry count past the 32-bit limits), which toolgauge does not read',
);

function readAt(fd: number, position: number, length: number, fileSize: number, what: string): Buffer {
  if (position < 0 || length < 0 || position + length > fileSize)
    throw new ArchiveError(`the zip archive is damaged: its ${what} lies outside the file`);
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const count = readSync(fd, buffer, done, length - done, position + done);
    if (count === 0) throw new ArchiveError(`the zip archive is damaged: its ${what} is cut short`);
    done += count;
  }
  return buffer;
}

function centralDirectory(fd: number, fileSize: number, limits: ArchiveLimits): CentralEntry[] {
  const tailLength = Math.min(fileSize, 65_557);
  const tail = readAt(fd, fileSize - tailLength, tailLength, fileSize, 'end record');
  let end = -1;
  for (let at = tail.length - 22; at >= 0; at -= 1) {
    if (tail.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ArchiveError('it is not a zip file (no end of central directory)');
  if (end >= 20 && tail.readUInt32LE(end - 20) === 0x07064b50) throw ZIP64;
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) throw ZIP64;
  if (tail.readUInt16LE(end + 4) !== 0 || tail.readUInt16LE(end + 6) !== 0)
    throw new ArchiveError('it is a multi-disk zip archive, which toolgauge does not read');
  if (count > limits.maxEntries) throw entryLimitError(limits);
  const directory = readAt(fd, directoryOffset, directorySize, fileSize, 'central directory');
  const entries: CentralEntry[] = [];
  let offset = 0;
  let declared = 0;
  for (let index = 0; index < count; index += 1) {
    if (offset + 46 > directory.length || directory.readUInt32LE(offset) !== 0x02014b50)
      throw new ArchiveError(`the zip archive is damaged: central directory entry ${index} is not where it should be`);
    const nameLength = directory.readUInt16LE(offset + 28);
    const extraLength = directory.readUInt16LE(offset + 30);
    const commentLength = directory.readUInt16LE(offset + 32);
    if (offset + 46 + nameLength > directory.length)
      throw new ArchiveError(`the zip archive is damaged: central directory entry ${index} is cut short`);
    const entry: CentralEntry = {
      flags: directory.readUInt16LE(offset + 8),
      method: directory.readUInt16LE(offset + 10),
      crc: directory.readUInt32LE(offset + 16),
      compressedSize: directory.readUInt32LE(offset + 20),
      size: directory.readUInt32LE(offset + 24),
      localOffset: directory.readUInt32LE(offset + 42),
      name: directory.subarray(offset + 46, offset + 46 + nameLength).toString('utf8'),
      dataStart: 0,
    };
    if ([entry.compressedSize, entry.size, entry.localOffset].includes(0xffffffff)) throw ZIP64;
    declared += entry.size;
    // The declared sizes are checked before anything is inflated; inflating stops at them below.
    if (declared > limits.maxExpandedBytes) throw expandedLimitError(limits);
    entries.push(entry);
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Extracts the zip file at `path` into the sink, within the limits. */
export async function extractZip(path: string, sink: ExtractSink, limits: ArchiveLimits): Promise<void> {
  const fd = openSync(path, 'r');
  let entries: CentralEntry[];
  let fileSize: number;
  try {
    fileSize = fstatSync(fd).size;
    entries = centralDirectory(fd, fileSize, limits);
    for (const entry of entries) {
      if (entry.name.endsWith('/')) continue;
      const local = readAt(fd, entry.localOffset, 30, fileSize, `local header of ${entry.name}`);
      if (local.readUInt32LE(0) !== 0x04034b50)
        throw new ArchiveError(`the zip archive is damaged: the local header of ${entry.name} is missing`);
      const start = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      if (start + entry.compressedSize > fileSize)
        throw new ArchiveError(`the zip archive is damaged: the data of ${entry.name} lies outside the file`);
      entry.dataStart = start;
    }
  } finally {
    closeSync(fd);
  }
  for (const entry of entries) {
    if (entry.name.endsWith('/')) {
      sink.folder(safePath(entry.name));
      continue;
    }
    const name = safePath(entry.name);
    if (entry.flags & 1) throw new ArchiveError(`zip entry ${name} is encrypted`);
    if (entry.method !== 0 && entry.method !== 8)
      throw new ArchiveError(
        `zip entry ${name} uses compression method ${entry.method}; only stored and deflate are supported`,
      );
    if (entry.compressedSize === 0 && entry.size !== 0)
      throw new ArchiveError(`zip entry ${name} is empty but declares ${entry.size} bytes`);
    const writer = sink.file(name);
    if (!writer) continue;
    let written = 0;
    let crc = 0;
    try {
      if (entry.compressedSize > 0) {
        const source = createReadStream(path, {
          start: entry.dataStart,
          end: entry.dataStart + entry.compressedSize - 1,
          highWaterMark: 1 << 16,
        });
        let refused: unknown;
        const consume = async (chunks: AsyncIterable<Buffer>) => {
          try {
            for await (const chunk of chunks) {
              written += chunk.length;
              if (written > entry.size)
                throw new ArchiveError(`zip entry ${name} inflates past its declared ${entry.size} bytes (a zip bomb)`);
              crc = crc32(chunk, crc);
              writer.write(chunk);
            }
          } catch (error) {
            refused ??= error;
            throw error;
          }
        };
        await (entry.method === 8
          ? pipeline(source, createInflateRaw({ chunkSize: 1 << 18 }), consume)
          : pipeline(source, consume)
        ).catch((caught: unknown) => {
          const error = refused ?? caught;
          if (error instanceof ArchiveError) throw error;
          throw new ArchiveError(
            `zip entry ${name} does not inflate: ${error instanceof Error ? error.message : String(error)}`,
          );
        });
      }
    } finally {
      writer.close();
    }
    if (written !== entry.size)
      throw new ArchiveError(`zip entry ${name} holds ${written} bytes but declares ${entry.size}`);
    if (crc >>> 0 !== entry.crc) throw new ArchiveError(`zip entry ${name} fails its CRC-32 check`);
  }
}
