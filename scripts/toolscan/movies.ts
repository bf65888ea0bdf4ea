/** Movies: films, people and credits; queries that chain search, details, credits and discovery. */
import {
  anyValue,
  call,
  dayNumber,
  isoDay,
  MAIN_AUGMENTATIONS,
  QUERY_DRAFTS,
  type QueryRecord,
  type Random,
} from './random.ts';

const NOUNS = [
  'Lighthouse',
  'Orchard',
  'Cartographer',
  'Harbor',
  'Winter',
  'Signal',
  'Glass',
  'Garden',
  'Ember',
  'Tide',
  'Archive',
  'Falcon',
  'Mirror',
  'Satellite',
  'Lantern',
  'River',
  'Compass',
  'Echo',
  'Meridian',
  'Velvet',
  'Orbit',
  'Canyon',
  'Letter',
  'Frontier',
];
const PLACES = [
  'Ashford',
  'Marrow Bay',
  'the North',
  'Calder',
  'Saltmarsh',
  'Kestrel Hill',
  'Duskwood',
  'Port Alder',
  'Little Havana',
  'Eastgate',
];
const ADJECTIVES = [
  'Silent',
  'Broken',
  'Golden',
  'Hidden',
  'Endless',
  'Crimson',
  'Quiet',
  'Restless',
  'Distant',
  'Paper',
  'Midnight',
  'Borrowed',
];
export const GENRES = [
  'Action',
  'Comedy',
  'Drama',
  'Horror',
  'Science Fiction',
  'Romance',
  'Thriller',
  'Animation',
  'Documentary',
  'Crime',
];
export const LANGUAGES = ['en', 'fr', 'es', 'de', 'ja', 'ko', 'it'];
const KEYWORDS = [
  'heist',
  'time travel',
  'small town',
  'based on novel',
  'coming of age',
  'space',
  'revenge',
  'friendship',
  'artificial intelligence',
  'haunted house',
  'road trip',
  'family',
  'island',
  'war',
  'detective',
  'music',
  'sports',
  'survival',
];
const FIRST = [
  'Ada',
  'Bruno',
  'Celine',
  'Dmitri',
  'Esme',
  'Felix',
  'Greta',
  'Hugo',
  'Isla',
  'Jasper',
  'Keiko',
  'Leon',
  'Marisol',
  'Nikolai',
  'Odette',
  'Pablo',
  'Rhea',
  'Silas',
  'Talia',
  'Umar',
  'Vera',
  'Wes',
  'Xiomara',
  'Yusuf',
  'Zadie',
];
const LAST = [
  'Achterberg',
  'Bellamy',
  'Carrow',
  'Delacroix',
  'Eastwood',
  'Fontaine',
  'Granger',
  'Holloway',
  'Ibarra',
  'Jovanovic',
  'Kingsley',
  'Laurent',
  'Mendoza',
  'Novak',
  'Oyelaran',
  'Pemberton',
  'Quist',
  'Ravel',
  'Sorensen',
  'Thorne',
  'Ueda',
  'Valdez',
  'Winslow',
];
const CHARACTER_ROLES = [
  'The Stranger',
  'Young Officer',
  'Dr. Hale',
  'The Captain',
  'Narrator',
  'Bartender',
  'Mrs. Finch',
];
const BIRTHPLACES = [
  'Lyon, France',
  'Toronto, Canada',
  'Osaka, Japan',
  'Seville, Spain',
  'Melbourne, Australia',
  'Chicago, USA',
  'Hamburg, Germany',
  'Busan, South Korea',
  'Naples, Italy',
  'Leeds, UK',
];

export interface PersonRecord {
  id: number;
  name: string;
  birthday: string;
  place_of_birth: string;
  known_for: 'Acting' | 'Directing' | 'Writing' | 'Sound';
}
export interface MovieRecord {
  id: number;
  title: string;
  release_date: string;
  genres: string[];
  runtime: number;
  rating: number;
  vote_count: number;
  original_language: string;
  budget: number;
  revenue: number;
  overview: string;
  keywords: string[];
  cast: { person_id: number; character: string; order: number }[];
  crew: { person_id: number; department: 'Directing' | 'Writing' | 'Sound'; job: string }[];
}

