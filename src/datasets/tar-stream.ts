/**
 * A streaming tar reader (ustar, with GNU long names and pax paths and sizes): bytes are pushed in
 * chunks of any size and entries go to a sink as they arrive, so memory stays at one header block and
 * one chunk whatever the archive holds. An archive counts as complete only after its end-of-archive
 * marker (two zero blocks): a tar cut at an entry boundary looks valid up to there and is refused.
 */
import {
  ArchiveError,
  type ArchiveLimits,
  type EntryWriter,
  type ExtractSink,
  entryLimitError,
  expandedLimitError,
  safePath,
} from './archive-entries.js';

/** GNU long names and pax headers are held in memory; real ones are a few hundred bytes. */
const MAX_META_BYTES = 1 << 20;

function text(block: Buffer, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? field.length : end).toString('utf8');
}

function numeric(block: Buffer, start: number, length: number): number {
  const first = block[start] ?? 0;
  if (first & 0x80) {
    // GNU base-256: big-endian, the top bit of the first byte set.
    let value = first & 0x7f;
    for (let index = start + 1; index < start + length; index += 1) value = value * 256 + (block[index] ?? 0);
    return value;
  }
  const value = text(block, start, length).trim();
  if (value === '') return 0;
  if (!/^[0-7]+$/.test(value)) throw new ArchiveError(`tar header holds a number that is not octal: "${value}"`);
  return Number.parseInt(value, 8);
}

type Meta = { kind: 'long-name' | 'pax'; chunks: Buffer[] };

export class TarStreamReader {
  private readonly header = Buffer.alloc(512);
  private headerFill = 0;
  /** Bytes of the current entry's data still to come, then its padding. */
  private remaining = 0;
  private padding = 0;
  private writer: EntryWriter | undefined;
  private meta: Meta | undefined;
  private longName: string | undefined;
  private paxPath: string | undefined;
  private paxSize: number | undefined;
  private zeroBlocks = 0;
  private entries = 0;
  private offset = 0;
  /** True once the end-of-archive marker was read; what follows (record padding) is ignored. */
  ended = false;

  constructor(
    private readonly sink: ExtractSink,
    private readonly limits: ArchiveLimits,
  ) {}

  push(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length && !this.ended) {
      if (this.remaining > 0) {
        const take = Math.min(this.remaining, chunk.length - at);
        this.data(chunk.subarray(at, at + take));
        this.remaining -= take;
        at += take;
        if (this.remaining === 0) this.endEntry();
      } else if (this.padding > 0) {
        const take = Math.min(this.padding, chunk.length - at);
        this.padding -= take;
        at += take;
      } else {
        const take = Math.min(512 - this.headerFill, chunk.length - at);
        chunk.copy(this.header, this.headerFill, at, at + take);
        this.headerFill += take;
        at += take;
        if (this.headerFill === 512) {
          this.headerFill = 0;
          this.readHeader();
          this.offset += 512;
        }
      }
    }
  }

  /** Throws unless the archive ended properly. */
  finish(): void {
    if (this.ended) return;
    if (this.remaining > 0 || this.headerFill > 0 || this.padding > 0)
      throw new ArchiveError(`the tar archive is cut short inside an entry (at byte ${this.offset})`);
    throw new ArchiveError(
      `the tar archive is cut short: it has no end-of-archive marker (two zero blocks) after byte ${this.offset}`,
    );
  }

  private data(slice: Buffer): void {
    this.offset += slice.length;
    if (this.meta) {
      this.meta.chunks.push(Buffer.from(slice));
    } else this.writer?.write(slice);
  }

  private endEntry(): void {
    this.writer?.close();
    this.writer = undefined;
    if (this.meta) {
      const content = Buffer.concat(this.meta.chunks);
      if (this.meta.kind === 'long-name') this.longName = text(content, 0, content.length);
      else {
        const records = content.toString('utf8');
        this.paxPath = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(records)?.[1];
        const size = /(?:^|\n)\d+ size=(\d+)\n/.exec(records)?.[1];
        this.paxSize = size === undefined ? undefined : Number(size);
      }
      this.meta = undefined;
    }
    this.offset += this.padding;
  }

  private readHeader(): void {
    const header = this.header;
    if (header.every((byte) => byte === 0)) {
      this.zeroBlocks += 1;
      if (this.zeroBlocks === 2) this.ended = true;
      return;
    }
    if (this.zeroBlocks > 0)
      throw new ArchiveError(`the tar archive has a lone zero block before byte ${this.offset} (damaged)`);
    this.entries += 1;
    if (this.entries > this.limits.maxEntries) throw entryLimitError(this.limits);
    const checksum = numeric(header, 148, 8);
    let sum = 0;
    for (let index = 0; index < 512; index += 1) sum += index >= 148 && index < 156 ? 32 : (header[index] ?? 0);
    if (sum !== checksum) throw new ArchiveError(`tar header at byte ${this.offset} has a bad checksum`);
    const typeFlag = String.fromCharCode(header[156] ?? 0);
    const size = this.paxSize ?? numeric(header, 124, 12);
    // A declared size past the limit is refused before a byte of it is read.
    if (size > this.limits.maxExpandedBytes) throw expandedLimitError(this.limits);
    this.remaining = size;
    this.padding = (512 - (size % 512)) % 512;

    if (typeFlag === 'L' || typeFlag === 'x') {
      if (size > MAX_META_BYTES)
        throw new ArchiveError(`tar header at byte ${this.offset} declares ${size} bytes of metadata`);
      this.meta = { kind: typeFlag === 'L' ? 'long-name' : 'pax', chunks: [] };
    } else {
      const prefix = text(header, 345, 155);
      const name =
        this.paxPath ?? this.longName ?? (prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100));
      this.longName = undefined;
      this.paxPath = undefined;
      this.paxSize = undefined;
      if (typeFlag === '0' || typeFlag === '\0' || typeFlag === '7') this.writer = this.sink.file(safePath(name));
      else if (typeFlag === '5') this.sink.folder(safePath(name));
      // Links, devices and global pax headers ('g') are skipped: datasets are plain files.
    }
    if (size === 0) this.endEntry();
  }
}
