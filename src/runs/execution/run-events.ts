import type { EpisodeStatus } from '../../spec/index.js';

/**
 * What a run reports while it goes: progress displays, logs and tests subscribe to these; none of them
 * lives inside the runner.
 */
export type RunEvent =
  | { readonly type: 'run-start'; readonly runId: string; readonly total: number; readonly alreadyDone: number }
  | { readonly type: 'episode-start'; readonly benchmark: string; readonly caseId: string; readonly trial: number }
  | {
      readonly type: 'episode-end';
      readonly benchmark: string;
      readonly caseId: string;
      readonly trial: number;
      readonly status: EpisodeStatus;
      readonly score: number | null;
      readonly cost: number;
      readonly error: string | null;
    }
  | { readonly type: 'budget-reached'; readonly cost: number; readonly maxCost: number }
  /** A model the price table does not price: its cost is unknown (recorded as unpriced), said once. */
  | { readonly type: 'unpriced-model'; readonly model: string }
  /** Episodes another live process has claimed; this process waits for them to be stored or released. */
  | { readonly type: 'waiting-for-claims'; readonly episodes: number; readonly owners: readonly string[] }
  | {
      readonly type: 'run-end';
      readonly runId: string;
      readonly scored: number;
      readonly failed: number;
      readonly notRun: number;
      readonly cost: number;
      readonly seconds: number;
      /** The run was cancelled (Ctrl-C, SIGTERM) before every episode was played. */
      readonly interrupted?: boolean;
    };

export type RunEventListener = (event: RunEvent) => void;
