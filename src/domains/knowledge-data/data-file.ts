/**
 * Reading the shipped knowledge data files (`data/sandbox/*.json`): parse, validate with zod, and cache
 * per process. The files are a trust boundary, so a broken one gives an error that names the file and the
 * field path of each problem (e.g. `places.json: places[12].latitude: expected number`).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';

/** The folder of the data files; the same depth below the package root from `src/` and `dist/`. */
export const SANDBOX_DATA_FOLDER = new URL('../../../data/sandbox/', import.meta.url);

/** A data file that cannot be read, is not JSON, or does not match its schema. */
export class DataFileError extends Error {
  override readonly name = 'DataFileError';
  constructor(
    readonly file: string,
    message: string,
    /** Each problem as `field.path: what is wrong`. */
    readonly problems: readonly string[] = [],
  ) {
    super(message);
  }
}

/** How many schema problems an error message lists before summarising the rest. */
const LISTED_PROBLEMS = 8;

/** Reads, parses and validates one data file. Not cached: see {@link cachedDataFile}. */
export function readDataFile<Schema extends z.ZodType>(location: URL | string, schema: Schema): z.output<Schema> {
  const path = typeof location === 'string' ? location : fileURLToPath(location);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DataFileError(path, `data file ${path} cannot be read: ${reason}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DataFileError(path, `data file ${path} is not valid JSON: ${reason}`);
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${formatFieldPath(issue.path)}: ${issue.message}`);
  const listed = problems.slice(0, LISTED_PROBLEMS).map((problem) => `  ${problem}`);
  const more = problems.length > LISTED_PROBLEMS ? [`  … and ${problems.length - LISTED_PROBLEMS} more`] : [];
  throw new DataFileError(
    path,
    [`data file ${path} does not match its format:`, ...listed, ...more].join('\n'),
    problems,
  );
}

/**
 * A loader that reads `data/sandbox/<fileName>` on first use and returns the same validated value after
 * that (the data is immutable, so one copy per process is safe).
 */
export function cachedDataFile<Schema extends z.ZodType>(fileName: string, schema: Schema): () => z.output<Schema> {
  let value: z.output<Schema> | undefined;
  return () => {
    value ??= readDataFile(new URL(fileName, SANDBOX_DATA_FOLDER), schema);
    return value;
  };
}

/** `places[12].latitude` for the path ['places', 12, 'latitude']; `(root)` for the empty path. */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text ? `.${String(part)}` : String(part);
  }
  return text || '(root)';
}
