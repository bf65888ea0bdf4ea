/**
 * Error patterns counted on every trajectory as the executor sees them. These are the ToolScan patterns
 * that need no ground truth:
 * - `IFN` (invalid function name): a call to a tool that is not available;
 * - `IAN` (invalid argument name): a call with an argument the tool does not declare;
 * - `IAT` (invalid argument type): a call with an argument of the wrong type;
 * - `IFE` (invalid format error): a call whose arguments cannot be parsed;
 * - `RAC` (repeated action call): a call identical (name and arguments) to an earlier one.
 * The ground-truth patterns (IAC, IAV) are scored by the ToolScan benchmark, not here.
 */
export type DiagnosticPattern = 'IFN' | 'IAN' | 'IAT' | 'IFE' | 'RAC';

export const DIAGNOSTIC_PATTERNS: readonly DiagnosticPattern[] = ['IFN', 'IAN', 'IAT', 'IFE', 'RAC'];

/** One occurrence: which call, on which message, showed which pattern. */
export interface DiagnosticFinding {
  readonly pattern: DiagnosticPattern;
  /** Index of the tool-call message. */
  readonly messageIndex: number;
  readonly callId: string;
  readonly toolName: string;
}

export interface Diagnostics {
  /** Occurrences per pattern; every pattern is present, zero when unseen. */
  readonly counts: Readonly<Record<DiagnosticPattern, number>>;
  readonly findings: readonly DiagnosticFinding[];
}
