/**
 * The two ToolScan error patterns that need ground truth, for any benchmark: IAC (insufficient API
 * calls) and IAV (incorrect argument values), of an agent's executed calls against one or more gold
 * call lists ("trajectories"). Pure: no engine, no benchmark, no I/O.
 *
 * Rules (the ToolScan paper §6, with the reference code's choices where the paper is silent):
 * - **Executed calls** are the agent's calls that passed the executor's checks and ran (a tool error
 *   raised by the tool itself, such as not-found, still counts as executed). Calls rejected by the
 *   checks never count here: they are IFN/IAN/IAT/IFE already.
 * - **Assignment**: per API, the agent's executed calls are assigned one-to-one to the trajectory's
 *   calls of that API, as many matching pairs as possible (see {@link argumentsMatch}); neither list's
 *   order matters, so an agent that makes exactly the second city's calls of a two-city query is
 *   judged on the second city's gold calls.
 * - **IAC** for a trajectory: of an API's g gold calls, with m executed calls of it, max(g − m, 0) are
 *   *missing* (a count by API name, as the reference). Score = 1 − missing / gold calls.
 * - **IAV** for a trajectory: of the min(g, m) gold calls considered, those without a matching partner
 *   in the assignment are *wrong*. Score = 1 − wrong / considered; null when none is considered.
 * - **Matched** calls (the assignment's pairs) give call precision: matched / calls made.
 * - **Best trajectory**: the one with the highest IAC score, then the highest IAV score (null lowest),
 *   then the most matched calls (so call precision is not lost to a tie), then the earliest in the list. Both scores come from that one trajectory (they are not maximised
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
/** A number at least `$min` matches (a page size that must hold every result). */
export interface MinValue {
  readonly $min: number;
}
export type GoldArgument = AnyValue | NearValue | MinValue | unknown;

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
  /** Executed calls assigned to a gold call with matching arguments (each gold call at most once). */
  readonly matched: number;
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

export function isMinValue(value: unknown): value is MinValue {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { $min?: unknown }).$min === 'number' &&
    Object.keys(value).length === 1
  );
}

/** The value a gold argument stands for when it must be played (the oracle): the example, centre or minimum. */
export function exampleOf(value: GoldArgument): unknown {
  if (isAnyValue(value)) return value.$any;
  if (isNearValue(value)) return value.$near;
  if (isMinValue(value)) return value.$min;
  return value;
}

/**
 * Whether an executed call's arguments match a gold call's. Every argument named by either side is
 * compared, a missing one read as the API's declared default (so leaving out `page: 1` equals giving
 * it); `$any` matches anything, `$near` a number within its tolerance, `$min` a number at least it. Values compare with
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
    if (isMinValue(expected)) {
      if (typeof actual !== 'number' || actual < expected.$min) return false;
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

/**
 * The largest one-to-one assignment of made calls to gold calls where each pair matches (Kuhn's
 * augmenting paths; a query's calls of one API are few). Returns, for each gold call, the index of the
 * made call assigned to it, or -1.
 */
function maximumMatching(
  goldCount: number,
  madeCount: number,
  matches: (gold: number, made: number) => boolean,
): number[] {
  const goldOfMade = new Array<number>(madeCount).fill(-1);
  const edges = Array.from({ length: goldCount }, (_, gold) =>
    Array.from({ length: madeCount }, (_, made) => made).filter((made) => matches(gold, made)),
  );
  const augment = (gold: number, visited: boolean[]): boolean => {
    for (const made of edges[gold] ?? []) {
      if (visited[made]) continue;
      visited[made] = true;
      const holder = goldOfMade[made] ?? -1;
      if (holder < 0 || augment(holder, visited)) {
        goldOfMade[made] = gold;
        return true;
      }
    }
    return false;
  };
  for (let gold = 0; gold < goldCount; gold += 1) augment(gold, new Array<boolean>(madeCount).fill(false));
  const madeOfGold = new Array<number>(goldCount).fill(-1);
  goldOfMade.forEach((gold, made) => {
    if (gold >= 0) madeOfGold[gold] = made;
  });
  return madeOfGold;
}

/**
 * IAC and IAV of the executed calls against one trajectory, from an optimal assignment per API: the
 * agent's calls of an API are matched one-to-one to the trajectory's calls of that API so that as many
 * pairs as possible have matching arguments (independent of the order of either list). Of an API's g
 * gold calls, with m executed calls of it, max(g − m, 0) are *missing* (IAC); of the min(g, m)
 * considered, those left without a matching partner are *wrong* (IAV). `matched` is the number of
 * matched pairs: the executed calls that are some gold call (call precision).
 */
export function fitTrajectory(
  made: readonly MadeCall[],
  trajectory: readonly GoldCall[],
  index: number,
  defaults: ArgumentDefaults = () => ({}),
): TrajectoryFit {
  const calls: ('missing' | 'wrong' | 'matched')[] = trajectory.map(() => 'missing');
  let missing = 0;
  let considered = 0;
  let matched = 0;
  for (const api of new Set(trajectory.map((gold) => gold.api))) {
    const goldAt = trajectory.flatMap((gold, at) => (gold.api === api ? [at] : []));
    const madeOfApi = made.filter((call) => call.api === api);
    const apiDefaults = defaults(api);
    const assignment = maximumMatching(goldAt.length, madeOfApi.length, (gold, call) =>
      argumentsMatch(
        (trajectory[goldAt[gold] ?? 0] as GoldCall).arguments,
        (madeOfApi[call] as MadeCall).arguments,
        apiDefaults,
      ),
    );
    const apiMatched = assignment.filter((call) => call >= 0).length;
    const apiConsidered = Math.min(goldAt.length, madeOfApi.length);
    let wrongLeft = apiConsidered - apiMatched;
    goldAt.forEach((at, gold) => {
      if ((assignment[gold] ?? -1) >= 0) calls[at] = 'matched';
      else if (wrongLeft > 0) {
        calls[at] = 'wrong';
        wrongLeft -= 1;
      }
    });
    matched += apiMatched;
    considered += apiConsidered;
    missing += goldAt.length - apiConsidered;
  }
  const wrong = considered - matched;
  const goldCalls = trajectory.length;
  return {
    index,
    goldCalls,
    missing,
    considered,
    wrong,
    matched,
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
    const iav = fit.iav ?? -1;
    const bestIav = best.iav ?? -1;
    if (
      fit.iac > best.iac ||
      (fit.iac === best.iac && (iav > bestIav || (iav === bestIav && fit.matched > best.matched)))
    ) {
      best = fit;
    }
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
