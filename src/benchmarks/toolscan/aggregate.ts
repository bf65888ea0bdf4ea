/**
 * A run's ToolScan tables: the paper's Table 4 (success rate and the seven pattern scores, here per
 * environment and overall), the augmentation breakdown behind the irrelevance ablation (Figure 3 left),
 * API-name similarity against IAC per environment (Figure 5), and the run's protocol settings (the
 * feedback and output-format ablations compare two runs that differ only there). Every figure is a
 * macro average over episodes, as the paper averages over queries; a pattern score that does not apply
 * to an episode (no API call) is left out of its mean.
 */

import { episodesLabelled, metricMeans } from '../../scoring/episode-averages.js';
import type {
  BenchmarkAggregate,
  BenchmarkOptionValues,
  EpisodeSummary,
  MetricValues,
  ReportTable,
  TableColumn,
} from '../../spec/index.js';
import { apiNameSimilarity } from './api-similarity.js';
import { TOOLSCAN_ENVIRONMENT_APIS } from './environment-apis.js';
import { settingsFrom } from './options.js';
import { AUGMENTATIONS, IRRELEVANCE_KINDS, PATTERNS } from './vocabulary.js';

export const METRIC_IDS = ['success', ...PATTERNS, 'call_precision', 'no_IFN', 'calls', 'steps'] as const;

function means(episodes: readonly EpisodeSummary[]): MetricValues {
  return metricMeans(episodes, METRIC_IDS);
}

/** Call precision sits beside IAC: IAC counts gold calls by API name, precision shows the useless calls. */
const patternColumns: TableColumn[] = [
  { id: 'success', title: 'Success Rate', format: 'score', direction: 'higher' },
  ...PATTERNS.flatMap((pattern): TableColumn[] => [
    { id: pattern, title: pattern, format: 'score', direction: 'higher' },
    ...(pattern === 'IAC'
      ? [{ id: 'call_precision', title: 'Call precision', format: 'score', direction: 'higher' } as const]
      : []),
  ]),
];

function row(group: string, episodes: readonly EpisodeSummary[]) {
  return { group, episodes: episodes.length, ...means(episodes) };
}

export function aggregateToolscan(
  episodes: readonly EpisodeSummary[],
  options: BenchmarkOptionValues,
): BenchmarkAggregate {
  const metrics = means(episodes);
  const byEnvironment = (id: string) => episodesLabelled(episodes, 'environment', id);
  const environments = TOOLSCAN_ENVIRONMENT_APIS.filter((environment) => byEnvironment(environment.id).length > 0);
  const groupColumns: TableColumn[] = [
    { id: 'group', title: 'Group', format: 'text' },
    { id: 'episodes', title: 'Episodes', format: 'count' },
  ];
  const table4: ReportTable = {
    id: 'table4',
    title: 'ToolScan Table 4: success rate and error-pattern scores',
    columns: [...groupColumns, ...patternColumns],
    rows: [
      row('all', episodes),
      ...environments.map((environment) => row(environment.id, byEnvironment(environment.id))),
    ],
    note: 'Macro averages over episodes. Pattern scores are 1 − (calls with the pattern) / (API calls); IAC and IAV against the best-fitting gold trajectory; call precision = API calls that are a gold call / API calls (not a paper column); higher is better.',
    chart: {
      type: 'bars',
      title: 'Success rate and error-pattern scores per run (1 = the pattern never occurred)',
      label: 'group',
      rows: ['all'],
      bars: [{ column: 'success' }, ...PATTERNS.map((pattern) => ({ column: pattern }))],
    },
  };
  const withAugmentation = (augmentation: string) => episodesLabelled(episodes, 'augmentation', augmentation);
  const augmentations = AUGMENTATIONS.filter((augmentation) => withAugmentation(augmentation).length > 0);
  const augmentationTable: ReportTable = {
    id: 'augmentation',
    title: 'By augmentation (irrelevance ablation: irrelevant-constraint vs the rest)',
    columns: [
      ...groupColumns,
      ...patternColumns,
      { id: 'no_IFN', title: 'Queries without IFN', format: 'score', direction: 'higher' },
    ],
    rows: [
      ...augmentations.map((augmentation) => row(augmentation, withAugmentation(augmentation))),
      // The irrelevance variants by the paper's three kinds.
      ...IRRELEVANCE_KINDS.flatMap((kind) => {
        const ofKind = episodesLabelled(episodes, 'irrelevance', kind);
        return ofKind.length === 0 ? [] : [row(`irrelevant-constraint: ${kind}`, ofKind)];
      }),
    ],
    note: 'Run with --toolscan-set all to see the irrelevance variants beside their bases. "Queries without IFN" is the paper\'s unit for the irrelevance ablation (Figure 3, left: the share of queries with no incorrect function name, which falls when irrelevant constraints are added); the IFN column is the per-call score.',
  };
  const similarityTable: ReportTable = {
    id: 'api-similarity',
    title: 'API name similarity vs IAC and IAV per environment (paper Figure 5)',
    columns: [
      { id: 'group', title: 'Environment', format: 'text' },
      { id: 'similarity', title: 'Jaccard similarity', format: 'score' },
      { id: 'IAC', title: 'IAC', format: 'score', direction: 'higher' },
      { id: 'IAV', title: 'IAV', format: 'score', direction: 'higher' },
      { id: 'call_precision', title: 'Call precision', format: 'score', direction: 'higher' },
      { id: 'success', title: 'Success Rate', format: 'score', direction: 'higher' },
    ],
    rows: environments.map((environment) => {
      const scored = means(byEnvironment(environment.id));
      return {
        group: environment.id,
        similarity: apiNameSimilarity(environment.apis),
        IAC: scored.IAC ?? null,
        IAV: scored.IAV ?? null,
        call_precision: scored.call_precision ?? null,
        success: scored.success ?? null,
      };
    }),
    note: 'Similarity: mean pairwise Jaccard of API-name tokens after removing the glue words (get, with, and, …), as the worked example of Appendix B.4 does.',
    chart: {
      type: 'scatter',
      title: 'IAC and IAV against API name similarity',
      label: 'group',
      x: 'similarity',
      y: ['IAC', 'IAV'],
    },
  };
  const settings = settingsFrom(options);
  const conditions: ReportTable = {
    id: 'conditions',
    title: 'Protocol settings of this run (feedback and output-format ablations compare runs)',
    columns: [
      { id: 'feedback', title: 'Feedback', format: 'text' },
      { id: 'output', title: 'Output format', format: 'text' },
      { id: 'steps', title: 'Step budget', format: 'count' },
      { id: 'counting', title: 'Counting', format: 'text' },
      ...patternColumns,
    ],
    rows: [
      {
        feedback: settings.feedback ? 'on' : 'off',
        output: settings.output,
        ...means(episodes),
        steps: settings.steps,
        counting: settings.reference ? 'reference code' : 'paper',
      },
    ],
  };
  return {
    headline: metrics.success ?? null,
    metrics,
    tables: [table4, augmentationTable, similarityTable, conditions],
  };
}
