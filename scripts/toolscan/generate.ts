/**
 * Writes the ToolScan environments' data and queries (`data/toolscan/`). Everything derives from one
 * seed, so running it again writes the same files:
 *
 *   scripts/node22 node scripts/toolscan/generate.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { generateMovies } from './movies.ts';
import { generatePatents } from './patents.ts';
import {
  anyValue,
  IRRELEVANCE_KINDS,
  IRRELEVANT_CONSTRAINTS,
  MISMATCHED_PARAMETERS,
  type QueryRecord,
  seededRandom,
  UNEXPRESSIBLE_CONSTRAINTS,
} from './random.ts';
import { generateSpaceflight } from './spaceflight.ts';
import { CURRENT_DATE, generateSports } from './sports.ts';
import { generateWeather } from './weather.ts';

const root = new URL('../../data/toolscan/', import.meta.url);
mkdirSync(new URL('queries/', root), { recursive: true });

function write(path: string, value: unknown): void {
  writeFileSync(new URL(path, root), `${JSON.stringify(value, null, 1)}\n`);
}

/**
 * The irrelevance variants, the paper's three kinds in turn (Table 7): the base query plus a request no
 * tool can serve (`unrelated-request`), a condition no argument can express (`unexpressible-constraint`),
 * or a parameter meant for another function (`mismatched-parameter`); same gold, same answer.
 */
function irrelevant(environment: string, queries: readonly QueryRecord[], count: number): QueryRecord[] {
  return queries.slice(0, count).map((query, index) => {
    const kind = IRRELEVANCE_KINDS[index % IRRELEVANCE_KINDS.length] ?? 'unrelated-request';
    const turn = Math.floor(index / IRRELEVANCE_KINDS.length);
    const sentences =
      kind === 'unrelated-request'
        ? IRRELEVANT_CONSTRAINTS
        : kind === 'unexpressible-constraint'
          ? UNEXPRESSIBLE_CONSTRAINTS
          : (MISMATCHED_PARAMETERS[environment] ?? []);
    return {
      ...query,
      id: `${environment}-i${String(index + 1).padStart(2, '0')}`,
      goal: `${query.goal} ${sentences[turn % sentences.length]}`,
      augmentation: 'irrelevant-constraint',
      irrelevance: kind,
    };
  });
}

/**
 * Page sizes and field lists the query does not ask for are "any value" in the gold calls: asking for 50
 * results instead of the default 10 is not an incorrect argument value when the question does not care.
 * The example (what the oracle plays) is the API's default.
 */
const UNCONSTRAINED: Record<string, Record<string, unknown>> = {
  ...Object.fromEntries(
    [
      'get_patent_with_title',
      'get_patent_with_title_and_date',
      'get_patent_with_title_gte_date',
      'get_patent_with_title_lt_date',
      'get_patent_with_title_not',
      'get_patent_with_date_range',
      'get_patent_with_inventor',
      'get_patent_with_assignee',
    ].map((api) => [api, { count: 10, fields: ['patent_number', 'patent_title', 'patent_date'] }]),
  ),
  get_movie_cast: { limit: 10 },
  get_similar_movies: { limit: 5 },
  ...Object.fromEntries(
    [
      'get_articles',
      'get_articles_published_after',
      'get_articles_published_before',
      'get_articles_published_between',
      'get_blogs',
      'get_reports',
    ].map((api) => [api, { limit: 10 }]),
  ),
  list_leagues: { page_size: 10 },
  list_teams: { page_size: 10 },
  list_matches: { page_size: 10 },
};

function relaxPageSizes(queries: QueryRecord[]): QueryRecord[] {
  return queries.map((query) => ({
    ...query,
    trajectories: query.trajectories.map((trajectory) =>
      trajectory.map((step) => {
        const free = UNCONSTRAINED[step.api] ?? {};
        const added = Object.fromEntries(
          Object.entries(free)
            .filter(([name]) => !(name in step.arguments))
            .map(([name, example]) => [name, anyValue(example)]),
        );
        return { ...step, arguments: { ...step.arguments, ...added } };
      }),
    ),
  }));
}

/** A gold trajectory as scoring sees it: `$any` examples do not matter. */
function scoringKey(trajectory: QueryRecord['trajectories'][number]): string {
  return JSON.stringify(
    trajectory.map((step) => [
      step.api,
      Object.entries(step.arguments)
        .map(([name, value]) => [name, value && typeof value === 'object' && '$any' in value ? '$any' : value])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    ]),
  );
}

/**
 * The 30 queries kept of an environment's drafts: a query whose goal repeats an earlier one's is replaced,
 * under its own id, by the first spare draft of the same augmentation that repeats nothing; trajectories
 * identical for scoring (differing only in an `$any` example) are kept once.
 */
function distinctQueries(drafts: QueryRecord[]): QueryRecord[] {
  const kept = drafts.slice(0, 30);
  const spares = drafts.slice(30);
  const goals = new Set<string>();
  const result = kept.map((query) => {
    if (!goals.has(query.goal)) {
      goals.add(query.goal);
      return query;
    }
    const at = spares.findIndex((spare) => spare.augmentation === query.augmentation && !goals.has(spare.goal));
    const spare = spares.splice(at, 1)[0];
    if (at < 0 || !spare) throw new Error(`no spare draft to replace ${query.id}`);
    goals.add(spare.goal);
    return { ...spare, id: query.id };
  });
  return result.map((query) => {
    const seen = new Set<string>();
    const trajectories = query.trajectories.filter((trajectory) => {
      const key = scoringKey(trajectory);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return { ...query, trajectories };
  });
}

function writeQueries(environment: string, generated: QueryRecord[], irrelevantCount: number): void {
  const queries = distinctQueries(relaxPageSizes(generated));
  write(`queries/${environment}.json`, {
    $schema: '../query.schema.json',
    formatVersion: 1,
    environment,
    queries: [...queries, ...irrelevant(environment, queries, irrelevantCount)],
  });
  console.log(`${environment}: ${queries.length} queries (+${irrelevantCount} irrelevance variants)`);
}

const patents = generatePatents(seededRandom(1301));
write('patents.json', { formatVersion: 1, patents: patents.patents });
writeQueries('patents', patents.queries, 20);

const movies = generateMovies(seededRandom(1302));
write('movies.json', { formatVersion: 1, movies: movies.movies, people: movies.people });
writeQueries('movies', movies.queries, 20);

const weather = generateWeather(seededRandom(1303));
write('weather.json', { formatVersion: 1, currentDate: '2024-06-15', stations: weather.stations });
writeQueries('weather', weather.queries, 0);

const spaceflight = generateSpaceflight(seededRandom(1304));
write('spaceflight.json', { formatVersion: 1, articles: spaceflight.articles });
writeQueries('spaceflight', spaceflight.queries, 20);

const sports = generateSports(seededRandom(1305));
write('sports.json', {
  formatVersion: 1,
  currentDate: CURRENT_DATE,
  leagues: sports.leagues,
  teams: sports.teams,
  matches: sports.matches,
});
writeQueries('sports', sports.queries, 0);
