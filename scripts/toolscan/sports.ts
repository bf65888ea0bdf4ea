/** Sports: leagues, teams and fixtures over three seasons; list endpoints with page/page_size paging. */
// The expected standings come from the tool's own table (build first: `npm run build`).
import { standings } from '../../dist/domains/toolscan/sports/sports-data.js';
import {
  atLeast,
  call,
  dayNumber,
  isoDay,
  longDate,
  MAIN_AUGMENTATIONS,
  QUERY_DRAFTS,
  type QueryRecord,
  type Random,
} from './random.ts';

export const CURRENT_DATE = '2024-06-15';
export const SEASONS = [2022, 2023, 2024];
const TOWNS = [
  'Riverton',
  'Ashby',
  'Calderbrook',
  'Dunmore',
  'Eastwick',
  'Fairhaven',
  'Glenrock',
  'Harrowgate',
  'Ironbridge',
  'Juniper Falls',
  'Kingsport',
  'Lakemont',
  'Millbrook',
  'Northfield',
  'Oakridge',
  'Pinecrest',
  'Queensbury',
  'Redcliff',
  'Stonehaven',
  'Thornbury',
  'Upton',
  'Valemount',
  'Westbrook',
  'Yarrow',
  'Zephyr Bay',
  'Alderton',
  'Brightwater',
  'Coldwell',
  'Drayton',
  'Elmsford',
  'Foxley',
  'Granton',
  'Hollins',
  'Ivywood',
  'Larkspur',
  'Maplewood',
  'Norwood',
  'Oxley',
  'Pembury',
  'Rosedale',
  'Saltby',
  'Tidewell',
];
const MASCOTS: Record<string, string[]> = {
  football: ['Rovers', 'United', 'Athletic', 'Wanderers', 'City', 'Albion', 'Rangers', 'Town'],
  basketball: ['Hawks', 'Comets', 'Foxes', 'Titans', 'Owls', 'Stags'],
  hockey: ['Wolves', 'Blizzard', 'Lynx', 'Icebreakers', 'Bears'],
};
const LEAGUES = [
  { id: 11, name: 'Atlantic Football League', sport: 'football', country: 'England', teams: 12 },
  { id: 12, name: 'Continental Soccer Division', sport: 'football', country: 'Scotland', teams: 12 },
  { id: 21, name: 'Metro Basketball Association', sport: 'basketball', country: 'Canada', teams: 10 },
  { id: 31, name: 'Frontier Hockey League', sport: 'hockey', country: 'Canada', teams: 8 },
];
const COACH_FIRST = ['Alan', 'Bea', 'Carlos', 'Dana', 'Erik', 'Fiona', 'Gavin', 'Hana', 'Ivo', 'Joan', 'Kurt', 'Lena'];
const COACH_LAST = [
  'Ashworth',
  'Brady',
  'Costa',
  'Doyle',
  'Ekberg',
  'Flynn',
  'Garrido',
  'Hale',
  'Ilic',
  'Jarvis',
  'Keane',
  'Lund',
];

export interface LeagueRecord {
  id: number;
  name: string;
  sport: string;
  country: string;
}
export interface TeamRecord {
  id: number;
  name: string;
  city: string;
  league_id: number;
  founded: number;
  venue: string;
  coach: string;
}
export interface MatchRecord {
  id: number;
  league_id: number;
  season: number;
  date: string;
  home_team_id: number;
  away_team_id: number;
  status: 'finished' | 'scheduled';
  home_score: number | null;
  away_score: number | null;
}

function score(random: Random, sport: string): [number, number] {
  if (sport === 'football') return [random.pick([0, 0, 1, 1, 1, 2, 2, 3, 4]), random.pick([0, 0, 1, 1, 2, 2, 3])];
  if (sport === 'basketball') {
    const home = random.int(82, 124);
    let away = random.int(80, 120);
    if (away === home) away -= 3;
    return [home, away];
  }
  const home = random.int(0, 6);
  let away = random.int(0, 5);
  if (away === home) away = home === 0 ? 1 : home - 1;
  return [home, away];
}

