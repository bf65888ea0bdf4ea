import type {
  DiagnosticFinding,
  DiagnosticPattern,
  Diagnostics,
  ToolErrorKind,
  ToolTrace,
  WorldDiff,
} from '../spec/index.js';
import { DIAGNOSTIC_PATTERNS } from '../spec/index.js';
import { canonicalJson } from '../util/canonical-json.js';

const PATTERN_OF_ERROR: Partial<Record<ToolErrorKind, DiagnosticPattern>> = {
  'unknown-tool': 'IFN',
  'unknown-argument': 'IAN',
  'invalid-argument-type': 'IAT',
  'unparsable-arguments': 'IFE',
};

/**
 * Counts the ground-truth-free error patterns over an episode's tool traces, as the executor saw them.
 *
 * IFN, IAN, IAT and IFE follow from the error the executor returned. RAC is an exact repeat (same name,
 * same arguments) of an earlier call by the same role while the world has not changed since that
 * call: such a repeat cannot learn anything new. A repeat after the world changed (checking a setting
 * again after turning it on) is a reasonable step and is not counted. Only the agent's calls count.
 */
export function computeDiagnostics(
  traces: readonly ToolTrace[],
  worldChanges: readonly { readonly messageIndex: number; readonly diff: WorldDiff }[],
): Diagnostics {
  const findings: DiagnosticFinding[] = [];
  const lastSeen = new Map<string, number>();
  const changeIndices = worldChanges.map((change) => change.messageIndex);
  for (const trace of traces) {
    if (trace.caller !== 'agent') continue;
    const finding = (pattern: DiagnosticPattern): DiagnosticFinding => ({
      pattern,
      messageIndex: trace.callMessageIndex,
      callId: trace.callId,
      toolName: trace.requestedName,
    });
    if (trace.outcome.type === 'error') {
      const pattern = PATTERN_OF_ERROR[trace.outcome.error.kind];
      if (pattern) findings.push(finding(pattern));
    }
    const key = `${trace.requestedName}\u0000${canonicalJson(trace.arguments)}`;
    const previous = lastSeen.get(key);
    if (previous !== undefined && !changeIndices.some((index) => index > previous && index < trace.callMessageIndex)) {
      findings.push(finding('RAC'));
    }
    lastSeen.set(key, trace.resultMessageIndex);
  }
  const counts = Object.fromEntries(DIAGNOSTIC_PATTERNS.map((pattern) => [pattern, 0])) as Record<
    DiagnosticPattern,
    number
  >;
  for (const { pattern } of findings) counts[pattern] += 1;
  return { counts, findings };
}
