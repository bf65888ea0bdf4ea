/**
 * The paper's aggregation (Table 1): each format column is the mean over its items; each ability the
 * mean of its string and JSON columns; REVIEW its choice score alone; Overall the unweighted mean of the
 * six abilities. Tables show them ×100 (format `percent`).
 */
import { labelValues, meanOfPresent, metricMeans } from '../../scoring/episode-averages.js';
import type { BenchmarkAggregate, EpisodeSummary, MetricValues, ReportTable, TableColumn } from '../../spec/index.js';
import { ABILITIES, type TevalAbility } from './teval-case.js';
import { ABILITY_TITLES, TABLE_ONE_COLUMNS, type TableOneColumn, TEVAL_METRICS } from './teval-metrics.js';

export type ColumnScores = Readonly<Partial<Record<TableOneColumn, number | null>>>;

export interface AbilityScores {
  readonly abilities: Readonly<Record<TevalAbility, number | null>>;
  /** null when no ability has a score. */
  readonly overall: number | null;
  /** How many of the six abilities the overall averages. */
  readonly abilityCount: number;
}

/** Abilities and Overall from the eleven columns; an ability with one format present uses that one. */
export function abilitiesFromColumns(columns: ColumnScores): AbilityScores {
  const abilities = {} as Record<TevalAbility, number | null>;
  for (const ability of ABILITIES) {
    const values =
      ability === 'review'
        ? [columns.review]
        : [columns[`${ability}.string` as TableOneColumn], columns[`${ability}.json` as TableOneColumn]];
    abilities[ability] = meanOfPresent(values);
  }
  const present = ABILITIES.map((ability) => abilities[ability]).filter((value): value is number => value !== null);
  return { abilities, overall: meanOfPresent(present), abilityCount: present.length };
}

/** Each metric's mean over the episodes where it applies. */
export function columnMeans(episodes: readonly EpisodeSummary[]): Record<string, number | null> {
  return metricMeans(
    episodes,
    TEVAL_METRICS.map((metric) => metric.id),
  );
}

export function aggregateTeval(episodes: readonly EpisodeSummary[]): BenchmarkAggregate {
  const means = columnMeans(episodes);
  const scores = abilitiesFromColumns(means as ColumnScores);
  const metrics: MetricValues = { ...means, overall: scores.overall };
  return { headline: scores.overall, metrics, tables: [tableOne(means, scores), abilityTable(scores, episodes)] };
}

const percent = (id: string, title: string): TableColumn => ({ id, title, format: 'percent', direction: 'higher' });

function tableOne(means: Record<string, number | null>, scores: AbilityScores): ReportTable {
  const row: Record<string, number | string | null> = { group: 'all items' };
  for (const column of TABLE_ONE_COLUMNS) row[column] = means[column] ?? null;
  row.overall = scores.overall;
  return {
    id: 'teval-table-1',
    title: 'T-Eval, Table 1 layout',
    columns: [
      { id: 'group', title: 'Items', format: 'text' },
      ...TABLE_ONE_COLUMNS.map((column) => {
        const [ability = '', format] = column.split('.');
        const title = format
          ? `${ABILITY_TITLES[ability as TevalAbility]} ${format === 'json' ? 'JSON' : 'String'}`
          : 'REVIEW Choice';
        return { ...percent(column, title), group: ABILITY_TITLES[ability as TevalAbility] };
      }),
      percent('overall', 'Overall'),
    ],
    rows: [row],
    note:
      scores.abilityCount === 6
        ? 'Each column is the mean over its items (×100); Overall is the unweighted mean of the six abilities, each the mean of its String and JSON columns, REVIEW its choice score alone.'
        : `Only ${scores.abilityCount} of the six abilities have items in this run; Overall averages those, so it is not comparable with the paper's.`,
    chart: {
      type: 'bars',
      title: 'Scores per ability and format',
      bars: TABLE_ONE_COLUMNS.map((column) => {
        const [ability = '', format] = column.split('.');
        return {
          column,
          group: ABILITY_TITLES[ability as TevalAbility],
          series: format === undefined ? 'Choice' : format === 'json' ? 'JSON' : 'String',
        };
      }),
    },
  };
}

/** One row per ability: what a radar chart of the six abilities reads. */
function abilityTable(scores: AbilityScores, episodes: readonly EpisodeSummary[]): ReportTable {
  const itemCounts = new Map<string, number>();
  for (const episode of episodes) {
    for (const name of labelValues(episode.labels.ability)) itemCounts.set(name, (itemCounts.get(name) ?? 0) + 1);
  }
  return {
    id: 'teval-abilities',
    title: 'T-Eval abilities (radar)',
    columns: [
      { id: 'ability', title: 'Ability', format: 'text' },
      percent('score', 'Score'),
      { id: 'items', title: 'Items', format: 'count' },
    ],
    rows: ABILITIES.map((ability) => ({
      ability: ABILITY_TITLES[ability],
      score: scores.abilities[ability],
      items: itemCounts.get(ability) ?? 0,
    })),
    note: 'Each ability is the mean of its String and JSON scores (REVIEW: choice only); the radar chart plots these six.',
    chart: { type: 'radar', label: 'ability', value: 'score' },
  };
}