export function generateMovies(random: Random): {
  movies: MovieRecord[];
  people: PersonRecord[];
  queries: QueryRecord[];
} {
  const names = new Set<string>();
  const people: PersonRecord[] = [];
  const roles: PersonRecord['known_for'][] = [
    ...Array(40).fill('Directing'),
    ...Array(20).fill('Writing'),
    ...Array(12).fill('Sound'),
    ...Array(150).fill('Acting'),
  ];
  for (const known_for of roles) {
    let name = '';
    do name = `${random.pick(FIRST)} ${random.pick(LAST)}`;
    while (names.has(name));
    names.add(name);
    people.push({
      id: 1000 + people.length * 7,
      name,
      birthday: isoDay(dayNumber('1940-01-01') + random.int(0, 20_000)),
      place_of_birth: random.pick(BIRTHPLACES),
      known_for,
    });
  }
  const by = (role: PersonRecord['known_for']) => people.filter((person) => person.known_for === role);
  const titles = new Map<string, number>();
  const movies: MovieRecord[] = [];
  while (movies.length < 300) {
    const pattern = random.int(0, 3);
    const noun = random.pick(NOUNS);
    let title =
      pattern === 0
        ? `The ${noun} of ${random.pick(PLACES)}`
        : pattern === 1
          ? `${random.pick(ADJECTIVES)} ${noun}`
          : pattern === 2
            ? `${noun} in ${random.pick(PLACES)}`
            : `The ${random.pick(ADJECTIVES)} ${noun}`;
    const seen = titles.get(title) ?? 0;
    if (seen >= 2 || (seen === 1 && !random.chance(0.3))) title = '';
    if (!title) continue;
    titles.set(title, seen + 1);
    const genres = random.sample(GENRES, random.int(1, 3));
    const budget = random.int(2, 180) * 1_000_000;
    const cast = random.sample(by('Acting'), random.int(4, 8)).map((person, order) => ({
      person_id: person.id,
      character: random.chance(0.15) ? random.pick(CHARACTER_ROLES) : `${random.pick(FIRST)} ${random.pick(LAST)}`,
      order,
    }));
    const crew: MovieRecord['crew'] = [
      { person_id: random.pick(by('Directing')).id, department: 'Directing', job: 'Director' },
      { person_id: random.pick(by('Writing')).id, department: 'Writing', job: 'Screenplay' },
      { person_id: random.pick(by('Sound')).id, department: 'Sound', job: 'Original Music Composer' },
    ];
    movies.push({
      id: 500 + movies.length * 13,
      title,
      release_date: isoDay(dayNumber('1985-01-01') + random.int(0, 14_000)),
      genres,
      runtime: random.int(78, 172),
      rating: Math.round((4 + random.next() * 4.9) * 10) / 10,
      vote_count: random.int(40, 25_000),
      original_language: random.chance(0.55) ? 'en' : random.pick(LANGUAGES),
      budget,
      revenue: Math.round((budget * (0.2 + random.next() * 5)) / 1000) * 1000,
      overview: `A ${random.pick(['reluctant', 'retired', 'young', 'stubborn', 'gifted'])} ${random.pick(['pilot', 'teacher', 'detective', 'musician', 'engineer', 'nurse'])} ${random.pick(['uncovers a secret', 'must cross the country', 'returns home', 'takes one last job', 'falls for a rival'])} in ${random.pick(PLACES)}.`,
      keywords: random.sample(KEYWORDS, random.int(2, 4)),
      cast,
      crew,
    });
  }
  return { movies, people, queries: movieQueries(random, movies, people) };
}

/** The similar-movies rule the tool uses: share the first genre; most shared keywords, then rating, then id. */
export function similarMovies(movie: MovieRecord, movies: readonly MovieRecord[]): MovieRecord[] {
  const shared = (other: MovieRecord) => other.keywords.filter((keyword) => movie.keywords.includes(keyword)).length;
  return movies
    .filter((other) => other.id !== movie.id && other.genres[0] === movie.genres[0])
    .sort((a, b) => shared(b) - shared(a) || b.rating - a.rating || a.id - b.id);
}

