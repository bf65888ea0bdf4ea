import type { EpisodeStatus } from '../spec/index.js';

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
  | {
      readonly type: 'run-end';
      readonly runId: string;
      readonly scored: number;
      readonly failed: number;
      readonly notRun: number;
      readonly cost: number;
      readonly seconds: number;
    };

export type RunEventListener = (event: RunEvent) => void;
