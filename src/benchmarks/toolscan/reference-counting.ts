/**
 * `--toolscan-reference on`: the reference code's counting (Shirley-Kokane/ToolScan at cb0168d:
 * `ErrorMetric` in `toolscan/utils/tool/error_utils.py`, driven by `evaluate_env` in `toolscan/tool.py`),
 * for comparing with figures produced by that code. Proven against the code itself on recorded episodes
 * (`reference-recorded.test.ts`, fixtures in `test/fixtures/toolscan-reference/`). The calls are counted
 * again by the reference's rules, not by toolgauge's executor:
 *
 * - Each call read as a call is checked as `ErrorMetric.update` does, every check counted on its own: IFN
 *   (unknown name), IAN (an unknown argument or a missing required one, once per call), IAT (an argument
 *   whose type the reference rejects: a boolean passes as a number, integers and numbers are one type).
 *   With feedback on a call with any of them is not run; with feedback off every call is run.
 * - A format error the reference's regex cannot read (no `with Action Input:`) counts twice; one it can
 *   read but not evaluate counts once, and its name and raw input are then checked as above.
 * - RAC counts repeats (Python equality) of calls that ran; a repeat is not recorded again.
 * - IAC and IAV from the recorded calls per API against each gold trajectory: missing = gold calls of an
 *   API beyond the number recorded; wrong = gold calls of a recorded API equal to none of its calls, with
 *   exact dictionary equality after dropping `"optional"` (toolgauge's `$any`) gold arguments — defaults are
 *   not read and `$near` / `$min` must be given exactly. The smallest (missing, wrong) trajectory is chosen.
 * - Pattern scores are (10 − count) / 10 whatever the step budget (`ErrorMetric(…, 10)`), IAC is
 *   (gold − missing) / gold; with no recorded call every score is 0.
 * - Success is a `finish` that ran (the reference's rule for `goal_type` ≠ 1), unless no call had been
 *   read before it (the reference then fails on its unset `feedback` and ends the episode unfinished).
 */
import { findEnvironment } from '../../domains/toolscan/index.js';
import type { GoldCall } from '../../scoring/call-patterns.js';
import type { Trajectory } from '../../spec/index.js';
import { hasUnparsableArguments } from './broken-calls.js';
import type { CallPattern } from './score.js';
import type { Pattern } from './vocabulary.js';

/** The reference's N: `evaluate_env` builds `ErrorMetric(..., 10)` whatever `max_num_steps` is. */
export const REFERENCE_N = 10;

export interface ReferenceFit {
  readonly chosen: number;
  readonly missing: number;
  readonly wrong: number;
  readonly goldCalls: number;
}

/** The calls the reference records (its `action_route`): each API's distinct argument dictionaries. */
export type ReferenceRoute = ReadonlyMap<string, readonly unknown[]>;

export interface ReferenceCounting {
  readonly counts: Readonly<Record<CallPattern, number>>;
  readonly route: ReferenceRoute;
  /**
   * False when a `finish` came before any call the reference read (its `NameError`), or when, with
   * feedback off, a call to an unknown name ended the reference's episode first (its environments
   * leave the observation unset).
   */
  readonly finishCounts: boolean;
}

interface ParameterSchema {
  readonly properties?: Record<string, { readonly type?: string }>;
  readonly required?: readonly string[];
}

