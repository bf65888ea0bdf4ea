/**
 * Shared pieces of the ToolScan environments: where their data files live, argument schemas every
 * environment uses (dates, paging), and paging itself. The data files are written by
 * `scripts/toolscan/generate.ts` and validated with zod when first read.
 */
import { z } from 'zod';
import { readDataFile } from '../knowledge-data/data-file.js';

/** `data/toolscan/`, the same depth below the package root from `src/` and `dist/`. */
export const TOOLSCAN_DATA_FOLDER = new URL('../../../data/toolscan/', import.meta.url);

/** Reads `data/toolscan/<fileName>` on first use and keeps the validated value for the process. */
export function cachedToolscanFile<Schema extends z.ZodType>(fileName: string, schema: Schema): () => z.output<Schema> {
  let value: z.output<Schema> | undefined;
  return () => {
    value ??= readDataFile(new URL(fileName, TOOLSCAN_DATA_FOLDER), schema);
    return value;
  };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date argument, `YYYY-MM-DD`. */
export function dateArgument(description: string) {
  return z
    .string()
    .regex(ISO_DATE, 'expected a date like 2024-03-05')
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'not a real calendar date')
    .describe(`${description} (YYYY-MM-DD)`);
}

export const isoDateField = z.string().regex(ISO_DATE);

/** A 1-based page number argument. */
export function pageField() {
  return z.number().int().min(1).default(1).describe('Which page of results to return, starting at 1.');
}

/** A page size argument (`count`, `limit`, `page_size`). */
export function pageSizeField(maximum: number, fallback = 10) {
  return z
    .number()
    .int()
    .min(1)
    .max(maximum)
    .default(fallback)
    .describe(`How many results per page (default ${fallback}, at most ${maximum}).`);
}

export interface Page<Item> {
  readonly total: number;
  readonly page: number;
  readonly page_size: number;
  readonly total_pages: number;
  readonly results: readonly Item[];
}

/** One page of `items`. */
export function pageOf<Item>(items: readonly Item[], page: number, pageSize: number): Page<Item> {
  return {
    total: items.length,
    page,
    page_size: pageSize,
    total_pages: Math.max(1, Math.ceil(items.length / pageSize)),
    results: items.slice((page - 1) * pageSize, page * pageSize),
  };
}

/** Case-insensitive "contains", the search rule of every title and name argument. */
export function containsText(haystack: string, needle: string): boolean {
  return haystack.toLowerCase().includes(needle.trim().toLowerCase());
}
