import { distinctColumnValues, episodeColumn } from '../../src/report/episode-table';
import type { ReportData, ReportEpisode, ReportRun } from '../../src/report/report-data';
import { episodeTableOf } from './decode-report-data';
import { AUGMENTATION_ORDER, CATEGORY_ORDER, orderNames } from './format';

/** The report data with the look-ups every view needs, built once after decoding. */
export interface ReportIndex {
  readonly data: ReportData;
  /** Runs with a summary (the leaderboard rows), in the data's order. */
  readonly runs: readonly ReportRun[];
  /** Every run id seen in runs or episodes, in first-seen order. */
  readonly runIds: readonly string[];
  readonly runById: ReadonlyMap<string, ReportRun>;
  /** How many episodes the report lists (without making them, for paged reports). */
  readonly episodeCount: number;
  /** Each run's episodes, in the data's order (made on first use). */
  readonly episodesByRun: ReadonlyMap<string, readonly ReportEpisode[]>;
  /** A run's episode scores (null where none) and failed count, for its histogram: read from columns when paged. */
  runScores(runId: string): { readonly scores: readonly (number | null)[]; readonly failed: number };
  /**
   * Each episode's run, benchmark, score, status and labels (what tables of scores by label need), read
   * from the columns of a paged report without making the episodes.
   */
  summaries(): readonly EpisodeScoreSummary[];
  /** The same for one benchmark of a run (a run may hold several). */
  benchmarkScores(
    runId: string,
    benchmark: string,
  ): { readonly scores: readonly (number | null)[]; readonly failed: number };
  /** Categories and augmentations present anywhere, in the paper's column order. */
  readonly categories: readonly string[];
  readonly augmentations: readonly string[];
  /** The largest trial count of any run (pass^k columns appear when it exceeds 1). */
  readonly maxTrials: number;
  findEpisode(runId: string, caseId: string, trial: number): ReportEpisode | undefined;
  /** Where a paged episode's view is within its page (the episodes of a page, in list order). */
  pagePosition(episode: ReportEpisode): number;
}

/** What grouping scores by label needs of an episode. */
export type EpisodeScoreSummary = Pick<ReportEpisode, 'runId' | 'benchmark' | 'score' | 'status' | 'labels'>;

export function episodeKey(runId: string, caseId: string, trial: number): string {
  return `${runId}\u0000${caseId}\u0000${trial}`;
}

/** Builds `make()` on first use only (large reports open without look-ups nobody has asked for yet). */
function lazily<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

