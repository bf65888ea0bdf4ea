import { FAULT_KINDS, type FaultKind } from './fault-plan.js';

/** What the reference server has seen since it started or was last reset (`GET /__stats`). */
export interface ServerStats {
  /** Model requests (every path but the `/__` admin ones). */
  readonly requests: number;
  readonly byPath: Readonly<Record<string, number>>;
  /** Matched requests by the role the server played. */
  readonly byRole: { readonly agent: number; readonly user: number };
  /** Faults injected, by kind (a `malformed` draw on a turn without tool calls injects nothing). */
  readonly faults: Readonly<Record<FaultKind, number>>;
  /** Requests answered 400 because they matched no scenario case. */
  readonly unmatched: number;
}

/** The server's mutable counters. */
export class StatsCounter {
  private requests = 0;
  private byPath: Record<string, number> = {};
  private byRole = { agent: 0, user: 0 };
  private faults = emptyFaults();
  private unmatched = 0;

  request(path: string): void {
    this.requests += 1;
    this.byPath[path] = (this.byPath[path] ?? 0) + 1;
  }

  role(role: 'agent' | 'user'): void {
    this.byRole[role] += 1;
  }

  fault(kind: FaultKind): void {
    this.faults[kind] += 1;
  }

  unmatchedRequest(): void {
    this.unmatched += 1;
  }

  snapshot(): ServerStats {
    return {
      requests: this.requests,
      byPath: { ...this.byPath },
      byRole: { ...this.byRole },
      faults: { ...this.faults },
      unmatched: this.unmatched,
    };
  }

  reset(): void {
    this.requests = 0;
    this.byPath = {};
    this.byRole = { agent: 0, user: 0 };
    this.faults = emptyFaults();
    this.unmatched = 0;
  }
}

function emptyFaults(): Record<FaultKind, number> {
  return Object.fromEntries(FAULT_KINDS.map((kind) => [kind, 0])) as Record<FaultKind, number>;
}
