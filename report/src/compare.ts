import type { GroupSummary, ReportEpisode, ReportRun } from '../../src/report/report-data';
import { AUGMENTATION_ORDER, CATEGORY_ORDER, isNumber, orderNames } from './format';

export interface MetricComparison {
  readonly group: 'overall' | 'category' | 'augmentation';
  readonly name: string;
  readonly a: number | null;
  readonly b: number | null;
  /** b − a, or null when either side has no score. */
  readonly delta: number | null;
  readonly turnsA: number | null;
  readonly turnsB: number | null;
}

function scoreOf(summary: GroupSummary | undefined): number | null {
  return summary && isNumber(summary.score) ? summary.score : null;
}

function turnsOf(summary: GroupSummary | undefined): number | null {
  return summary && isNumber(summary.turnCount) ? summary.turnCount : null;
}

function comparison(
  group: MetricComparison['group'],
  name: string,
  left: GroupSummary | undefined,
  right: GroupSummary | undefined,
): MetricComparison {
  const a = scoreOf(left);
  const b = scoreOf(right);
  return {
    group,
    name,
    a,
    b,
    delta: a === null || b === null ? null : b - a,
    turnsA: turnsOf(left),
    turnsB: turnsOf(right),
  };
}

/** Overall, then each category, then each augmentation present in either run. */
export function compareRuns(runA: ReportRun, runB: ReportRun): MetricComparison[] {
  const categories = orderNames(
    [...Object.keys(runA.byCategory ?? {}), ...Object.keys(runB.byCategory ?? {})],
    CATEGORY_ORDER,
  );
  const augmentations = orderNames(
    [...Object.keys(runA.byAugmentation ?? {}), ...Object.keys(runB.byAugmentation ?? {})],
    AUGMENTATION_ORDER,
  );
  return [
    comparison('overall', 'overall', runA.overall, runB.overall),
    ...categories.map((name) => comparison('category', name, runA.byCategory?.[name], runB.byCategory?.[name])),
    ...augmentations.map((name) =>
      comparison('augmentation', name, runA.byAugmentation?.[name], runB.byAugmentation?.[name]),
    ),
  ];
}

export interface CaseSide {
  /** Mean score over the case's scored trials, or null when none was scored. */
  readonly mean: number | null;
  readonly episodes: readonly ReportEpisode[];
}

export interface CaseChange {
  readonly caseId: string;
  readonly a: CaseSide;
  readonly b: CaseSide;
  readonly delta: number | null;
}

function side(episodes: readonly ReportEpisode[]): CaseSide {
  const scores = episodes.map((episode) => episode.score).filter(isNumber);
  const sorted = [...episodes].sort((left, right) => left.trial - right.trial);
  return {
    mean: scores.length === 0 ? null : scores.reduce((total, score) => total + score, 0) / scores.length,
    episodes: sorted,
  };
}

function byCase(episodes: readonly ReportEpisode[]): Map<string, ReportEpisode[]> {
  const cases = new Map<string, ReportEpisode[]>();
  for (const episode of episodes) cases.set(episode.caseId, [...(cases.get(episode.caseId) ?? []), episode]);
  return cases;
}

/**
 * The cases both runs played, by how much their mean score changed (largest change first, either
 * direction); cases that could not be compared (no scored trial on a side) come last.
 */
export function caseChanges(episodesA: readonly ReportEpisode[], episodesB: readonly ReportEpisode[]): CaseChange[] {
  const casesA = byCase(episodesA);
  const casesB = byCase(episodesB);
  const changes: CaseChange[] = [];
  for (const [caseId, listA] of casesA) {
    const listB = casesB.get(caseId);
    if (!listB) continue;
    const a = side(listA);
    const b = side(listB);
    changes.push({ caseId, a, b, delta: a.mean === null || b.mean === null ? null : b.mean - a.mean });
  }
  return changes.sort((left, right) => {
    if (left.delta === null || right.delta === null) {
      if (left.delta !== right.delta) return left.delta === null ? 1 : -1;
    } else {
      const order = Math.abs(right.delta) - Math.abs(left.delta);
      if (order !== 0) return order;
    }
    return left.caseId.localeCompare(right.caseId, 'en', { numeric: true });
  });
}
