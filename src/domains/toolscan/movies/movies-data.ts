import { z } from 'zod';
import { cachedToolscanFile, isoDateField } from '../environment-data.js';

export const MOVIE_GENRES = [
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
] as const;
export const MOVIE_LANGUAGES = ['en', 'fr', 'es', 'de', 'ja', 'ko', 'it'] as const;
export const CREW_DEPARTMENTS = ['Directing', 'Writing', 'Sound'] as const;

const movieSchema = z.object({
  id: z.number().int(),
  title: z.string().min(1),
  release_date: isoDateField,
  genres: z.array(z.enum(MOVIE_GENRES)).min(1),
  runtime: z.number().int().positive(),
  rating: z.number().min(0).max(10),
  vote_count: z.number().int().nonnegative(),
  original_language: z.enum(MOVIE_LANGUAGES),
  budget: z.number().int().nonnegative(),
  revenue: z.number().int().nonnegative(),
  overview: z.string(),
  keywords: z.array(z.string()),
  cast: z.array(z.object({ person_id: z.number().int(), character: z.string(), order: z.number().int() })),
  crew: z.array(z.object({ person_id: z.number().int(), department: z.enum(CREW_DEPARTMENTS), job: z.string() })),
});
const personSchema = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  birthday: isoDateField,
  place_of_birth: z.string(),
  known_for: z.enum(['Acting', 'Directing', 'Writing', 'Sound']),
});

export type Movie = z.output<typeof movieSchema>;
export type Person = z.output<typeof personSchema>;

export const loadMovies = cachedToolscanFile(
  'movies.json',
  z.object({ formatVersion: z.literal(1), movies: z.array(movieSchema).min(1), people: z.array(personSchema).min(1) }),
);

export function requireMovie(id: number): Movie | undefined {
  return loadMovies().movies.find((movie) => movie.id === id);
}

export function personName(id: number): string {
  return loadMovies().people.find((person) => person.id === id)?.name ?? 'unknown';
}
