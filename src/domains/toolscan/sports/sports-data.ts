import { z } from 'zod';
import { cachedToolscanFile, isoDateField } from '../environment-data.js';

export const SPORTS = ['football', 'basketball', 'hockey'] as const;

const leagueSchema = z.object({ id: z.number().int(), name: z.string(), sport: z.enum(SPORTS), country: z.string() });
const teamSchema = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  city: z.string(),
  league_id: z.number().int(),
  founded: z.number().int(),
  venue: z.string(),
  coach: z.string(),
});
const matchSchema = z.object({
  id: z.number().int(),
  league_id: z.number().int(),
  season: z.number().int(),
  date: isoDateField,
  home_team_id: z.number().int(),
  away_team_id: z.number().int(),
  status: z.enum(['finished', 'scheduled']),
  home_score: z.number().int().nullable(),
  away_score: z.number().int().nullable(),
});

export type League = z.output<typeof leagueSchema>;
export type Team = z.output<typeof teamSchema>;
export type Match = z.output<typeof matchSchema>;

export const loadSports = cachedToolscanFile(
  'sports.json',
  z.object({
    formatVersion: z.literal(1),
    currentDate: isoDateField,
    leagues: z.array(leagueSchema).min(1),
    teams: z.array(teamSchema).min(1),
    matches: z.array(matchSchema).min(1),
  }),
);

/**
 * A league's table for a season from its finished matches: football gives 3 points a win and 1 a draw,
 * the other sports 2 a win; ties are broken by goal difference, goals scored, then name.
 */
export function leagueTable(league: League, season: number) {
  const { teams, matches } = loadSports();
  return standings(league, season, teams, matches);
}

/**
 * The table of {@link leagueTable} from the given teams and matches: the data generator writes the
 * queries' expected answers with this same function, so they cannot drift from what the tool returns.
 */
export function standings(
  league: Pick<League, 'id' | 'sport'>,
  season: number,
  teams: readonly Pick<Team, 'id' | 'name' | 'league_id'>[],
  matches: readonly Omit<Match, 'date'>[],
) {
  const rows = teams
    .filter((team) => team.league_id === league.id)
    .map((team) => ({
      team_id: team.id,
      team_name: team.name,
      played: 0,
      won: 0,
      drawn: 0,
      lost: 0,
      scored: 0,
      conceded: 0,
      points: 0,
    }));
  const winPoints = league.sport === 'football' ? 3 : 2;
  for (const match of matches) {
    if (match.league_id !== league.id || match.season !== season || match.status !== 'finished') continue;
    const sides = [
      [match.home_team_id, match.home_score ?? 0, match.away_score ?? 0],
      [match.away_team_id, match.away_score ?? 0, match.home_score ?? 0],
    ] as const;
    for (const [teamId, own, other] of sides) {
      const row = rows.find((candidate) => candidate.team_id === teamId);
      if (!row) continue;
      row.played += 1;
      row.scored += own;
      row.conceded += other;
      if (own > other) {
        row.won += 1;
        row.points += winPoints;
      } else if (own === other) {
        row.drawn += 1;
        row.points += 1;
      } else row.lost += 1;
    }
  }
  rows.sort(
    (a, b) =>
      b.points - a.points ||
      b.scored - b.conceded - (a.scored - a.conceded) ||
      b.scored - a.scored ||
      (a.team_name < b.team_name ? -1 : 1),
  );
  return rows.map((row, index) => ({ position: index + 1, ...row }));
}
