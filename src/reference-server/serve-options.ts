import { FAULT_KINDS, type FaultKind } from './fault-plan.js';
import type { ReferenceServerOptions } from './reference-server.js';

/** The reference server's settings as command-line flags give them: text, checked here. */
export interface ServeFlags {
  readonly port?: string;
  readonly host?: string;
  /** Which benchmarks to play (default: every one with a reference model). */
  readonly benchmark?: readonly string[];
  /** Case files or folders of the one benchmark served (alone: the default one); none means built-in cases. */
  readonly data?: readonly string[];
  /** The same as `data` (the sandbox calls its cases scenarios). */
  readonly scenarios?: readonly string[];
  /** Share of requests that fault, 0 to 1. Faults are on when this or `faultKinds` is given. */
  readonly faultRate?: string;
  /** Comma-separated kinds (`429,500,slow,drop,malformed`); default: all of them. */
  readonly faultKinds?: string;
  readonly slowMs?: string;
  readonly retryAfter?: string;
  readonly latencyMs?: string;
  readonly seed?: string;
  /** Index every case's tools before listening. */
  readonly warm?: boolean;
}

/**
 * Turns flags into {@link ReferenceServerOptions}. Throws an `Error` naming the flag (`--fault-rate`
 * and so on) and the bad value when a flag does not parse.
 */
export function parseServeOptions(flags: ServeFlags): ReferenceServerOptions {
  const port = flags.port === undefined ? undefined : integer('--port', flags.port, 0, 65535);
  const latencyMs = flags.latencyMs === undefined ? undefined : integer('--latency-ms', flags.latencyMs, 0);
  const faultsOn = flags.faultRate !== undefined || flags.faultKinds !== undefined;
  const kinds = flags.faultKinds === undefined ? [...FAULT_KINDS] : faultKinds(flags.faultKinds);
  const rate = flags.faultRate === undefined ? 0.1 : number('--fault-rate', flags.faultRate, 0, 1);
  const slowMs = flags.slowMs === undefined ? undefined : integer('--slow-ms', flags.slowMs, 0);
  const retryAfterSeconds = flags.retryAfter === undefined ? undefined : number('--retry-after', flags.retryAfter, 0);
  return {
    ...(port === undefined ? {} : { port }),
    ...(flags.host === undefined ? {} : { host: flags.host }),
    ...(flags.benchmark?.length ? { benchmarks: flags.benchmark } : {}),
    ...(flags.data?.length || flags.scenarios?.length
      ? { data: [...(flags.data ?? []), ...(flags.scenarios ?? [])] }
      : {}),
    ...(latencyMs === undefined ? {} : { latencyMs }),
    ...(flags.seed === undefined ? {} : { seed: flags.seed }),
    ...(flags.warm ? { warm: true } : {}),
    ...(faultsOn
      ? {
          faults: {
            rate,
            kinds,
            ...(slowMs === undefined ? {} : { slowMs }),
            ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
          },
        }
      : {}),
  };
}

function faultKinds(text: string): FaultKind[] {
  const kinds = text
    .split(',')
    .map((kind) => kind.trim())
    .filter(Boolean);
  for (const kind of kinds) {
    if (!(FAULT_KINDS as readonly string[]).includes(kind)) {
      throw new Error(`--fault-kinds: unknown fault "${kind}"; choose from ${FAULT_KINDS.join(', ')}`);
    }
  }
  if (kinds.length === 0) throw new Error(`--fault-kinds is empty; choose from ${FAULT_KINDS.join(', ')}`);
  return kinds as FaultKind[];
}

function number(flag: string, text: string, min: number, max = Number.POSITIVE_INFINITY): number {
  const value = text.trim() === '' ? Number.NaN : Number(text);
  if (!(Number.isFinite(value) && value >= min && value <= max)) {
    const range = Number.isFinite(max) ? `from ${min} to ${max}` : `of at least ${min}`;
    throw new Error(`${flag} must be a number ${range}, got "${text}"`);
  }
  return value;
}

function integer(flag: string, text: string, min: number, max = Number.POSITIVE_INFINITY): number {
  const value = number(flag, text, min, max);
  if (!Number.isInteger(value)) throw new Error(`${flag} must be a whole number, got "${text}"`);
  return value;
}
