/**
 * The ToolScan environments: five offline, deterministic tool sets in the style of the paper's live
 * APIs, each with many similar APIs, typed arguments, optional arguments with defaults, and paging.
 */
import type { Tool } from '../../tools/index.js';
import type { Domain } from '../domain.js';
import { movieTools } from './movies/movie-tools.js';
import { patentTools } from './patents/patent-tools.js';
import { spaceflightTools } from './spaceflight/spaceflight-tools.js';
import { sportsTools } from './sports/sports-tools.js';
import { weatherTools } from './weather/weather-tools.js';

export interface ToolscanEnvironment extends Domain {
  /** The environment id query files name, e.g. `patents`. */
  readonly id: string;
  readonly tools: readonly Tool[];
}

function environment(id: string, description: string, tools: readonly Tool[]): ToolscanEnvironment {
  return { id, name: `toolscan-${id}`, description, tables: [], tools };
}

export const TOOLSCAN_ENVIRONMENTS: readonly ToolscanEnvironment[] = [
  environment(
    'patents',
    'Granted patents searched by title, date, inventor and assignee (similar API names).',
    patentTools,
  ),
  environment('movies', 'A film database: movies, people, credits, similar films and discovery.', movieTools),
  environment(
    'weather',
    'Weather history, forecasts, air quality and distances by coordinates and dates.',
    weatherTools,
  ),
  environment(
    'spaceflight',
    'Spaceflight news articles, blogs and reports with date filters and offsets.',
    spaceflightTools,
  ),
  environment('sports', 'Leagues, teams, fixtures and standings, listed in pages.', sportsTools),
];

export function findEnvironment(id: string): ToolscanEnvironment | undefined {
  return TOOLSCAN_ENVIRONMENTS.find((candidate) => candidate.id === id);
}

export { TOOLSCAN_DATA_FOLDER } from './environment-data.js';
export * from './weather/weather-model.js';
