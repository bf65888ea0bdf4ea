/**
 * Scores a ToolScan episode: success by the expected answer, and the seven error patterns (paper §6).
 *
 * The calls counted are the agent's calls other than `finish` (the answer is not an API call), rejected
 * or not. For IFN, IAN, IAT, IFE and RAC the score is the fraction of those calls without the pattern,
 * 1 − count / calls — divided by the number of calls as the paper says, not by the step budget as the
 * reference code does — and null when the agent made no API call (nothing to measure). A call shows:
 * - IFN when the function name is unknown; IAN when an argument name is unknown or a required
 *   argument is missing (as the reference counts it); IAT when an argument has the wrong JSON type;
 *   IFE when the arguments do not parse (a prompt-mode reply that tries a call in a broken format);
 * - RAC when it repeats an earlier call exactly (same name, same arguments after defaults): the
 *   environments never change, so a repeat can learn nothing.
 * IAC and IAV compare the executed calls with the query's gold trajectories (`fitGold`, best one chosen).
 */

import { findEnvironment } from '../../domains/toolscan/index.js';
import {
  type ArgumentDefaults,
  fitGold,
  type GoldFit,
  type MadeCall,
  PRE_RUN_ERROR_KINDS,
} from '../../scoring/call-patterns.js';
import type { ToolTrace, Trajectory } from '../../spec/index.js';
import { answerMatches } from './answer-check.js';
import { hasUnparsableArguments } from './broken-calls.js';
import type { QueryRecord } from './cases.js';
import { type ReferenceFit, referenceCounting, referenceFit, referenceScores } from './reference-counting.js';
import type { Pattern } from './vocabulary.js';

export type CallPattern = Exclude<Pattern, 'IAC' | 'IAV'>;

const PATTERN_OF_KIND: Record<string, CallPattern> = {
  'unknown-tool': 'IFN',
  'unknown-argument': 'IAN',
  'missing-argument': 'IAN',
  'invalid-argument-type': 'IAT',
  'unparsable-arguments': 'IFE',
};

export interface CallMark {
  readonly callId: string;
  readonly api: string;
  readonly patterns: readonly CallPattern[];
  /** The feedback the executor gave instead of running the call, when it was rejected. */
  readonly feedback?: string;
  readonly executed: boolean;
}

export interface ToolscanScore {
  readonly success: boolean;
  readonly finished: boolean;
  readonly answer: unknown;
  readonly calls: number;
  readonly counts: Readonly<Record<CallPattern, number>>;
  readonly scores: Readonly<Record<Pattern, number | null>>;
  readonly gold: GoldFit;
  /**
   * The share of the counted calls that are a gold call of the chosen trajectory (same API, matching
   * arguments, each gold call matched at most once); null with no call. Shows a spray of calls that IAC,
   * a count by API name, does not.
   */
  readonly callPrecision: number | null;
  readonly marks: readonly CallMark[];
  /** With `--toolscan-reference on`: the reference's chosen trajectory and raw (missing, wrong) counts. */
  readonly reference?: ReferenceFit;
}

/** Each API's declared defaults, read from its JSON Schema. */
export function defaultsOf(environmentId: string): ArgumentDefaults {
  const byApi = new Map<string, Record<string, unknown>>();
  for (const tool of findEnvironment(environmentId)?.tools ?? []) {
    const properties = (tool.parameters as { properties?: Record<string, { default?: unknown }> }).properties ?? {};
    byApi.set(
      tool.name,
      Object.fromEntries(
        Object.entries(properties).flatMap(([name, property]) =>
          'default' in property ? [[name, property.default]] : [],
        ),
      ),
    );
  }
  return (api) => byApi.get(api) ?? {};
}

const defaultsCache = new Map<string, ArgumentDefaults>();

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );
}