export function buildReportIndex(data: ReportData): ReportIndex {
  const runById = new Map(data.runs.map((run) => [run.runId, run]));
  const runIds = new Set(data.runs.map((run) => run.runId));
  const categories = new Set<string>();
  const augmentations = new Set<string>();
  for (const run of data.runs) {
    for (const category of Object.keys(run.byCategory ?? {})) categories.add(category);
    for (const augmentation of Object.keys(run.byAugmentation ?? {})) augmentations.add(augmentation);
  }
  // A paged report's columns give the run ids, categories and augmentations without making any episode.
  const table = episodeTableOf(data);
  const addCategories = (list: unknown): void => {
    if (Array.isArray(list)) for (const category of list) categories.add(String(category));
  };
  if (table) {
    for (const runId of distinctColumnValues(table, 'runId')) runIds.add(String(runId));
    for (const list of distinctColumnValues(table, 'categories')) addCategories(list);
    for (const augmentation of distinctColumnValues(table, 'augmentation')) {
      if (typeof augmentation === 'string' && augmentation !== '') augmentations.add(augmentation);
    }
  } else {
    const seenCategoryLists = new Set<readonly string[]>();
    for (const episode of data.episodes) {
      runIds.add(episode.runId);
      const list = episode.categories ?? [];
      if (!seenCategoryLists.has(list)) {
        seenCategoryLists.add(list);
        addCategories(list);
      }
      if (episode.augmentation) augmentations.add(episode.augmentation);
    }
  }
  const episodesByRun = lazily(() => {
    const byRun = new Map<string, ReportEpisode[]>();
    for (const episode of data.episodes) {
      const list = byRun.get(episode.runId);
      if (list) list.push(episode);
      else byRun.set(episode.runId, [episode]);
    }
    return byRun;
  });
  // Scores by run and by run and benchmark, read from the columns of a paged report (no episode made).
  const scoresByRun = lazily(() => {
    const byRun = new Map<string, { scores: (number | null)[]; failed: number }>();
    const add = (key: string, score: unknown, status: unknown): void => {
      let entry = byRun.get(key);
      if (!entry) {
        entry = { scores: [], failed: 0 };
        byRun.set(key, entry);
      }
      entry.scores.push(typeof score === 'number' ? score : null);
      if (status === 'failed') entry.failed += 1;
    };
    const addBoth = (runId: string, benchmark: string, score: unknown, status: unknown): void => {
      add(runId, score, status);
      add(episodeKey(runId, benchmark, -1), score, status);
    };
    if (table) {
      const [runIdColumn, scoreColumn, statusColumn, benchmarkColumn] = ['runId', 'score', 'status', 'benchmark'].map(
        (field) => episodeColumn(table, field),
      );
      for (let position = 0; position < table.count; position += 1) {
        addBoth(
          String(runIdColumn?.[position]),
          String(benchmarkColumn?.[position]),
          scoreColumn?.[position],
          statusColumn?.[position],
        );
      }
    } else {
      for (const episode of data.episodes) addBoth(episode.runId, episode.benchmark, episode.score, episode.status);
    }
    return byRun;
  });
  const summaries = lazily((): readonly EpisodeScoreSummary[] => {
    if (!table) return data.episodes;
    const [runIds, benchmarks, scores, statuses, labels] = ['runId', 'benchmark', 'score', 'status', 'labels'].map(
      (field) => episodeColumn(table, field),
    );
    return Array.from({ length: table.count }, (_, position) => ({
      runId: String(runIds?.[position]),
      benchmark: String(benchmarks?.[position]),
      score: typeof scores?.[position] === 'number' ? (scores[position] as number) : null,
      status: statuses?.[position] === 'failed' ? 'failed' : 'scored',
      labels: (labels?.[position] ?? {}) as ReportEpisode['labels'],
    }));
  });
  const episodeByKey = lazily(
    () => new Map(data.episodes.map((episode) => [episodeKey(episode.runId, episode.caseId, episode.trial), episode])),
  );
  // Reports whose episodes do not carry their place in their page (format 3): count it once, when asked.
  const positions = lazily(() => {
    const found = new Map<ReportEpisode, number>();
    const pageFill = new Map<number, number>();
    for (const episode of data.episodes) {
      if (episode.page === undefined) continue;
      const filled = pageFill.get(episode.page) ?? 0;
      found.set(episode, filled);
      pageFill.set(episode.page, filled + 1);
    }
    return found;
  });
  return {
    data,
    episodeCount: table ? table.count : data.episodes.length,
    runs: data.runs,
    runIds: [...runIds],
    runById,
    get episodesByRun() {
      return episodesByRun();
    },
    runScores: (runId) => scoresByRun().get(runId) ?? { scores: [], failed: 0 },
    summaries: () => summaries(),
    benchmarkScores: (runId, benchmark) =>
      scoresByRun().get(episodeKey(runId, benchmark, -1)) ?? { scores: [], failed: 0 },
    categories: orderNames(categories, CATEGORY_ORDER),
    augmentations: orderNames(augmentations, AUGMENTATION_ORDER),
    maxTrials: Math.max(1, ...data.runs.map((run) => run.trials?.trials ?? 1)),
    findEpisode: (runId, caseId, trial) => episodeByKey().get(episodeKey(runId, caseId, trial)),
    pagePosition: (episode) => episode.pagePosition ?? positions().get(episode) ?? -1,
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