export function generateSports(random: Random): {
  leagues: LeagueRecord[];
  teams: TeamRecord[];
  matches: MatchRecord[];
  queries: QueryRecord[];
} {
  const towns = random.shuffle(TOWNS);
  const teams: TeamRecord[] = [];
  const matches: MatchRecord[] = [];
  for (const league of LEAGUES) {
    const own: TeamRecord[] = [];
    for (let index = 0; index < league.teams; index += 1) {
      const city = towns.shift() ?? `Town ${teams.length}`;
      const team = {
        id: 100 + teams.length * 4,
        name: `${city} ${random.pick(MASCOTS[league.sport] ?? ['Club'])}`,
        city,
        league_id: league.id,
        founded: random.int(1878, 1995),
        venue: `${random.pick(['Memorial', 'Riverside', 'Victoria', 'Station Road', 'Harbour', 'Civic'])} ${league.sport === 'football' ? 'Ground' : 'Arena'}`,
        coach: `${random.pick(COACH_FIRST)} ${random.pick(COACH_LAST)}`,
      };
      own.push(team);
      teams.push(team);
    }
    for (const season of SEASONS) {
      const pairs = own.flatMap((home) =>
        own.filter((away) => away.id !== home.id).map((away) => [home, away] as const),
      );
      const first = dayNumber(`${season}-02-01`);
      const span = dayNumber(`${season}-11-20`) - first;
      random.shuffle(pairs).forEach(([home, away], index) => {
        const date = isoDay(first + Math.floor((index * span) / pairs.length));
        const finished = date < CURRENT_DATE;
        const [homeScore, awayScore] = score(random, league.sport);
        matches.push({
          id: 0,
          league_id: league.id,
          season,
          date,
          home_team_id: home.id,
          away_team_id: away.id,
          status: finished ? 'finished' : 'scheduled',
          home_score: finished ? homeScore : null,
          away_score: finished ? awayScore : null,
        });
      });
    }
  }
  matches.sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.league_id - b.league_id || a.home_team_id - b.home_team_id,
  );
  const numbered = matches.map((match, index) => ({ ...match, id: 70_000 + index }));
  const leagues = LEAGUES.map(({ id, name, sport, country }) => ({ id, name, sport, country }));
  return { leagues, teams, matches: numbered, queries: sportsQueries(random, leagues, teams, numbered) };
}

