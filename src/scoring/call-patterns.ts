/**
 * The two ToolScan error patterns that need ground truth, for any benchmark: IAC (insufficient API
 * calls) and IAV (incorrect argument values), of an agent's executed calls against one or more gold
 * call lists ("trajectories"). Pure: no engine, no benchmark, no I/O.
 *
 * Rules (the ToolScan paper §6, with the reference code's choices where the paper is silent):
 * - **Executed calls** are the agent's calls that passed the executor's checks and ran (a tool error
 *   raised by the tool itself, such as not-found, still counts as executed). Calls rejected by the
 *   checks never count here: they are IFN/IAN/IAT/IFE already.
 * - **IAC** for a trajectory: a gold call is *missing* when the agent executed fewer calls of that API
 *   than the trajectory has (a multiset count by API name; order is ignored).
 *   Score = 1 − missing / gold calls.
 * - **IAV** for a trajectory: each gold call whose API the agent did call (so IAC does not already
 *   count it) is *wrong* when no executed call of that API matches its arguments (see
 *   {@link argumentsMatch}). Score = 1 − wrong / considered; null when no gold call is considered.
 * - **Best trajectory**: the one with the highest IAC score, then the highest IAV score (null lowest),
 *   then the earliest in the list. Both scores come from that one trajectory (they are not maximised
 *   separately), as in the reference, which minimises (missing, wrong) counts; scores rather than raw
 *   counts are compared so that a longer alternative is not favoured just for being longer.
 */
import type { ToolTrace } from '../spec/index.js';

/** "Any value" for a gold argument: anything the agent gives matches; `$any` is an example value. */
export interface AnyValue {
  readonly $any: unknown;
}
/** A number within `tolerance` of `$near` matches (coordinates, measured values). */
export interface NearValue {
  readonly $near: number;
  readonly tolerance: number;
}
export type GoldArgument = AnyValue | NearValue | unknown;

export interface GoldCall {
  readonly api: string;
  readonly arguments: Readonly<Record<string, GoldArgument>>;
}

export interface MadeCall {
  readonly api: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}

/** Each API's declared argument defaults (an argument left out means its default). */
export type ArgumentDefaults = (api: string) => Readonly<Record<string, unknown>>;

export interface TrajectoryFit {
  readonly index: number;
  readonly goldCalls: number;
  readonly missing: number;
  readonly considered: number;
  readonly wrong: number;
  readonly iac: number;
  readonly iav: number | null;
  /** For each gold call: `missing`, `wrong`, or `matched`. */
  readonly calls: readonly ('missing' | 'wrong' | 'matched')[];
}

export interface GoldFit {
  /** Index of the best trajectory in the given list. */
  readonly chosen: number;
  readonly iac: number;
  readonly iav: number | null;
  readonly fits: readonly TrajectoryFit[];
}

export function isAnyValue(value: unknown): value is AnyValue {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && '$any' in value;
}

export function isNearValue(value: unknown): value is NearValue {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { $near?: unknown }).$near === 'number' &&
    typeof (value as { tolerance?: unknown }).tolerance === 'number'
  );
}

/** The value a gold argument stands for when it must be played (the oracle): the example or the centre. */
export function exampleOf(value: GoldArgument): unknown {
  if (isAnyValue(value)) return value.$any;
  if (isNearValue(value)) return value.$near;
  return value;
}

/**
 * Whether an executed call's arguments match a gold call's. Every argument named by either side is
 * compared, a missing one read as the API's declared default (so leaving out `page: 1` equals giving
 * it); `$any` matches anything, `$near` a number within its tolerance. Values compare with
 * {@link sameValue}.
 */
export function argumentsMatch(
  gold: Readonly<Record<string, GoldArgument>>,
  made: Readonly<Record<string, unknown>>,
  defaults: Readonly<Record<string, unknown>> = {},
): boolean {
  const names = new Set([...Object.keys(gold), ...Object.keys(made)]);
  for (const name of names) {
    const expected = name in gold ? gold[name] : defaults[name];
    if (isAnyValue(expected)) continue;
    const actual = name in made ? made[name] : defaults[name];
    if (isNearValue(expected)) {
      if (typeof actual !== 'number' || Math.abs(actual - expected.$near) > expected.tolerance) return false;
      continue;
    }
    if (!sameValue(expected, actual)) return false;
  }
  return true;
}

/**
 * Value equality for arguments: strings compare trimmed and case-insensitively (the environments'
 * searches ignore case), numbers numerically, arrays as multisets (a list of fields or ids is the same
 * list in any order), objects key by key; `undefined` only equals `undefined`.
 */
