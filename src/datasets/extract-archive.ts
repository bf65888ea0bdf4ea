/**
 * Extracts a downloaded archive file (tar.gz, tar or zip) into a sink within limits. Gzip is inflated as
 * a stream with a running count, so a decompression bomb stops at the limit after reading only what it
 * takes to get there; the whole gzip stream is read to its end so that a truncated or corrupt one
 * (its length and CRC-32 are checked by zlib) is refused even when the tar inside looks complete.
 */
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { ArchiveError, type ArchiveLimits, type ExtractSink, expandedLimitError } from './archive-entries.js';
import { TarStreamReader } from './tar-stream.js';
import { extractZip } from './zip-extract.js';

export type ArchiveFormat = 'tar.gz' | 'tar' | 'zip';

export async function extractArchive(
  path: string,
  format: ArchiveFormat,
  sink: ExtractSink,
  limits: ArchiveLimits,
): Promise<void> {
  if (format === 'zip') return extractZip(path, sink, limits);
  const reader = new TarStreamReader(sink, limits);
  let expanded = 0;
  // What the reader threw: the pipeline may report it as an abort of the streams before it.
  let refused: unknown;
  const consume = async (chunks: AsyncIterable<Buffer>) => {
    try {
      for await (const chunk of chunks) {
        expanded += chunk.length;
        if (expanded > limits.maxExpandedBytes) throw expandedLimitError(limits);
        if (!reader.ended) reader.push(chunk);
      }
    } catch (error) {
      refused ??= error;
      throw error;
    }
  };
  const source = createReadStream(path, { highWaterMark: 1 << 16 });
  try {
    if (format === 'tar.gz') await pipeline(source, createGunzip({ chunkSize: 1 << 18 }), consume);
    else await pipeline(source, consume);
  } catch (caught) {
    const error = refused ?? caught;
    if (error instanceof ArchiveError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'Z_BUF_ERROR' || (error instanceof Error && /unexpected end of file/i.test(error.message)))
      throw new ArchiveError('the gzip stream is cut short (the download is incomplete)');
    if (typeof code === 'string' && code.startsWith('Z_'))
      throw new ArchiveError(`the archive is not valid gzip: ${(error as Error).message}`);
    throw error;
  }
  reader.finish();
}