function sportsQueries(
  random: Random,
  leagues: readonly LeagueRecord[],
  teams: readonly TeamRecord[],
  matches: readonly MatchRecord[],
): QueryRecord[] {
  const queries: QueryRecord[] = [];
  const played = (team: TeamRecord, season: number) =>
    matches.filter(
      (match) => match.season === season && (match.home_team_id === team.id || match.away_team_id === team.id),
    );
  const pages = (team: TeamRecord, season: number, extra: Record<string, unknown> = {}) => {
    const count = Math.ceil(played(team, season).length / 10);
    return Array.from({ length: count }, (_, index) =>
      // Every page, each of the default size or more (a smaller page would leave matches unread).
      call('list_matches', { team_id: team.id, season, ...extra, page: index + 1, page_size: atLeast(10) }),
    );
  };
  let attempts = 0;
  while (queries.length < QUERY_DRAFTS && attempts < 5000) {
    attempts += 1;
    const aug = MAIN_AUGMENTATIONS[queries.length % 3] ?? 'constraint';
    const pick = (texts: [string, string, string]) => texts[MAIN_AUGMENTATIONS.indexOf(aug)] ?? texts[0];
    const push = (
      base: number,
      goal: string,
      trajectories: ReturnType<typeof call>[][],
      answer: QueryRecord['answer'],
    ) =>
      queries.push({
        id: `sports-${String(queries.length + 1).padStart(3, '0')}`,
        baseId: `sports-b${base}`,
        goal,
        augmentation: aug,
        trajectories,
        answer,
      });
    const team = random.pick(teams);
    const league = leagues.find((candidate) => candidate.id === team.league_id);
    if (!league) continue;
    const season = random.pick([2022, 2023]);
    const find = call('search_team', { name: team.name });
    const template = queries.length % 7;
    if (template === 0) {
      const wins = played(team, season).filter((match) =>
        match.home_team_id === team.id
          ? (match.home_score ?? 0) > (match.away_score ?? 0)
          : (match.away_score ?? 0) > (match.home_score ?? 0),
      ).length;
      push(
        1,
        pick([
          `How many matches did ${team.name} win in the ${season} season?`,
          `In ${season}, how many wins did ${team.name} record?`,
          `My grandfather has supported ${team.name} since the club's early days and keeps asking me about ${season}. How many games did they win that season?`,
        ]),
        [
          [find, call('list_matches', { team_id: team.id, season, page_size: atLeast(played(team, season).length) })],
          [find, ...pages(team, season)],
        ],
        { type: 'number', value: wins, tolerance: 0, check: 'computed' },
      );
    } else if (template === 1) {
      const [top] = standings(league, season, teams, matches);
      if (!top) continue;
      push(
        2,
        pick([
          `Which team finished first in the ${league.name} in ${season}?`,
          `Who topped the ${league.name} table at the end of the ${season} season?`,
          `We're settling a pub quiz argument about the ${league.name}: which team won it in ${season}?`,
        ]),
        [[call('list_leagues', { sport: league.sport }), call('get_standings', { league_id: league.id, season })]],
        { type: 'string', value: top.team_name, check: 'appears' },
      );
    } else if (template === 2) {
      const row = standings(league, season, teams, matches).find((candidate) => candidate.team_id === team.id);
      if (!row) continue;
      push(
        3,
        pick([
          `How many points did ${team.name} have in the final ${season} standings?`,
          `In the ${season} league table, what was ${team.name}'s points total?`,
          `I'm designing a commemorative scarf for ${team.name} and want to print their ${season} points total on it. What was it?`,
        ]),
        [[find, call('get_standings', { league_id: league.id, season })]],
        { type: 'number', value: row.points, tolerance: 0, check: 'appears' },
      );
    } else if (template === 3) {
      push(
        4,
        pick([
          `In which year was ${team.name} founded?`,
          `What is the founding year of ${team.name}?`,
          `My cousin just got a job at ${team.name} and says the club is older than our town hall. What year was the club founded?`,
        ]),
        [[find, call('get_team', { team_id: team.id })]],
        { type: 'number', value: team.founded, tolerance: 0, check: 'appears' },
      );
    } else if (template === 4) {
      const match = random.pick(played(team, season).filter((candidate) => candidate.home_team_id === team.id));
      const away = teams.find((candidate) => candidate.id === match?.away_team_id);
      if (!match || !away) continue;
      const findAway = call('search_team', { name: away.name });
      push(
        5,
        pick([
          `What was the final score of ${team.name} (home) against ${away.name} on ${longDate(match.date)}? Answer as home-away, e.g. 2-1.`,
          `${team.name} hosted ${away.name} on ${match.date}. What was the score (home-away)?`,
          `I was at the ${team.name} v ${away.name} game on ${longDate(match.date)} but left early to catch my train. What was the final score, home-away?`,
        ]),
        [
          [find, call('list_matches', { team_id: team.id, season, page_size: atLeast(played(team, season).length) })],
          [
            findAway,
            call('list_matches', { team_id: away.id, season, page_size: atLeast(played(away, season).length) }),
          ],
        ],
        { type: 'string', value: `${match.home_score}-${match.away_score}`, check: 'computed' },
      );
    } else if (template === 5) {
      const remaining = played(team, 2024).filter((match) => match.status === 'scheduled').length;
      push(
        6,
        pick([
          `How many matches does ${team.name} still have scheduled in the 2024 season?`,
          `Of ${team.name}'s 2024 fixtures, how many are yet to be played?`,
          `I want to buy a season pass for the rest of 2024 to watch ${team.name}. How many of their matches are still scheduled this season?`,
        ]),
        [[find, call('list_matches', { team_id: team.id, season: 2024, status: 'scheduled' })]],
        { type: 'number', value: remaining, tolerance: 0, check: 'computed' },
      );
    } else {
      const home = played(team, season)
        .filter((match) => match.home_team_id === team.id)
        .reduce((sum, match) => sum + (match.home_score ?? 0), 0);
      push(
        7,
        pick([
          `How many ${league.sport === 'basketball' ? 'points' : 'goals'} did ${team.name} score in home matches during the ${season} season?`,
          `Add up ${team.name}'s ${league.sport === 'basketball' ? 'points' : 'goals'} in their ${season} home games: what is the total?`,
          `For a fan-made infographic on ${team.name}, I need the total ${league.sport === 'basketball' ? 'points' : 'goals'} they scored at home in ${season}. What is it?`,
        ]),
        [
          [find, call('list_matches', { team_id: team.id, season, page_size: atLeast(played(team, season).length) })],
          [find, ...pages(team, season)],
        ],
        { type: 'number', value: home, tolerance: 0, check: 'computed' },
      );
    }
  }
  return queries;
}
