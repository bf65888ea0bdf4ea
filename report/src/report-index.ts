import type { ReportData, ReportEpisode, ReportRun } from '../../src/report/report-data';
import { AUGMENTATION_ORDER, CATEGORY_ORDER, orderNames } from './format';

/** The report data with the look-ups every view needs, built once after decoding. */
export interface ReportIndex {
  readonly data: ReportData;
  /** Runs with a summary (the leaderboard rows), in the data's order. */
  readonly runs: readonly ReportRun[];
  /** Every run id seen in runs or episodes, in first-seen order. */
  readonly runIds: readonly string[];
  readonly runById: ReadonlyMap<string, ReportRun>;
  readonly episodesByRun: ReadonlyMap<string, readonly ReportEpisode[]>;
  /** Categories and augmentations present anywhere, in the paper's column order. */
  readonly categories: readonly string[];
  readonly augmentations: readonly string[];
  /** The largest trial count of any run (pass^k columns appear when it exceeds 1). */
  readonly maxTrials: number;
  findEpisode(runId: string, caseId: string, trial: number): ReportEpisode | undefined;
  /** Where a paged episode's view is within its page (the episodes of a page, in list order). */
  pagePosition(episode: ReportEpisode): number;
}

export function episodeKey(runId: string, caseId: string, trial: number): string {
  return JSON.stringify([runId, caseId, trial]);
}

export function buildReportIndex(data: ReportData): ReportIndex {
  const runById = new Map(data.runs.map((run) => [run.runId, run]));
  const runIds = new Set(data.runs.map((run) => run.runId));
  const episodesByRun = new Map<string, ReportEpisode[]>();
  const episodeByKey = new Map<string, ReportEpisode>();
  const categories = new Set<string>();
  const augmentations = new Set<string>();
  const positions = new Map<ReportEpisode, number>();
  const pageFill = new Map<number, number>();
  for (const run of data.runs) {
    for (const category of Object.keys(run.byCategory ?? {})) categories.add(category);
    for (const augmentation of Object.keys(run.byAugmentation ?? {})) augmentations.add(augmentation);
  }
  for (const episode of data.episodes) {
    runIds.add(episode.runId);
    const list = episodesByRun.get(episode.runId);
    if (list) list.push(episode);
    else episodesByRun.set(episode.runId, [episode]);
    episodeByKey.set(episodeKey(episode.runId, episode.caseId, episode.trial), episode);
    if (episode.page !== undefined) {
      const filled = pageFill.get(episode.page) ?? 0;
      positions.set(episode, filled);
      pageFill.set(episode.page, filled + 1);
    }
    for (const category of episode.categories ?? []) categories.add(category);
    if (episode.augmentation) augmentations.add(episode.augmentation);
  }
  return {
    data,
    runs: data.runs,
    runIds: [...runIds],
    runById,
    episodesByRun,
    categories: orderNames(categories, CATEGORY_ORDER),
    augmentations: orderNames(augmentations, AUGMENTATION_ORDER),
    maxTrials: Math.max(1, ...data.runs.map((run) => run.trials?.trials ?? 1)),
    findEpisode: (runId, caseId, trial) => episodeByKey.get(episodeKey(runId, caseId, trial)),
    pagePosition: (episode) => positions.get(episode) ?? -1,
  };
}

/** Categories and augmentations that appear in at least one run summary (the leaderboard's columns). */
export function summaryColumns(runs: readonly ReportRun[]): { categories: string[]; augmentations: string[] } {
  return {
    categories: orderNames(
      runs.flatMap((run) => Object.keys(run.byCategory ?? {})),
      CATEGORY_ORDER,
    ),
    augmentations: orderNames(
      runs.flatMap((run) => Object.keys(run.byAugmentation ?? {})),
      AUGMENTATION_ORDER,
    ),
  };
}
