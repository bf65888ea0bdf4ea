import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchmarkCase, LoadedCases } from '../../spec/index.js';
import { v8 } from '../../util/built-ins-on-demand.js';
import { processIsRunning } from '../store/episode-claims.js';

/**
 * The cases a `--workers` parent has loaded, handed to its workers through a file so that they do not
 * load (parse, validate, compile and hash) the same cases again: for the built-in sandbox corpus that
 * is most of a worker's start-up CPU. The file holds the run's selected cases in V8's structured-clone
 * format, which keeps shared references shared (a scenario played under several augmentations is
 * written once). Only cases that are plain data survive that unchanged, so a benchmark whose cases
 * hold functions or class instances gets no snapshot: its workers load their cases themselves.
 */

/** Set in a worker's environment: the snapshot file to read instead of loading the cases. */
export const CASE_SNAPSHOT_ENVIRONMENT = 'TOOLGAUGE_WORKER_CASES';

/** Version of the snapshot's layout; a snapshot of another version is not read. */
export const CASE_SNAPSHOT_FORMAT_VERSION = 1;

interface CaseSnapshot {
  readonly formatVersion: number;
  readonly benchmark: string;
  readonly cases: readonly BenchmarkCase[];
  readonly caseSetHash: string;
  readonly source: string;
}

const PLAIN_PROTOTYPES = new Set<unknown>([Object.prototype, Array.prototype, null]);

/**
 * Whether a value is plain data that survives a structured clone as it was: primitives, arrays and
 * objects of `Object`'s (or no) prototype, nested. Maps, sets, dates, functions, symbols and class
 * instances are not (a class instance comes back as a plain object without its methods).
 */
export function isPlainData(value: unknown, seen = new Set<object>()): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'undefined':
      return true;
    case 'object':
      break;
    default:
      return false;
  }
  const object = value as object;
  if (seen.has(object)) return true;
  seen.add(object);
  if (!PLAIN_PROTOTYPES.has(Object.getPrototypeOf(object))) return false;
  if (Object.getOwnPropertySymbols(object).length > 0) return false;
  for (const key of Object.keys(object)) {
    if (!isPlainData((object as Record<string, unknown>)[key], seen)) return false;
  }
  return true;
}

/**
 * Writes the snapshot of a benchmark's selected cases to `path`; false (nothing written) when the cases
 * are not plain data.
 */
export function writeCaseSnapshot(path: string, benchmark: string, loaded: LoadedCases<BenchmarkCase>): boolean {
  if (!isPlainData(loaded.cases)) return false;
  const snapshot: CaseSnapshot = {
    formatVersion: CASE_SNAPSHOT_FORMAT_VERSION,
    benchmark,
    cases: loaded.cases,
    caseSetHash: loaded.caseSetHash,
    source: loaded.source,
  };
  writeFileSync(path, v8().serialize(snapshot), { mode: 0o600 });
  return true;
}

/**
 * Reads a snapshot written by {@link writeCaseSnapshot} for `benchmark`: the cases as loaded (with no
 * problems: the parent has reported them). Undefined when the file is missing, unreadable, of another
 * version or of another benchmark — the caller then loads the cases itself.
 */
export function readCaseSnapshot(path: string, benchmark: string): LoadedCases<BenchmarkCase> | undefined {
  let snapshot: Partial<CaseSnapshot> | null;
  try {
    snapshot = v8().deserialize(readFileSync(path)) as Partial<CaseSnapshot> | null;
  } catch {
    return undefined;
  }
  if (
    snapshot?.formatVersion !== CASE_SNAPSHOT_FORMAT_VERSION ||
    snapshot.benchmark !== benchmark ||
    !Array.isArray(snapshot.cases) ||
    typeof snapshot.caseSetHash !== 'string' ||
    typeof snapshot.source !== 'string'
  ) {
    return undefined;
  }
  return { cases: snapshot.cases, problems: [], caseSetHash: snapshot.caseSetHash, source: snapshot.source };
}

/** How a snapshot folder's name starts on this machine: `toolgauge-cases-<host>-<pid>-<random>`. */
function folderPrefix(host: string): string {
  return `toolgauge-cases-${host.replace(/[^\w.-]/g, '_')}-`;
}

/**
 * A new folder for this process's snapshot, under `parent` (the system's temporary folder). Its name
 * carries this machine's host name and this process's id, so that a later run can tell it is left over:
 * a parent killed with SIGKILL never removes its folder, and each is as large as the run's cases. Before
 * making its own, this removes the folders of this host whose process no longer exists; folders of
 * other hosts (a temporary folder shared between containers) and of live processes are left alone.
 */
export function newCaseSnapshotFolder(parent: string = tmpdir()): string {
  const prefix = folderPrefix(hostname());
  let names: string[] = [];
  try {
    names = readdirSync(parent);
  } catch {
    // An unreadable temporary folder: nothing to sweep; mkdtemp below reports a real problem.
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = /^(\d+)-[^-]+$/.exec(name.slice(prefix.length))?.[1];
    if (pid === undefined || Number(pid) === process.pid || processIsRunning(Number(pid))) continue;
    rmSync(join(parent, name), { recursive: true, force: true });
  }
  return mkdtempSync(join(parent, `${prefix}${process.pid}-`));
}
