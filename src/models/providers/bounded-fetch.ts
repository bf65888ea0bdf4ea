/**
 * The HTTP client toolgauge gives the AI SDK: it reads at most a fixed number of bytes of a provider's
 * reply and never follows redirects, so a misbehaving server can neither exhaust memory nor bounce a
 * request (and its API key) somewhere else.
 */

/** Largest reply body read from a provider, in bytes (8 MiB). */
export const DEFAULT_MAX_REPLY_BYTES = 8 * 1024 * 1024;

/** Largest tool-call arguments accepted from a model, in bytes of JSON (64 KiB). */
export const DEFAULT_MAX_TOOL_ARGUMENT_BYTES = 64 * 1024;

/** Limits on what a model's reply may hold. */
export interface ReplyLimits {
  readonly maxReplyBytes: number;
  readonly maxToolArgumentBytes: number;
}

export const DEFAULT_REPLY_LIMITS: ReplyLimits = {
  maxReplyBytes: DEFAULT_MAX_REPLY_BYTES,
  maxToolArgumentBytes: DEFAULT_MAX_TOOL_ARGUMENT_BYTES,
};

/** The reply body was larger than the limit; reading stopped there. */
export class ReplyTooLargeError extends Error {
  constructor(
    readonly limitBytes: number,
    readonly declaredBytes?: number,
  ) {
    super(
      `reply larger than ${formatBytes(limitBytes)}${declaredBytes !== undefined ? ` (${formatBytes(declaredBytes)} announced)` : ''}; reading stopped at the limit`,
    );
    this.name = 'ReplyTooLargeError';
  }
}

/** The server answered with a redirect, which toolgauge does not follow. */
export class RedirectRefusedError extends Error {
  constructor(
    readonly status: number,
    readonly location: string | undefined,
  ) {
    super(
      `the server answered with a redirect (HTTP ${status}${location ? ` to ${location}` : ''}); redirects are not followed — use the final URL as the base URL`,
    );
    this.name = 'RedirectRefusedError';
  }
}

/** 8 MiB, 64 KiB, 300 bytes. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MiB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${bytes} bytes`;
}

const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * Wraps a fetch so that replies are read whole but never beyond `maxReplyBytes` (a larger announced
 * `Content-Length` fails before reading), and redirects come back as a {@link RedirectRefusedError}.
 */
export function boundedFetch(
  inner: typeof fetch = globalThis.fetch,
  maxReplyBytes = DEFAULT_MAX_REPLY_BYTES,
): typeof fetch {
  const bounded = async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    const response = await inner(input, { ...init, redirect: 'manual' });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => {});
      throw new RedirectRefusedError(response.status, response.headers.get('location') ?? undefined);
    }
    if (!response.body || NO_BODY_STATUSES.has(response.status)) return response;
    const announced = Number(response.headers.get('content-length') ?? Number.NaN);
    if (Number.isFinite(announced) && announced > maxReplyBytes) {
      await response.body.cancel().catch(() => {});
      throw new ReplyTooLargeError(maxReplyBytes, announced);
    }
    return new Response(await readAtMost(response.body, maxReplyBytes), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return bounded as typeof fetch;
}

/** Reads a body whole, but never beyond `maxBytes`: more cancels the read with a {@link ReplyTooLargeError}. */
export async function readAtMost(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Buffer<ArrayBuffer>> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new ReplyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
