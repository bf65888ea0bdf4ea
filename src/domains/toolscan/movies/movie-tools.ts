/**
 * The movies environment, in the style of a film database: search by title (optionally by year), then
 * details, cast, crew, keywords and similar films by id; people by name; discovery with filters, sorting
 * and pages.
 */
import { z } from 'zod';
import { defineTool, fail } from '../../../tools/index.js';
import { containsText, pageField, pageOf } from '../environment-data.js';
import {
  CREW_DEPARTMENTS,
  loadMovies,
  MOVIE_GENRES,
  MOVIE_LANGUAGES,
  type Movie,
  personName,
  requireMovie,
} from './movies-data.js';

const domain = 'toolscan-movies';
const movieId = z.number().int().describe('The movie id, as search_movie or discover_movies return it.');
const personId = z.number().int().describe('The person id, as search_person or the credits return it.');

function movieOrFail(id: number): Movie {
  const movie = requireMovie(id);
  if (!movie) throw fail('not-found', `No movie has the id ${id}.`, 'Find the id with search_movie first.');
  return movie;
}

const summary = (movie: Movie) => ({ id: movie.id, title: movie.title, release_date: movie.release_date });

export const searchMovie = defineTool({
  name: 'search_movie',
  description: 'Searches movies whose title contains the query, optionally released in a given year.',
  parameters: z.object({
    query: z.string().min(1).describe('Text the title must contain (case-insensitive).'),
    year: z.number().int().optional().describe('Only movies released in this year.'),
    page: pageField(),
  }),
  returns: 'An object { total, page, page_size, total_pages, results: [{ id, title, release_date }] }, 10 per page.',
  kind: 'read',
  domain,
  run: ({ query, year, page }) => {
    const matches = loadMovies().movies.filter(
      (movie) => containsText(movie.title, query) && (year === undefined || movie.release_date.startsWith(`${year}-`)),
    );
    const listed = pageOf(matches, page, 10);
    return { ...listed, results: listed.results.map(summary) };
  },
});

export const getMovieDetails = defineTool({
  name: 'get_movie_details',
  description: 'Gets the details of a movie: release date, runtime, genres, rating, language, budget and revenue.',
  parameters: z.object({ movie_id: movieId }),
  returns:
    'An object { id, title, release_date, runtime (minutes), genres, rating, vote_count, original_language, budget, revenue (US dollars), overview }.',
  kind: 'read',
  domain,
  run: ({ movie_id }) => {
    const { cast: _cast, crew: _crew, keywords: _keywords, ...details } = movieOrFail(movie_id);
    return details;
  },
});

export const getMovieCast = defineTool({
  name: 'get_movie_cast',
  description: 'Lists the cast of a movie in billing order.',
  parameters: z.object({
    movie_id: movieId,
    limit: z.number().int().min(1).max(20).default(10).describe('How many cast members to return (default 10).'),
  }),
  returns: 'A list of { person_id, name, character, order }, top-billed first (order 0).',
  kind: 'read',
  domain,
  run: ({ movie_id, limit }) =>
    movieOrFail(movie_id)
      .cast.slice(0, limit)
      .map((member) => ({
        person_id: member.person_id,
        name: personName(member.person_id),
        character: member.character,
        order: member.order,
      })),
});

export const getMovieCrew = defineTool({
  name: 'get_movie_crew',
  description: 'Lists the crew of a movie, optionally only one department.',
  parameters: z.object({
    movie_id: movieId,
    department: z.enum(CREW_DEPARTMENTS).optional().describe('Only crew of this department.'),
  }),
  returns: 'A list of { person_id, name, department, job }.',
  kind: 'read',
  domain,
  run: ({ movie_id, department }) =>
    movieOrFail(movie_id)
      .crew.filter((member) => department === undefined || member.department === department)
      .map((member) => ({
        person_id: member.person_id,
        name: personName(member.person_id),
        department: member.department,
        job: member.job,
      })),
});

export const getMovieKeywords = defineTool({
  name: 'get_movie_keywords',
  description: 'Lists the keywords of a movie.',
  parameters: z.object({ movie_id: movieId }),
  returns: 'A list of keyword strings.',
  kind: 'read',
  domain,
  run: ({ movie_id }) => movieOrFail(movie_id).keywords,
});

export const getSimilarMovies = defineTool({
  name: 'get_similar_movies',
  description: 'Lists movies similar to a movie: same main genre, ranked by shared keywords, then by rating.',
  parameters: z.object({
    movie_id: movieId,
    limit: z.number().int().min(1).max(20).default(5).describe('How many similar movies to return (default 5).'),
  }),
  returns: 'A list of { id, title, release_date }, most similar first.',
  kind: 'read',
  domain,
  run: ({ movie_id, limit }) => {
    const movie = movieOrFail(movie_id);
    const shared = (other: Movie) => other.keywords.filter((keyword) => movie.keywords.includes(keyword)).length;
    return loadMovies()
      .movies.filter((other) => other.id !== movie.id && other.genres[0] === movie.genres[0])
      .sort((a, b) => shared(b) - shared(a) || b.rating - a.rating || a.id - b.id)
      .slice(0, limit)
      .map(summary);
  },
});

