import { z } from 'zod';
import { cachedToolscanFile, isoDateField } from '../environment-data.js';

export const PATENT_CATEGORIES = ['electrical', 'mechanical', 'chemical', 'software', 'medical'] as const;

const patentSchema = z.object({
  number: z.string().regex(/^US\d{8}$/),
  title: z.string().min(1),
  date: isoDateField,
  category: z.enum(PATENT_CATEGORIES),
  assignee: z.string().min(1),
  inventors: z.array(z.object({ first_name: z.string(), last_name: z.string() })).min(1),
  claims: z.number().int().positive(),
  abstract: z.string(),
});

export type Patent = z.output<typeof patentSchema>;

export const loadPatents = cachedToolscanFile(
  'patents.json',
  z.object({ formatVersion: z.literal(1), patents: z.array(patentSchema).min(1) }),
);