function movieQueries(random: Random, movies: readonly MovieRecord[], people: readonly PersonRecord[]): QueryRecord[] {
  const queries: QueryRecord[] = [];
  const person = (id: number) => people.find((candidate) => candidate.id === id);
  const sameTitle = (movie: MovieRecord) => movies.filter((other) => other.title === movie.title).length;
  const searchable = (movie: MovieRecord) =>
    movies.filter((other) => other.title.toLowerCase().includes(movie.title.toLowerCase())).length <= 10;
  let attempts = 0;
  while (queries.length < QUERY_DRAFTS && attempts < 5000) {
    attempts += 1;
    const aug = MAIN_AUGMENTATIONS[queries.length % 3] ?? 'constraint';
    const template = queries.length % 7;
    const movie = random.pick(movies);
    if (!searchable(movie)) continue;
    const year = Number(movie.release_date.slice(0, 4));
    const film = `"${movie.title}" (${year})`;
    const search = [call('search_movie', { query: movie.title }), call('search_movie', { query: movie.title, year })];
    const push = (
      base: number,
      goal: string,
      trajectories: ReturnType<typeof call>[][],
      answer: QueryRecord['answer'],
    ) =>
      queries.push({
        id: `movies-${String(queries.length + 1).padStart(3, '0')}`,
        baseId: `movies-b${base}`,
        goal,
        augmentation: aug,
        trajectories,
        answer,
      });
    const pick = (texts: [string, string, string]) => texts[MAIN_AUGMENTATIONS.indexOf(aug)] ?? texts[0];
    if (template === 0) {
      const details = call('get_movie_details', { movie_id: movie.id });
      push(
        1,
        pick([
          `What is the runtime in minutes of the ${year} film "${movie.title}"?`,
          `How many minutes long is ${film}?`,
          `I have a long train ride tonight and want to watch ${film}, the one my sister recommended. How long does it run, in minutes?`,
        ]),
        search.map((step) => [step, details]),
        { type: 'number', value: movie.runtime, tolerance: 0, check: 'appears' },
      );
    } else if (template === 1) {
      const director = person(movie.crew[0]?.person_id ?? -1);
      if (!director || sameTitle(movie) > 1) continue;
      push(
        2,
        pick([
          `Who directed the movie "${movie.title}"?`,
          `"${movie.title}" was directed by whom?`,
          `My film club is screening "${movie.title}" next week and I have to introduce it. Who was its director?`,
        ]),
        [
          [
            search[0] as ReturnType<typeof call>,
            call('get_movie_crew', { movie_id: movie.id, department: 'Directing' }),
          ],
          [search[0] as ReturnType<typeof call>, call('get_movie_crew', { movie_id: movie.id })],
        ],
        { type: 'string', value: director.name, check: 'appears' },
      );
    } else if (template === 2) {
      const lead = person(movie.cast[0]?.person_id ?? -1);
      if (!lead) continue;
      const tail = call('get_person_details', { person_id: lead.id });
      push(
        3,
        pick([
          `What is the birthday (YYYY-MM-DD) of the top-billed actor of ${film}?`,
          `The first-billed cast member of ${film} was born on which date? Answer as YYYY-MM-DD.`,
          `We are throwing a themed party around ${film}. When was its top-billed actor born (YYYY-MM-DD)?`,
        ]),
        [
          [search[1] as ReturnType<typeof call>, call('get_movie_cast', { movie_id: movie.id }), tail],
          [
            search[1] as ReturnType<typeof call>,
            call('get_movie_cast', { movie_id: movie.id, limit: anyValue(1) }),
            tail,
          ],
        ],
        { type: 'string', value: lead.birthday, check: 'appears' },
      );
    } else if (template === 3) {
      const director = person(movie.crew[0]?.person_id ?? -1);
      if (!director) continue;
      const count = movies.filter((other) =>
        other.crew.some((member) => member.person_id === director.id && member.job === 'Director'),
      ).length;
      push(
        4,
        pick([
          `How many films in the catalogue were directed by ${director.name}?`,
          `Count the movies that ${director.name} directed.`,
          `${director.name} is giving a talk at our university; to introduce them I need to know how many films they directed.`,
        ]),
        [
          [
            call('search_person', { query: director.name }),
            call('get_person_movie_credits', { person_id: director.id, role: 'crew' }),
          ],
          [
            call('search_person', { query: director.name }),
            call('get_person_movie_credits', { person_id: director.id }),
          ],
        ],
        { type: 'number', value: count, tolerance: 0, check: 'computed' },
      );
    } else if (template === 4) {
      const genre = random.pick(GENRES);
      const from = random.int(1985, 2015);
      const to = from + random.int(3, 8);
      const candidates = movies
        .filter(
          (other) =>
            other.genres.includes(genre) &&
            Number(other.release_date.slice(0, 4)) >= from &&
            Number(other.release_date.slice(0, 4)) <= to,
        )
        .sort((a, b) => b.rating - a.rating);
      const [best, second] = candidates;
      if (!best || (second && second.rating === best.rating)) continue;
      push(
        5,
        pick([
          `Which ${genre} movie released between ${from} and ${to} (inclusive) has the highest rating?`,
          `Among ${genre} films from ${from} through ${to}, which one is rated highest?`,
          `I only have time for one ${genre} movie this weekend and I like films from ${from} to ${to}. Which is the best rated one from those years?`,
        ]),
        [[call('discover_movies', { genre, year_from: from, year_to: to, sort_by: 'rating.desc' })]],
        { type: 'string', value: best.title, check: 'appears' },
      );
    } else if (template === 5) {
      const details = call('get_movie_details', { movie_id: movie.id });
      push(
        6,
        pick([
          `By how many dollars did the revenue of ${film} exceed its budget? Answer with a number (negative if it lost money).`,
          `What was the profit (revenue minus budget, in dollars) of ${film}?`,
          `Our finance class studies film economics. For ${film}, what is revenue minus budget in US dollars?`,
        ]),
        search.map((step) => [step, details]),
        { type: 'number', value: movie.revenue - movie.budget, tolerance: 0, check: 'computed' },
      );
    } else {
      const [similar] = similarMovies(movie, movies);
      if (!similar || sameTitle(movie) > 1) continue;
      push(
        7,
        pick([
          `Which movie is listed first among the movies similar to "${movie.title}"?`,
          `Give me the title of the top recommendation in the similar-movies list for "${movie.title}".`,
          `I loved "${movie.title}" on a rainy Sunday. What is the first film the catalogue suggests as similar to it?`,
        ]),
        [
          [search[0] as ReturnType<typeof call>, call('get_similar_movies', { movie_id: movie.id })],
          [
            search[0] as ReturnType<typeof call>,
            call('get_similar_movies', { movie_id: movie.id, limit: anyValue(1) }),
          ],
        ],
        { type: 'string', value: similar.title, check: 'appears' },
      );
    }
  }
  return queries;
}