/** The agent's final answer: its last successful `finish`, else its last non-empty text. */
export function finalAnswer(trajectory: Trajectory): { answer: unknown; finished: boolean } {
  const finishes = trajectory.traces.filter(
    (trace) => trace.caller === 'agent' && trace.toolName === 'finish' && trace.outcome.type === 'result',
  );
  const last = finishes.at(-1);
  if (last && typeof last.arguments === 'object') return { answer: last.arguments.answer, finished: true };
  const texts = trajectory.messages.filter(
    (message) => message.type === 'text' && message.sender === 'agent' && message.text.trim() !== '',
  );
  const text = texts.at(-1);
  return { answer: text?.type === 'text' ? text.text : undefined, finished: false };
}

/** How to count: the default (the paper's reading) or the reference code's (`--toolscan-reference on`). */
export interface CountingOptions {
  readonly reference?: boolean;
  /** Whether the episode was played with feedback (the reference runs rejected calls without it). */
  readonly feedback?: boolean;
}

export function scoreEpisode(
  trajectory: Trajectory,
  query: QueryRecord,
  environmentId: string,
  counting: CountingOptions = {},
): ToolscanScore {
  const traces = trajectory.traces.filter((trace) => trace.caller === 'agent' && trace.requestedName !== 'finish');
  const counts: Record<CallPattern, number> = { RAC: 0, IFE: 0, IAT: 0, IAN: 0, IFN: 0 };
  const seen = new Set<string>();
  const made: MadeCall[] = [];
  const marks = traces.map((trace: ToolTrace): CallMark => {
    const patterns: CallPattern[] = [];
    const error = trace.outcome.type === 'error' ? trace.outcome.error : undefined;
    const rejected = error !== undefined && PRE_RUN_ERROR_KINDS.has(error.kind);
    // The format is read first: a call whose arguments are raw text that does not parse is an IFE
    // whatever its name (the reference's parser fails before any name check).
    const pattern =
      rejected && hasUnparsableArguments(trace.arguments) ? 'IFE' : error ? PATTERN_OF_KIND[error.kind] : undefined;
    if (pattern) patterns.push(pattern);
    const key = `${trace.toolName ?? trace.requestedName}\u0000${canonical(trace.arguments)}`;
    if (seen.has(key)) patterns.push('RAC');
    seen.add(key);
    if (!rejected && trace.toolName && typeof trace.arguments === 'object' && !patterns.includes('RAC')) {
      made.push({ api: trace.toolName, arguments: trace.arguments });
    }
    for (const found of patterns) counts[found] += 1;
    return {
      callId: trace.callId,
      api: trace.requestedName,
      patterns,
      ...(rejected && error ? { feedback: `${error.message}${error.hint ? ` ${error.hint}` : ''}` } : {}),
      executed: !rejected,
    };
  });
  let defaults = defaultsCache.get(environmentId);
  if (!defaults) {
    defaults = defaultsOf(environmentId);
    defaultsCache.set(environmentId, defaults);
  }
  const gold = fitGold(made, query.trajectories, defaults);
  const matched = gold.fits[gold.chosen]?.matched ?? 0;
  const ratio = (count: number) => (traces.length === 0 ? null : 1 - count / traces.length);
  const { answer, finished } = finalAnswer(trajectory);
  const callPrecision = traces.length === 0 ? null : matched / traces.length;
  if (counting.reference) {
    const counted = referenceCounting(trajectory, environmentId, counting.feedback ?? true);
    const fit = referenceFit(counted.route, query.trajectories);
    return {
      success: finished && counted.finishCounts,
      finished,
      answer: answer ?? null,
      calls: traces.length,
      counts: counted.counts,
      scores: referenceScores(counted.counts, counted.route, fit),
      gold: { ...gold, chosen: fit.chosen },
      callPrecision,
      marks,
      reference: fit,
    };
  }
  return {
    success: answerMatches(query.answer, answer, query.goal),
    finished,
    answer: answer ?? null,
    calls: traces.length,
    counts,
    scores: {
      IAC: gold.iac,
      RAC: ratio(counts.RAC),
      IAV: gold.iav,
      IFE: ratio(counts.IFE),
      IAT: ratio(counts.IAT),
      IAN: ratio(counts.IAN),
      IFN: ratio(counts.IFN),
    },
    gold,
    callPrecision,
    marks,
  };
}