export function sameValue(expected: unknown, actual: unknown): boolean {
  if (typeof expected === 'string' && typeof actual === 'string') {
    return expected.trim().toLowerCase() === actual.trim().toLowerCase();
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) return false;
    const unused = [...actual];
    for (const item of expected) {
      const at = unused.findIndex((candidate) => sameValue(item, candidate));
      if (at < 0) return false;
      unused.splice(at, 1);
    }
    return true;
  }
  if (isPlainObject(expected) && isPlainObject(actual)) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    return [...keys].every((key) => sameValue(expected[key], actual[key]));
  }
  return expected === actual;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** IAC and IAV of the executed calls against one trajectory. */
export function fitTrajectory(
  made: readonly MadeCall[],
  trajectory: readonly GoldCall[],
  index: number,
  defaults: ArgumentDefaults = () => ({}),
): TrajectoryFit {
  const madeCount = new Map<string, number>();
  for (const call of made) madeCount.set(call.api, (madeCount.get(call.api) ?? 0) + 1);
  const goldSeen = new Map<string, number>();
  let missing = 0;
  let considered = 0;
  let wrong = 0;
  const calls = trajectory.map((gold) => {
    const seen = (goldSeen.get(gold.api) ?? 0) + 1;
    goldSeen.set(gold.api, seen);
    if (seen > (madeCount.get(gold.api) ?? 0)) {
      missing += 1;
      return 'missing' as const;
    }
    considered += 1;
    const apiDefaults = defaults(gold.api);
    const matched = made.some(
      (call) => call.api === gold.api && argumentsMatch(gold.arguments, call.arguments, apiDefaults),
    );
    if (!matched) wrong += 1;
    return matched ? ('matched' as const) : ('wrong' as const);
  });
  const goldCalls = trajectory.length;
  return {
    index,
    goldCalls,
    missing,
    considered,
    wrong,
    iac: goldCalls === 0 ? 1 : 1 - missing / goldCalls,
    iav: considered === 0 ? null : 1 - wrong / considered,
    calls,
  };
}

/** IAC and IAV against the best-fitting of several trajectories (see the module comment). */
export function fitGold(
  made: readonly MadeCall[],
  trajectories: readonly (readonly GoldCall[])[],
  defaults?: ArgumentDefaults,
): GoldFit {
  if (trajectories.length === 0) throw new RangeError('fitGold: at least one gold trajectory is needed');
  const fits = trajectories.map((trajectory, index) => fitTrajectory(made, trajectory, index, defaults));
  let best = fits[0] as TrajectoryFit;
  for (const fit of fits.slice(1)) {
    if (fit.iac > best.iac || (fit.iac === best.iac && (fit.iav ?? -1) > (best.iav ?? -1))) best = fit;
  }
  return { chosen: best.index, iac: best.iac, iav: best.iav, fits };
}

/** Error kinds of the executor's checks before a call runs: such a call was never executed. */
export const PRE_RUN_ERROR_KINDS: ReadonlySet<string> = new Set([
  'unknown-tool',
  'unparsable-arguments',
  'unknown-argument',
  'missing-argument',
  'invalid-argument-type',
  'invalid-arguments',
]);

/**
 * The executed calls of one role in an episode's traces, ready for {@link fitGold}: calls that passed
 * the executor's checks (under the real tool name), exact repeats kept once, names in `exclude` (such as
 * a benchmark's `finish`) left out. Any benchmark can score IAC/IAV this way from its trajectories.
 */
export function executedCalls(
  traces: readonly ToolTrace[],
  options: { readonly caller?: ToolTrace['caller']; readonly exclude?: readonly string[] } = {},
): MadeCall[] {
  const caller = options.caller ?? 'agent';
  const seen = new Set<string>();
  const made: MadeCall[] = [];
  for (const trace of traces) {
    if (trace.caller !== caller || !trace.toolName || typeof trace.arguments !== 'object') continue;
    if (options.exclude?.includes(trace.requestedName) || options.exclude?.includes(trace.toolName)) continue;
    if (trace.outcome.type === 'error' && PRE_RUN_ERROR_KINDS.has(trace.outcome.error.kind)) continue;
    const key = JSON.stringify([trace.toolName, sortedKeys(trace.arguments)]);
    if (seen.has(key)) continue;
    seen.add(key);
    made.push({ api: trace.toolName, arguments: trace.arguments });
  }
  return made;
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys(value[key])]),
  );
}
