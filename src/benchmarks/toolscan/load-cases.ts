/**
 * Loads ToolScan queries: the built-in files (`data/toolscan/queries/*.json`) or a user's file or folder.
 * Every problem is reported with its file and field, and only the query it concerns is skipped: a
 * malformed trajectory, an unknown environment, API or argument, gold arguments the API would reject,
 * an answer spec that cannot be compared, a repeated id.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findEnvironment, TOOLSCAN_DATA_FOLDER } from '../../domains/toolscan/index.js';
import { checkArguments } from '../../engine/index.js';
import { exampleOf } from '../../scoring/call-patterns.js';
import type { BenchmarkCase, CaseProblem, LoadedCases } from '../../spec/index.js';
import { type QueryRecord, queryFileSchema, querySchema } from './cases.js';
import type { QuerySet } from './vocabulary.js';

export interface ToolscanCase extends BenchmarkCase {
  readonly environment: string;
  readonly query: QueryRecord;
  /** The file it came from (for messages). */
  readonly file: string;
}

export const BUILTIN_QUERY_FOLDER = new URL('queries/', TOOLSCAN_DATA_FOLDER);

export function loadToolscanQueries(source: string | undefined, set: QuerySet = 'main'): LoadedCases<ToolscanCase> {
  const folder = source ?? fileURLToPath(BUILTIN_QUERY_FOLDER);
  const problems: CaseProblem[] = [];
  const cases: ToolscanCase[] = [];
  const seen = new Map<string, string>();
  let files: string[];
  try {
    files = statSync(folder).isDirectory()
      ? readdirSync(folder)
          .filter((name) => name.endsWith('.json'))
          .sort()
          .map((name) => join(folder, name))
      : [folder];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      cases: [],
      problems: [{ file: folder, message: `cannot read: ${reason}` }],
      caseSetHash: hashOf([]),
      source: folder,
    };
  }
  for (const path of files) {
    const file = source ? shownPath(path) : `queries/${basename(path)}`;
    for (const loaded of loadFile(path, file, problems)) {
      const earlier = seen.get(loaded.id);
      if (earlier) {
        problems.push({
          file,
          field: 'queries',
          caseId: loaded.id,
          message: `id "${loaded.id}" is already used in ${earlier}`,
        });
        continue;
      }
      seen.set(loaded.id, file);
      if (inSet(loaded.query, set)) cases.push(loaded);
    }
  }
  return { cases, problems, caseSetHash: hashOf(cases), source: source ?? 'built-in' };
}

/** A user's path as they would recognise it: relative to the working folder when inside it. */
function shownPath(path: string): string {
  const inside = relative(process.cwd(), path);
  return inside === '' || inside.startsWith('..') || isAbsolute(inside) ? path : inside;
}

function inSet(query: QueryRecord, set: QuerySet): boolean {
  if (set === 'all') return true;
  return (query.augmentation === 'irrelevant-constraint') === (set === 'irrelevance');
}

function loadFile(path: string, file: string, problems: CaseProblem[]): ToolscanCase[] {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    problems.push({ file, message: `not readable JSON: ${error instanceof Error ? error.message : String(error)}` });
    return [];
  }
  const parsed = queryFileSchema.safeParse(json);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      problems.push({ file, field: fieldPath(issue.path), message: issue.message });
    return [];
  }
  const environment = findEnvironment(parsed.data.environment);
  if (!environment) {
    problems.push({
      file,
      field: 'environment',
      message: `unknown environment "${parsed.data.environment}" (known: patents, movies, weather, spaceflight, sports)`,
    });
    return [];
  }
  const cases: ToolscanCase[] = [];
  parsed.data.queries.forEach((raw, index) => {
    const at = `queries[${index}]`;
    const caseId = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : undefined;
    const query = querySchema.safeParse(raw);
    if (!query.success) {
      for (const issue of query.error.issues) {
        problems.push({
          file,
          field: fieldPath([...pathOf(at), ...issue.path]),
          ...(caseId ? { caseId } : {}),
          message: issue.message,
        });
      }
      return;
    }
    const before = problems.length;
    query.data.trajectories.forEach((trajectory, trajectoryIndex) => {
      trajectory.forEach((call, callIndex) => {
        const field = `${at}.trajectories[${trajectoryIndex}][${callIndex}]`;
        const tool = environment.tools.find((candidate) => candidate.name === call.api);
        if (!tool) {
          const known = environment.tools.map((candidate) => candidate.name).join(', ');
          problems.push({
            file,
            field: `${field}.api`,
            caseId: query.data.id,
            message: `unknown API "${call.api}" in ${environment.id} (known: ${known})`,
          });
          return;
        }
        const played = Object.fromEntries(
          Object.entries(call.arguments).map(([name, value]) => [name, exampleOf(value)]),
        );
        const check = checkArguments(tool, tool.name, played);
        if (!check.ok) {
          problems.push({
            file,
            field: `${field}.arguments`,
            caseId: query.data.id,
            message: `${check.error.message} ${check.error.hint ?? ''}`.trim(),
          });
        }
      });
    });
    if (problems.length > before) return;
    const labels = {
      environment: environment.id,
      augmentation: query.data.augmentation,
      set: query.data.augmentation === 'irrelevant-constraint' ? 'irrelevance' : 'main',
      ...(query.data.irrelevance ? { irrelevance: query.data.irrelevance } : {}),
    };
    cases.push({ id: query.data.id, labels, environment: environment.id, query: query.data, file });
  });
  return cases;
}

function pathOf(field: string): (string | number)[] {
  const match = /^queries\[(\d+)\]$/.exec(field);
  return match ? ['queries', Number(match[1])] : [field];
}

function fieldPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) text += typeof part === 'number' ? `[${part}]` : text ? `.${String(part)}` : String(part);
  return text || '(root)';
}

/** The environments' data files and the queries, hashed: anything that could change a score. */
function hashOf(cases: readonly ToolscanCase[]): string {
  const hash = createHash('sha256');
  for (const name of ['patents.json', 'movies.json', 'weather.json', 'spaceflight.json', 'sports.json']) {
    try {
      hash.update(readFileSync(new URL(name, TOOLSCAN_DATA_FOLDER)));
    } catch {
      hash.update(`missing:${name}`);
    }
  }
  for (const item of cases) hash.update(JSON.stringify([item.id, item.environment, item.query]));
  return hash.digest('hex');
}