/** Python's `==` on JSON values: numbers and booleans compare by value, dictionaries by keys and values. */
export function pythonEqual(a: unknown, b: unknown): boolean {
  const numeric = (value: unknown) => typeof value === 'number' || typeof value === 'boolean';
  if (numeric(a) && numeric(b)) return Number(a) === Number(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => pythonEqual(x, b[i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    return (
      keysA.length === keysB.length &&
      keysA.every((key) => key in b && pythonEqual((a as never)[key], (b as never)[key]))
    );
  }
  return a === b;
}

/** `isinstance` with the reference's type map; a type it does not map (arrays) is not checked here. */
function referenceTypeOk(value: unknown, type: string | undefined): boolean {
  if (type === 'string') return typeof value === 'string';
  if (type === 'number' || type === 'integer') return typeof value === 'number' || typeof value === 'boolean';
  if (type === 'boolean') return typeof value === 'boolean';
  return true;
}

/** `ErrorMetric.update`'s counts for one call read as (name, input); the input is a dictionary or raw text. */
function referenceChecks(
  name: string,
  input: Record<string, unknown> | string,
  schemas: ReadonlyMap<string, ParameterSchema>,
): Record<'IFN' | 'IAN' | 'IAT', number> {
  const schema = schemas.get(name);
  if (!schema) return { IFN: name.toLowerCase() === 'finish' ? 0 : 1, IAN: 0, IAT: 0 };
  const properties = schema.properties ?? {};
  // Over a dictionary `for argname in input` reads its keys; over raw text, its characters.
  const given = typeof input === 'string' ? [...input] : Object.keys(input);
  const unknown = given.filter((argument) => !(argument in properties));
  const missing = (schema.required ?? []).filter((argument) =>
    typeof input === 'string' ? !input.includes(argument) : !(argument in input),
  );
  const wrongType = given.filter(
    (argument) =>
      argument in properties &&
      !referenceTypeOk(typeof input === 'string' ? argument : input[argument], properties[argument]?.type),
  );
  return { IFN: 0, IAN: unknown.length > 0 || missing.length > 0 ? 1 : 0, IAT: wrongType.length > 0 ? 1 : 0 };
}

/** `extract_action_name_and_action_input`: the action and its input text, or undefined. */
const EXTRACT = /Action:\s*(.*?)\s*with\s*Action Input:\s*(.*?)$/;
const EXTRACT_LOOSE = /\s*(.*?)\s*with\s*Action Input:\s*(.*?)$/;
function referenceExtract(text: string): { action: string; input: string } | undefined {
  const match = EXTRACT.exec(text) ?? EXTRACT_LOOSE.exec(text);
  return match ? { action: match[1] ?? '', input: match[2] ?? '' } : undefined;
}

/**
 * The agent's calls (finish included, in order) counted as the reference's step loop does, on the
 * arguments as the agent wrote them (the traces hold them with defaults filled in).
 */
export function referenceCounting(trajectory: Trajectory, environmentId: string, feedback: boolean): ReferenceCounting {
  const schemas = new Map(
    (findEnvironment(environmentId)?.tools ?? []).map((tool) => [tool.name, tool.parameters as ParameterSchema]),
  );
  const counts: Record<CallPattern, number> = { RAC: 0, IFE: 0, IAT: 0, IAN: 0, IFN: 0 };
  const route = new Map<string, unknown[]>();
  const record = (name: string, input: unknown) => {
    const recorded = route.get(name) ?? [];
    if (recorded.some((earlier) => pythonEqual(earlier, input))) counts.RAC += 1;
    else route.set(name, [...recorded, input]);
  };
  let read = false;
  let finishCounts = false;
  for (const trace of trajectory.traces) {
    if (trace.caller !== 'agent') continue;
    if (trace.requestedName === 'finish') {
      if (trace.outcome.type === 'result') {
        finishCounts = read;
        break;
      }
      continue;
    }
    const message = trajectory.messages[trace.callMessageIndex];
    const raw = message?.type === 'tool-call' ? message.call.arguments : trace.arguments;
    if (typeof raw === 'string' && hasUnparsableArguments(raw)) {
      const extracted = referenceExtract(raw.trim());
      // Not read: the parse fails, then the missing action is a second format error.
      if (!extracted || extracted.action === '') {
        counts.IFE += 2;
        continue;
      }
      counts.IFE += 1;
      if (extracted.action === 'finish') continue;
      read = true;
      const found = referenceChecks(extracted.action, extracted.input, schemas);
      for (const pattern of ['IFN', 'IAN', 'IAT'] as const) counts[pattern] += found[pattern];
      // With feedback off the raw input is run (the API fails on it) and recorded as a call.
      if (!feedback) {
        if (found.IFN > 0) break;
        record(extracted.action, extracted.input);
      }
      continue;
    }
    const input = typeof raw === 'string' ? (JSON.parse(raw) as Record<string, unknown>) : raw;
    read = true;
    const found = referenceChecks(trace.requestedName, input, schemas);
    for (const pattern of ['IFN', 'IAN', 'IAT'] as const) counts[pattern] += found[pattern];
    if (feedback && found.IFN + found.IAN + found.IAT > 0) continue;
    if (found.IFN > 0) break;
    record(trace.requestedName, input);
  }
  return { counts, route, finishCounts };
}

/** A gold call's arguments as the reference's ground truth holds them, `"optional"` ones dropped. */
export function referenceGold(call: GoldCall): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(call.arguments)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      if ('$any' in value) continue;
      if ('$near' in value) {
        kept[name] = (value as { $near: number }).$near;
        continue;
      }
      if ('$min' in value) {
        kept[name] = (value as { $min: number }).$min;
        continue;
      }
    }
    kept[name] = value;
  }
  return kept;
}

/** The reference's (missing, wrong) counts for one trajectory. */
export function referenceCounts(
  route: ReferenceRoute,
  trajectory: readonly GoldCall[],
): { missing: number; wrong: number } {
  const goldCount = new Map<string, number>();
  for (const call of trajectory) goldCount.set(call.api, (goldCount.get(call.api) ?? 0) + 1);
  let missing = 0;
  for (const [api, count] of goldCount) missing += Math.max(count - (route.get(api)?.length ?? 0), 0);
  let wrong = 0;
  for (const gold of trajectory) {
    const made = route.get(gold.api);
    if (!made) continue;
    const expected = referenceGold(gold);
    if (!made.some((call) => pythonEqual(expected, call))) wrong += 1;
  }
  return { missing, wrong };
}

/** The trajectory with the smallest (missing, wrong), the earliest on a tie. */
export function referenceFit(route: ReferenceRoute, trajectories: readonly (readonly GoldCall[])[]): ReferenceFit {
  let best: ReferenceFit | undefined;
  trajectories.forEach((trajectory, index) => {
    const { missing, wrong } = referenceCounts(route, trajectory);
    if (!best || missing < best.missing || (missing === best.missing && wrong < best.wrong)) {
      best = { chosen: index, missing, wrong, goldCalls: trajectory.length };
    }
  });
  if (!best) throw new RangeError('referenceFit: at least one gold trajectory is needed');
  return best;
}

/** The seven pattern scores as `calculate_rem_metric` computes them: all 0 with nothing recorded. */
export function referenceScores(
  counts: Readonly<Record<CallPattern, number>>,
  route: ReferenceRoute,
  fit: ReferenceFit,
): Record<Pattern, number> {
  if (route.size === 0) return { IAC: 0, RAC: 0, IAV: 0, IFE: 0, IAT: 0, IAN: 0, IFN: 0 };
  const ofN = (count: number) => (REFERENCE_N - count) / REFERENCE_N;
  return {
    IAC: (fit.goldCalls - fit.missing) / fit.goldCalls,
    RAC: ofN(counts.RAC),
    IAV: ofN(fit.wrong),
    IFE: ofN(counts.IFE),
    IAT: ofN(counts.IAT),
    IAN: ofN(counts.IAN),
    IFN: ofN(counts.IFN),
  };
}
