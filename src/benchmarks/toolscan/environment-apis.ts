/**
 * The ToolScan environments' ids and API names, in the order `TOOLSCAN_ENVIRONMENTS` lists them: all a
 * run's report needs of them (its per-environment rows and the API-name similarity of Figure 5). A
 * snapshot, so that reporting and showing stored episodes do not import the environments' tools and
 * data; reader.test.ts keeps it equal to the environments themselves.
 */
export interface ToolscanEnvironmentApis {
  readonly id: string;
  readonly apis: readonly string[];
}

export const TOOLSCAN_ENVIRONMENT_APIS: readonly ToolscanEnvironmentApis[] = [
  {
    id: 'patents',
    apis: [
      'get_patent_with_title',
      'get_patent_with_title_and_date',
      'get_patent_with_title_gte_date',
      'get_patent_with_title_lt_date',
      'get_patent_with_title_not',
      'get_patent_with_date_range',
      'get_patent_with_number',
      'get_patent_with_inventor',
      'get_patent_with_assignee',
    ],
  },
  {
    id: 'movies',
    apis: [
      'search_movie',
      'get_movie_details',
      'get_movie_cast',
      'get_movie_crew',
      'get_movie_keywords',
      'get_similar_movies',
      'search_person',
      'get_person_details',
      'get_person_movie_credits',
      'discover_movies',
    ],
  },
  {
    id: 'weather',
    apis: [
      'get_current_date',
      'get_latitude_longitude',
      'get_elevation',
      'get_historical_temperature',
      'get_historical_rain',
      'get_forecast_temperature',
      'get_forecast_rain',
      'get_air_quality',
      'get_distance',
    ],
  },
  {
    id: 'spaceflight',
    apis: [
      'get_articles',
      'get_articles_published_after',
      'get_articles_published_before',
      'get_articles_published_between',
      'get_article_by_id',
      'get_blogs',
      'get_reports',
      'get_info',
    ],
  },
  {
    id: 'sports',
    apis: [
      'list_sports',
      'list_leagues',
      'list_teams',
      'search_team',
      'get_team',
      'list_matches',
      'get_match',
      'get_standings',
    ],
  },
];
