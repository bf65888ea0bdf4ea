/**
 * The scoring protocol versions of T-Eval and the reference scorer's defects, as benchmark options.
 *
 * - `v1` (the paper and its Table 1): plan steps match above 0.7; UNDERSTAND is the embedding similarity
 *   of `str(args)`.
 * - `v2` (the repository after Feb 2024): plan steps match above 0.8; UNDERSTAND is exact — per key in
 *   JSON (`str(pred[k]) == str(gt[k])`), the whole stripped reply in string format.
 *
 * `teval-quirks`: `fixed` (default) repairs the reference's defects; `faithful` reproduces them:
 * - the LIS floor: every predicted step starts its increasing run at 1, matched or not, so any parsable
 *   plan, however wrong, scores at least 1 correct step (P ≥ 1/|pred|). Fixed: unmatched steps count 0.
 * - the `len(gt) + 1e-5` denominator of v2 UNDERSTAND (a perfect answer scores 0.99999). Fixed: `len(gt)`.
 * - a predicted plan of only `FinishAction` (or none after dropping it) makes the reference crash on
 *   `max([])`. Both modes score it 0 with the reason recorded; faithful mode says the reference crashes.
 * - plan matching among equal-weight matchings: faithful picks networkx's (`networkx-matching.ts`), which
 *   can cross identical steps and cut the run; fixed uses the Hungarian method, which keeps them in order.
 * - JSON REVIEW: the reference compares `{'review': is_finished}` with the gold letter (always 0); faithful
 *   does too, fixed reads the choice as in the string format.
 */
import type { BenchmarkOption, BenchmarkOptionValues } from '../../spec/index.js';

export type ProtocolVersion = 'v1' | 'v2';
export type QuirkMode = 'fixed' | 'faithful';

export interface TevalProtocol {
  readonly version: ProtocolVersion;
  readonly quirks: QuirkMode;
  /** A predicted and a gold plan step are linked when 0.75·sim(name) + 0.25·sim(args) exceeds this. */
  readonly planThreshold: number;
  readonly nameWeight: number;
  readonly argsWeight: number;
  /** How UNDERSTAND compares arguments. */
  readonly understand: 'embedding' | 'exact';
}

export const DEFAULT_PROTOCOL_VERSION: ProtocolVersion = 'v1';
export const DEFAULT_QUIRK_MODE: QuirkMode = 'fixed';

export const TEVAL_OPTIONS: readonly BenchmarkOption[] = [
  {
    flag: 'teval-protocol',
    description:
      'T-Eval scorer version: v1 (the paper: plan threshold 0.7, UNDERSTAND by embedding similarity) or v2 (the repository: 0.8, exact arguments)',
    commands: ['run', 'validate', 'rescore'],
    type: 'string',
    choices: ['v1', 'v2'],
    default: DEFAULT_PROTOCOL_VERSION,
  },
  {
    flag: 'teval-quirks',
    description:
      "fixed (repair the reference scorer's defects: the LIS floor, the 1e-5 denominator, plan-matching ties, JSON REVIEW that never scores) or faithful (reproduce them, as proven against the reference's code)",
    commands: ['run', 'validate', 'rescore'],
    type: 'string',
    choices: ['fixed', 'faithful'],
    default: DEFAULT_QUIRK_MODE,
  },
];

export function protocolOf(options: BenchmarkOptionValues): TevalProtocol {
  const version = options['teval-protocol'] ?? DEFAULT_PROTOCOL_VERSION;
  const quirks = options['teval-quirks'] ?? DEFAULT_QUIRK_MODE;
  if (version !== 'v1' && version !== 'v2') throw new Error(`--teval-protocol must be v1 or v2, not ${version}`);
  if (quirks !== 'fixed' && quirks !== 'faithful') {
    throw new Error(`--teval-quirks must be fixed or faithful, not ${quirks}`);
  }
  return {
    version,
    quirks,
    planThreshold: version === 'v1' ? 0.7 : 0.8,
    nameWeight: 0.75,
    argsWeight: 0.25,
    understand: version === 'v1' ? 'embedding' : 'exact',
  };
}