export const searchPerson = defineTool({
  name: 'search_person',
  description: 'Searches people (actors, directors, writers, composers) whose name contains the query.',
  parameters: z.object({ query: z.string().min(1).describe('Text the name must contain (case-insensitive).') }),
  returns: 'A list of { id, name, known_for_department } (at most 10).',
  kind: 'read',
  domain,
  run: ({ query }) =>
    loadMovies()
      .people.filter((person) => containsText(person.name, query))
      .slice(0, 10)
      .map((person) => ({ id: person.id, name: person.name, known_for_department: person.known_for })),
});

export const getPersonDetails = defineTool({
  name: 'get_person_details',
  description: 'Gets the details of a person: birthday, place of birth, department.',
  parameters: z.object({ person_id: personId }),
  returns: 'An object { id, name, birthday (YYYY-MM-DD), place_of_birth, known_for_department }.',
  kind: 'read',
  domain,
  run: ({ person_id }) => {
    const person = loadMovies().people.find((candidate) => candidate.id === person_id);
    if (!person) throw fail('not-found', `No person has the id ${person_id}.`, 'Find the id with search_person.');
    return {
      id: person.id,
      name: person.name,
      birthday: person.birthday,
      place_of_birth: person.place_of_birth,
      known_for_department: person.known_for,
    };
  },
});

export const getPersonMovieCredits = defineTool({
  name: 'get_person_movie_credits',
  description: "Lists a person's movie credits, as cast, as crew, or both.",
  parameters: z.object({
    person_id: personId,
    role: z.enum(['cast', 'crew']).optional().describe('Only credits of this kind (default both).'),
  }),
  returns:
    'An object { cast: [{ movie_id, title, release_date, character }], crew: [{ movie_id, title, release_date, job }] }.',
  kind: 'read',
  domain,
  run: ({ person_id, role }) => {
    const { movies, people } = loadMovies();
    if (!people.some((person) => person.id === person_id))
      throw fail('not-found', `No person has the id ${person_id}.`);
    const cast = movies.flatMap((movie) =>
      movie.cast
        .filter((member) => member.person_id === person_id)
        .map((member) => ({
          movie_id: movie.id,
          title: movie.title,
          release_date: movie.release_date,
          character: member.character,
        })),
    );
    const crew = movies.flatMap((movie) =>
      movie.crew
        .filter((member) => member.person_id === person_id)
        .map((member) => ({
          movie_id: movie.id,
          title: movie.title,
          release_date: movie.release_date,
          job: member.job,
        })),
    );
    return { cast: role === 'crew' ? [] : cast, crew: role === 'cast' ? [] : crew };
  },
});

const SORTS = ['popularity.desc', 'rating.desc', 'release_date.asc', 'release_date.desc', 'revenue.desc'] as const;

export const discoverMovies = defineTool({
  name: 'discover_movies',
  description: 'Finds movies by genre, rating, years and language, sorted as asked, 10 per page.',
  parameters: z.object({
    genre: z.enum(MOVIE_GENRES).optional().describe('Only movies of this genre.'),
    min_rating: z.number().min(0).max(10).optional().describe('Only movies rated at least this (0-10).'),
    year_from: z.number().int().optional().describe('Only movies released in or after this year.'),
    year_to: z.number().int().optional().describe('Only movies released in or before this year.'),
    language: z.enum(MOVIE_LANGUAGES).optional().describe('Only movies with this original language (ISO 639-1).'),
    sort_by: z
      .enum(SORTS)
      .default('popularity.desc')
      .describe('The order of results (default popularity.desc, i.e. most votes first).'),
    page: pageField(),
  }),
  returns: 'An object { total, page, page_size, total_pages, results: [{ id, title, release_date, rating }] }.',
  kind: 'read',
  domain,
  run: (args) => {
    const year = (movie: Movie) => Number(movie.release_date.slice(0, 4));
    const compare: Record<(typeof SORTS)[number], (a: Movie, b: Movie) => number> = {
      'popularity.desc': (a, b) => b.vote_count - a.vote_count,
      'rating.desc': (a, b) => b.rating - a.rating,
      'release_date.asc': (a, b) => (a.release_date < b.release_date ? -1 : a.release_date > b.release_date ? 1 : 0),
      'release_date.desc': (a, b) => (a.release_date < b.release_date ? 1 : a.release_date > b.release_date ? -1 : 0),
      'revenue.desc': (a, b) => b.revenue - a.revenue,
    };
    const matches = loadMovies()
      .movies.filter(
        (movie) =>
          (args.genre === undefined || movie.genres.includes(args.genre)) &&
          (args.min_rating === undefined || movie.rating >= args.min_rating) &&
          (args.year_from === undefined || year(movie) >= args.year_from) &&
          (args.year_to === undefined || year(movie) <= args.year_to) &&
          (args.language === undefined || movie.original_language === args.language),
      )
      .sort((a, b) => compare[args.sort_by](a, b) || a.id - b.id);
    const listed = pageOf(matches, args.page, 10);
    return { ...listed, results: listed.results.map((movie) => ({ ...summary(movie), rating: movie.rating })) };
  },
});

export const movieTools = [
  searchMovie,
  getMovieDetails,
  getMovieCast,
  getMovieCrew,
  getMovieKeywords,
  getSimilarMovies,
  searchPerson,
  getPersonDetails,
  getPersonMovieCredits,
  discoverMovies,
];
