/**
 * Downloads a URL into a file as a stream, within limits: at most `maxBytes` (a Content-Length over it
 * is refused before the body is read), nothing received for `idleMs` or the whole download past
 * `totalMs` aborts it, and a body that ends before its Content-Length is an error. The archive's
 * SHA-256 is computed on the way. Errors are {@link DownloadError}s saying what happened, in words.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import { mebibytes } from './archive-entries.js';

export class DownloadError extends Error {
  override readonly name = 'DownloadError';
  constructor(
    message: string,
    /** What went wrong, for advice: a limit, a stall, a broken-off body, an HTTP status, a network failure. */
    readonly kind: 'too-large' | 'stalled' | 'too-slow' | 'cut-short' | 'http' | 'network' | 'cancelled',
  ) {
    super(message);
  }
}

export interface DownloadLimits {
  readonly maxBytes: number;
  readonly idleMs: number;
  readonly totalMs: number;
}

export interface Downloaded {
  readonly bytes: number;
  readonly sha256: string;
}

function reason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

export async function downloadToFile(
  url: string,
  file: string,
  limits: DownloadLimits,
  options: { readonly fetch?: typeof fetch; readonly signal?: AbortSignal } = {},
): Promise<Downloaded> {
  const controller = new AbortController();
  let stopped: 'stalled' | 'too-slow' | undefined;
  const stop = (why: 'stalled' | 'too-slow') => {
    stopped ??= why;
    controller.abort();
  };
  let idle = setTimeout(() => stop('stalled'), limits.idleMs);
  const total = setTimeout(() => stop('too-slow'), limits.totalMs);
  const signal = options.signal ? AbortSignal.any([controller.signal, options.signal]) : controller.signal;
  const limitError = () => {
    if (stopped === 'stalled')
      return new DownloadError(`nothing arrived for ${limits.idleMs / 1000} s (--timeout)`, 'stalled');
    if (stopped === 'too-slow')
      return new DownloadError(`it took longer than ${limits.totalMs / 1000} s (--max-time)`, 'too-slow');
    return new DownloadError('it was cancelled', 'cancelled');
  };
  let fd: number | undefined;
  try {
    let response: Response;
    try {
      // Identity encoding: the limits count the bytes of the archive itself.
      response = await (options.fetch ?? fetch)(url, { signal, headers: { 'accept-encoding': 'identity' } });
    } catch (error) {
      if (signal.aborted) throw limitError();
      throw new DownloadError(`the request failed (${reason(error)})`, 'network');
    }
    clearTimeout(idle);
    idle = setTimeout(() => stop('stalled'), limits.idleMs);
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new DownloadError(`the server answered HTTP ${response.status}`, 'http');
    }
    const declared = Number(response.headers.get('content-length') ?? Number.NaN);
    if (declared > limits.maxBytes) {
      await response.body?.cancel().catch(() => {});
      throw new DownloadError(
        `it is ${mebibytes(declared)}, over the ${mebibytes(limits.maxBytes)} limit (--max-download-mb)`,
        'too-large',
      );
    }
    const hash = createHash('sha256');
    let received = 0;
    fd = openSync(file, 'w');
    const body = response.body;
    if (body) {
      const reader = body.getReader();
      for (;;) {
        let chunk: Awaited<ReturnType<typeof reader.read>>;
        try {
          chunk = await reader.read();
        } catch (error) {
          if (signal.aborted) throw limitError();
          const expected = Number.isFinite(declared) ? ` of the ${declared} announced` : '';
          throw new DownloadError(
            `the body broke off after ${received} bytes${expected} (${reason(error)})`,
            'cut-short',
          );
        }
        if (chunk.done) break;
        received += chunk.value.length;
        if (received > limits.maxBytes) {
          await reader.cancel().catch(() => {});
          throw new DownloadError(`it passed the ${mebibytes(limits.maxBytes)} limit (--max-download-mb)`, 'too-large');
        }
        hash.update(chunk.value);
        writeSync(fd, chunk.value);
        clearTimeout(idle);
        idle = setTimeout(() => stop('stalled'), limits.idleMs);
      }
    }
    if (Number.isFinite(declared) && received !== declared)
      throw new DownloadError(`the body has ${received} bytes, not the ${declared} announced`, 'cut-short');
    return { bytes: received, sha256: hash.digest('hex') };
  } finally {
    clearTimeout(idle);
    clearTimeout(total);
    if (fd !== undefined) closeSync(fd);
  }
}
