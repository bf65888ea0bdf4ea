/** Run summaries for the sample report, computed from its episodes the way `toolgauge report` does. */
import type { GroupSummary, ReportEpisode, ReportRun } from '../src/report/report-data';

function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((total, value) => total + value, 0) / values.length;
}

/** A mean as the report stores it: null where there is nothing to average (JSON writes NaN as null). */
function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

function group(episodes: readonly ReportEpisode[]): GroupSummary {
  return {
    episodes: episodes.length,
    score: finiteOrNull(mean(episodes.map((episode) => episode.score ?? 0))),
    turnCount: finiteOrNull(mean(episodes.map((episode) => episode.turnCount ?? 0))),
  };
}

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let value = 1;
  for (let index = 1; index <= k; index += 1) value = (value * (n - k + index)) / index;
  return value;
}

/** One run's leaderboard numbers, from its episodes (a pass is a score of at least 0.9). */
export function summarize(
  runId: string,
  createdAt: string,
  agent: string,
  config: Record<string, unknown>,
  all: readonly ReportEpisode[],
): ReportRun {
  const scored = all.filter((episode) => episode.status === 'scored');
  const overall = group(scored);
  const center = overall.score ?? Number.NaN;
  const spread = Math.sqrt(mean(scored.map((episode) => ((episode.score ?? 0) - center) ** 2)));
  const margin = (1.96 * spread) / Math.sqrt(Math.max(1, scored.length));
  const byCategory: Record<string, GroupSummary> = {};
  for (const category of new Set(scored.flatMap((episode) => episode.categories))) {
    byCategory[category] = group(scored.filter((episode) => episode.categories.includes(category)));
  }
  const byAugmentation: Record<string, GroupSummary> = {};
  for (const augmentation of new Set(scored.map((episode) => episode.augmentation))) {
    byAugmentation[augmentation] = group(scored.filter((episode) => episode.augmentation === augmentation));
  }
  const passesByCase = new Map<string, number[]>();
  for (const episode of scored) {
    passesByCase.set(episode.caseId, [
      ...(passesByCase.get(episode.caseId) ?? []),
      (episode.score ?? 0) >= 0.9 ? 1 : 0,
    ]);
  }
  const trials = Math.max(1, ...[...passesByCase.values()].map((passes) => passes.length));
  const passHatK: Record<string, number> = {};
  const passAtK: Record<string, number> = {};
  for (let k = 1; k <= trials; k += 1) {
    const cases = [...passesByCase.values()];
    const n = (passes: number[]) => passes.length;
    const c = (passes: number[]) => passes.reduce((total, pass) => total + pass, 0);
    passHatK[String(k)] = mean(cases.map((passes) => choose(c(passes), k) / Math.max(1, choose(n(passes), k))));
    passAtK[String(k)] = mean(
      cases.map((passes) => 1 - choose(n(passes) - c(passes), k) / Math.max(1, choose(n(passes), k))),
    );
  }
  const diagnostics: Record<string, number> = { IFN: 0, IAN: 0, IAT: 0, IFE: 0, RAC: 0 };
  for (const episode of all) {
    for (const [pattern, count] of Object.entries(episode.detail?.diagnostics ?? {}))
      diagnostics[pattern] = (diagnostics[pattern] ?? 0) + count;
  }
  const sum = (pick: (episode: ReportEpisode) => number) => all.reduce((total, episode) => total + pick(episode), 0);
  return {
    runId,
    createdAt,
    config,
    agent,
    overall: {
      ...overall,
      confidenceInterval: [finiteOrNull(Math.max(0, center - margin)), finiteOrNull(Math.min(1, center + margin))],
    },
    byCategory,
    byAugmentation,
    trials: { cases: passesByCase.size, trials, passHatK, passAtK },
    status: { scored: scored.length, failed: all.length - scored.length },
    tokens: { input: sum((episode) => episode.inputTokens), output: sum((episode) => episode.outputTokens) },
    requests: all.length * 4,
    cost: sum((episode) => episode.cost),
    diagnostics,
  };
}
