/**
 * The sports environment, with list semantics: leagues, teams and matches come in pages
 * (`page`, `page_size`, and `total` / `total_pages` in every answer), so counting over a season means
 * either asking for a big page or walking the pages.
 */
import { z } from 'zod';
import { defineTool, fail } from '../../../tools/index.js';
import { containsText, pageField, pageOf, pageSizeField } from '../environment-data.js';
import { leagueTable, loadSports, SPORTS, type Team } from './sports-data.js';

const domain = 'toolscan-sports';
const teamId = z.number().int().describe('The team id, as search_team or list_teams return it.');
const leagueId = z.number().int().describe('The league id, as list_leagues returns it.');
const season = z.number().int().describe('The season, a year such as 2023.');

function teamOrFail(id: number): Team {
  const team = loadSports().teams.find((candidate) => candidate.id === id);
  if (!team) throw fail('not-found', `No team has the id ${id}.`, 'Find it with search_team.');
  return team;
}

export const listSports = defineTool({
  name: 'list_sports',
  description: 'Lists the sports covered.',
  parameters: z.object({}),
  returns: 'A list of sport names.',
  kind: 'read',
  domain,
  run: () => [...SPORTS],
});

export const listLeagues = defineTool({
  name: 'list_leagues',
  description: 'Lists the leagues of a sport.',
  parameters: z.object({
    sport: z.enum(SPORTS).describe('The sport.'),
    page: pageField(),
    page_size: pageSizeField(50),
  }),
  returns: 'An object { total, page, page_size, total_pages, results: [{ id, name, sport, country }] }.',
  kind: 'read',
  domain,
  run: ({ sport, page, page_size }) =>
    pageOf(
      loadSports().leagues.filter((league) => league.sport === sport),
      page,
      page_size,
    ),
});

export const listTeams = defineTool({
  name: 'list_teams',
  description: 'Lists the teams of a league, by name.',
  parameters: z.object({ league_id: leagueId, page: pageField(), page_size: pageSizeField(50) }),
  returns: 'An object { total, page, page_size, total_pages, results: [{ id, name, city }] }.',
  kind: 'read',
  domain,
  run: ({ league_id, page, page_size }) => {
    const teams = loadSports()
      .teams.filter((team) => team.league_id === league_id)
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .map((team) => ({ id: team.id, name: team.name, city: team.city }));
    return pageOf(teams, page, page_size);
  },
});

export const searchTeam = defineTool({
  name: 'search_team',
  description: 'Searches teams whose name contains the text.',
  parameters: z.object({ name: z.string().min(1).describe('Text the team name must contain (case-insensitive).') }),
  returns: 'A list of { id, name, city, league_id } (at most 10).',
  kind: 'read',
  domain,
  run: ({ name }) =>
    loadSports()
      .teams.filter((team) => containsText(team.name, name))
      .slice(0, 10)
      .map((team) => ({ id: team.id, name: team.name, city: team.city, league_id: team.league_id })),
});

export const getTeam = defineTool({
  name: 'get_team',
  description: 'Gets the details of a team: city, league, founding year, venue and coach.',
  parameters: z.object({ team_id: teamId }),
  returns: 'An object { id, name, city, league_id, founded, venue, coach }.',
  kind: 'read',
  domain,
  run: ({ team_id }) => teamOrFail(team_id),
});

export const listMatches = defineTool({
  name: 'list_matches',
  description: "Lists a team's matches in a season, oldest first, home and away.",
  parameters: z.object({
    team_id: teamId,
    season,
    status: z.enum(['all', 'finished', 'scheduled']).default('all').describe('Which matches (default all).'),
    page: pageField(),
    page_size: pageSizeField(50),
  }),
  returns:
    'An object { total, page, page_size, total_pages, results: [{ match_id, date, home_team, away_team, status, home_score, away_score }] }; scores are null for scheduled matches.',
  kind: 'read',
  domain,
  run: (args) => {
    teamOrFail(args.team_id);
    const { matches, teams } = loadSports();
    const name = (id: number) => teams.find((team) => team.id === id)?.name ?? 'unknown';
    const own = matches
      .filter(
        (match) =>
          match.season === args.season &&
          (match.home_team_id === args.team_id || match.away_team_id === args.team_id) &&
          (args.status === 'all' || match.status === args.status),
      )
      .map((match) => ({
        match_id: match.id,
        date: match.date,
        home_team: name(match.home_team_id),
        away_team: name(match.away_team_id),
        status: match.status,
        home_score: match.home_score,
        away_score: match.away_score,
      }));
    return pageOf(own, args.page, args.page_size);
  },
});

export const getMatch = defineTool({
  name: 'get_match',
  description: 'Gets one match by id.',
  parameters: z.object({ match_id: z.number().int().describe('The match id.') }),
  returns: 'The match { id, league_id, season, date, home_team_id, away_team_id, status, home_score, away_score }.',
  kind: 'read',
  domain,
  run: ({ match_id }) => {
    const match = loadSports().matches.find((candidate) => candidate.id === match_id);
    if (!match) throw fail('not-found', `No match has the id ${match_id}.`);
    return match;
  },
});

export const getStandings = defineTool({
  name: 'get_standings',
  description: "Gets a league's table for a season, from its finished matches.",
  parameters: z.object({ league_id: leagueId, season }),
  returns:
    'A list of { position, team_id, team_name, played, won, drawn, lost, scored, conceded, points }, first place first.',
  kind: 'read',
  domain,
  run: ({ league_id, season: year }) => {
    const league = loadSports().leagues.find((candidate) => candidate.id === league_id);
    if (!league) throw fail('not-found', `No league has the id ${league_id}.`, 'Find it with list_leagues.');
    return leagueTable(league, year);
  },
});

export const sportsTools = [
  listSports,
  listLeagues,
  listTeams,
  searchTeam,
  getTeam,
  listMatches,
  getMatch,
  getStandings,
];
