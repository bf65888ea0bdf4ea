import type { DiagnosticFinding } from '../../src/report/report-data';

/** What each diagnostic pattern means: a short label for the badge and a sentence for its tooltip. */
export const DIAGNOSTIC_INFO: Readonly<Record<string, { readonly label: string; readonly explanation: string }>> = {
  IFN: {
    label: 'unknown tool',
    explanation: 'Invalid function name: the agent called a tool that is not available.',
  },
  IAN: {
    label: 'unknown argument',
    explanation: 'Invalid argument name: the call passed an argument the tool does not declare.',
  },
  IAT: {
    label: 'wrong argument type',
    explanation: 'Invalid argument type: the call passed an argument of the wrong type.',
  },
  IFE: {
    label: 'unparsable arguments',
    explanation: 'Invalid format error: the call’s arguments could not be parsed.',
  },
  RAC: {
    label: 'repeated call',
    explanation:
      'Repeated action call: the same tool with the same arguments as an earlier call, with no world change in between, so it could learn nothing new.',
  },
};

/** The order badges are shown in (unknown patterns, from newer reports, after these, alphabetically). */
const PATTERN_ORDER: readonly string[] = Object.keys(DIAGNOSTIC_INFO);

/** One badge on an offending tool-call message. */
export interface FindingBadge {
  readonly pattern: string;
  /** The badge's text: "IFN — unknown tool". */
  readonly text: string;
  /** Its tooltip: what the pattern means and which call showed it. */
  readonly title: string;
  readonly callId: string;
  readonly toolName: string;
}

export function patternLabel(pattern: string): string {
  return DIAGNOSTIC_INFO[pattern]?.label ?? 'diagnostic finding';
}

export function findingBadge(finding: DiagnosticFinding): FindingBadge {
  const info = DIAGNOSTIC_INFO[finding.pattern];
  const explanation = info?.explanation ?? `Diagnostic pattern ${finding.pattern}.`;
  return {
    pattern: finding.pattern,
    text: `${finding.pattern} — ${patternLabel(finding.pattern)}`,
    title: `${explanation} Call ${finding.callId} to “${finding.toolName}”.`,
    callId: finding.callId,
    toolName: finding.toolName,
  };
}

function patternRank(pattern: string): number {
  const position = PATTERN_ORDER.indexOf(pattern);
  return position < 0 ? PATTERN_ORDER.length : position;
}

/**
 * The badges to draw on each message: message index → its findings' badges, in the patterns' order
 * (IFN, IAN, IAT, IFE, RAC), each pattern once per call. Findings on negative indices are dropped.
 */
export function findingBadgesByMessage(
  findings: readonly DiagnosticFinding[] | undefined,
): ReadonlyMap<number, readonly FindingBadge[]> {
  const byMessage = new Map<number, FindingBadge[]>();
  const seen = new Set<string>();
  for (const finding of findings ?? []) {
    if (!Number.isInteger(finding.messageIndex) || finding.messageIndex < 0) continue;
    const key = `${finding.messageIndex}\u0000${finding.callId}\u0000${finding.pattern}`;
    if (seen.has(key)) continue;
    seen.add(key);
    byMessage.set(finding.messageIndex, [...(byMessage.get(finding.messageIndex) ?? []), findingBadge(finding)]);
  }
  for (const badges of byMessage.values()) {
    badges.sort((a, b) => patternRank(a.pattern) - patternRank(b.pattern) || a.pattern.localeCompare(b.pattern));
  }
  return byMessage;
}

/** The first (lowest) message index showing each pattern, for the summary's links. */
export function firstFindingByPattern(findings: readonly DiagnosticFinding[] | undefined): ReadonlyMap<string, number> {
  const first = new Map<string, number>();
  for (const finding of findings ?? []) {
    if (!Number.isInteger(finding.messageIndex) || finding.messageIndex < 0) continue;
    const current = first.get(finding.pattern);
    if (current === undefined || finding.messageIndex < current) first.set(finding.pattern, finding.messageIndex);
  }
  return first;
}
