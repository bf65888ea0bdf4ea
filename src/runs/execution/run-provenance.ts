import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { childProcess, crypto } from '../../util/built-ins-on-demand.js';

/**
 * Where a run came from, for its manifest: which toolgauge (version, and commit when run from a git
 * checkout), which cases (a hash of their ids and contents, and their number), and which agent module
 * (resolved path and hash). Two runs with different case sets are not comparable side by side.
 */

/** Which cases a run covers. */
export interface CaseSet {
  /** SHA-256 over the sorted case ids and each case's content. */
  readonly hash: string;
  readonly count: number;
}

/** One case as the case-set hash sees it: its id and, when known, its content (any JSON). */
export interface HashedCase {
  readonly id: string;
  readonly content?: unknown;
}

/** The case set of a run: the same cases with the same content always hash the same, in any order. */
export function caseSetOf(cases: Iterable<HashedCase>): CaseSet {
  const entries = [...cases]
    .map((item) => `${item.id}\u0000${item.content === undefined ? '' : contentHash(item.content)}`)
    .sort();
  const hash = crypto().createHash('sha256');
  for (const entry of entries) hash.update(entry).update('\n');
  return { hash: hash.digest('hex'), count: entries.length };
}

/**
 * The hash of the cases a run plays: the benchmark's hash of everything it loaded (ids and contents)
 * combined with the ids of the selected cases, so a different filter, limit or case file hashes
 * differently.
 */
export function selectedCaseSetHash(loadedHash: string, selected: Iterable<{ readonly id: string }>): string {
  const hash = crypto().createHash('sha256').update(`${loadedHash}\n`);
  for (const id of [...selected].map((item) => item.id).sort()) hash.update(id).update('\n');
  return hash.digest('hex');
}

function contentHash(content: unknown): string {
  return crypto()
    .createHash('sha256')
    .update(JSON.stringify(content) ?? '')
    .digest('hex');
}

const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** toolgauge's own version, from its package.json. */
export function toolgaugeVersion(): string {
  const packageJson = JSON.parse(readFileSync(`${PACKAGE_ROOT}package.json`, 'utf8')) as { version: string };
  return packageJson.version;
}

const commits = new Map<string, string | undefined>();

/**
 * The commit of the checkout toolgauge runs from (`+dirty` with local changes), or undefined. Asked of git
 * once per process and root: the code a process runs is the code it loaded, and two git processes per run
 * (`git status` walks the checkout) cost a library caller that scores many small runs more CPU than the
 * scoring.
 */
export function gitCommitOf(root: string = PACKAGE_ROOT): string | undefined {
  if (!commits.has(root)) commits.set(root, askGit(root));
  return commits.get(root);
}

function askGit(root: string): string | undefined {
  if (!existsSync(`${root}.git`)) return undefined;
  const head = childProcess().spawnSync('git', ['-C', root, 'rev-parse', 'HEAD'], { encoding: 'utf8', timeout: 5_000 });
  if (head.status !== 0) return undefined;
  const status = childProcess().spawnSync('git', ['-C', root, 'status', '--porcelain', '--untracked-files=no'], {
    encoding: 'utf8',
    timeout: 5_000,
  });
  const dirty = status.status === 0 && status.stdout.trim() !== '';
  return `${head.stdout.trim()}${dirty ? '+dirty' : ''}`;
}

/** The SHA-256 of a file (an agent module), hex. */
export function fileSha256(path: string): string {
  return crypto().createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** The agent module as the manifest records it: absolute path and SHA-256 of the file. */
export function agentModuleProvenance(absolutePath: string): { readonly path: string; readonly sha256: string } {
  return { path: absolutePath, sha256: fileSha256(absolutePath) };
}
