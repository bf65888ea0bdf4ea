import { seededRandom } from '../util/seeded-random.js';

/** The faults the reference server can inject, as real providers show them. */
export const FAULT_KINDS = ['429', '500', 'slow', 'drop', 'malformed'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultOptions {
  /** Share of model requests that meet a fault, from 0 to 1. */
  readonly rate: number;
  /** The kinds to draw from, uniformly. */
  readonly kinds: readonly FaultKind[];
  /** How long a `slow` reply waits before answering correctly (default 2000 ms). */
  readonly slowMs?: number;
  /** The `Retry-After` of a `429` (default 1 s). */
  readonly retryAfterSeconds?: number;
  /** Seeds the draws; default: the server's seed. */
  readonly seed?: string;
}

export const DEFAULT_SLOW_MS = 2000;
export const DEFAULT_RETRY_AFTER_SECONDS = 1;

/**
 * Decides, request by request, whether a fault happens and which. Two numbers are drawn from a seeded
 * generator for every request, fault or not, so the same seed and the same order of requests always
 * give the same faults. `reset` starts the sequence again.
 */
export class FaultPlan {
  private random: () => number;

  constructor(
    private readonly options: FaultOptions | undefined,
    private readonly seed: string,
  ) {
    if (options) checkFaultOptions(options);
    this.random = seededRandom(this.fullSeed());
  }

  next(): FaultKind | undefined {
    if (!this.options || this.options.kinds.length === 0) return undefined;
    const happens = this.random();
    const pick = this.random();
    if (happens >= this.options.rate) return undefined;
    return this.options.kinds[Math.min(Math.floor(pick * this.options.kinds.length), this.options.kinds.length - 1)];
  }

  reset(): void {
    this.random = seededRandom(this.fullSeed());
  }

  get slowMs(): number {
    return this.options?.slowMs ?? DEFAULT_SLOW_MS;
  }

  get retryAfterSeconds(): number {
    return this.options?.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS;
  }

  private fullSeed(): string {
    return `faults\u0000${this.options?.seed ?? this.seed}`;
  }
}

/** Throws a `RangeError` naming the field when fault options make no sense. */
export function checkFaultOptions(options: FaultOptions): void {
  if (!(options.rate >= 0 && options.rate <= 1)) {
    throw new RangeError(`faults.rate must be a number from 0 to 1, got ${options.rate}`);
  }
  for (const kind of options.kinds) {
    if (!(FAULT_KINDS as readonly string[]).includes(kind)) {
      throw new RangeError(`faults.kinds: unknown fault "${kind}" (known: ${FAULT_KINDS.join(', ')})`);
    }
  }
  if (options.rate > 0 && options.kinds.length === 0) {
    throw new RangeError('faults.kinds is empty but faults.rate is above 0: name the faults to inject');
  }
  for (const [field, value] of [
    ['slowMs', options.slowMs],
    ['retryAfterSeconds', options.retryAfterSeconds],
  ] as const) {
    if (value !== undefined && !(Number.isFinite(value) && value >= 0)) {
      throw new RangeError(`faults.${field} must be a number of at least 0, got ${value}`);
    }
  }
}
