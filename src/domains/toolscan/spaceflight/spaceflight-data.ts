import { z } from 'zod';
import { cachedToolscanFile, isoDateField } from '../environment-data.js';

export const NEWS_SITES = [
  'NASA',
  'SpaceNews',
  'Spaceflight Now',
  'European Spaceflight',
  'Teslarati',
  'NASASpaceflight',
  'Space.com',
  'Orbital Index',
  'Planetary Society',
  'ESA',
] as const;

const articleSchema = z.object({
  id: z.number().int(),
  type: z.enum(['article', 'blog', 'report']),
  title: z.string().min(1),
  news_site: z.enum(NEWS_SITES),
  summary: z.string(),
  published_at: isoDateField,
  featured: z.boolean(),
});

export type Article = z.output<typeof articleSchema>;

export const loadSpaceflight = cachedToolscanFile(
  'spaceflight.json',
  z.object({ formatVersion: z.literal(1), articles: z.array(articleSchema).min(1) }),
);
