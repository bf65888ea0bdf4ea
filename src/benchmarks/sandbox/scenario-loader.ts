import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { Temporal } from 'temporal-polyfill';
import { SANDBOX_PRESETS } from '../../domains/sandbox/index.js';
import type { CellValue, Row, Turn } from '../../spec/index.js';
import { parseYamlText } from '../../util/yaml-text.js';
import { CORPUS_MANIFEST, readCorpusManifest, type ScenarioCorpus, scenarioCorpusOf } from './corpus-manifest.js';
import type { ConstraintSpec, MilestoneSpec } from './milestones/index.js';
import type { SandboxScenario } from './sandbox-scenario.js';
import { sandboxToolkit } from './sandbox-toolkit.js';
import { checkScenario } from './scenario-checks.js';
import { type ScenarioFile, type ScenarioTurn, scenarioFileSchema } from './scenario-file.js';
import type { ScenarioProblem } from './scenario-problem.js';

export interface LoadResult {
  readonly scenarios: readonly SandboxScenario[];
  /** Problems per file; a file with problems is not in `scenarios`. */
  readonly problems: readonly ScenarioProblem[];
}

/** The built-in scenarios' folder. */
export const BUILT_IN_SCENARIOS = new URL('../../../data/sandbox/scenarios/', import.meta.url);

const SCENARIO_EXTENSIONS = new Set(['.yaml', '.yml', '.json']);

/**
 * Loads scenario files and folders (recursively). Every file is parsed, validated against the schema
 * and checked; a file with any problem is left out and its problems are returned, so one broken file
 * never stops the rest. Duplicate ids across files are problems too.
 */
export async function loadScenarios(paths: readonly string[]): Promise<LoadResult> {
  const problems: ScenarioProblem[] = [];
  const found = (
    await Promise.all(
      paths.map((path) =>
        expand(path, undefined).catch((error: unknown) => {
          problems.push({ file: join(path, CORPUS_MANIFEST), path: '', message: (error as Error).message });
          return [];
        }),
      ),
    )
  )
    .flat()
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const scenarios: SandboxScenario[] = [];
  const seen = new Map<string, string>();
  // Every file is asked for at once (the disk reads on while the first ones are checked), then checked in order.
  const reads = found.map(({ file, corpus }) => ({ file, corpus, text: readText(file) }));
  for (const { file, corpus, text } of reads) {
    const result = scenarioFromText(file, await text, corpus);
    if (result.problems.length > 0) {
      problems.push(...result.problems);
      continue;
    }
    const scenario = result.scenario as SandboxScenario;
    const earlier = seen.get(scenario.id);
    if (earlier) {
      problems.push({ file, path: 'id', message: `id "${scenario.id}" is already used by ${earlier}` });
      continue;
    }
    seen.set(scenario.id, file);
    scenarios.push(scenario);
  }
  return { scenarios, problems };
}

interface FoundFile {
  readonly file: string;
  /** The corpus whose folder holds the file (its `corpus.yaml`), if any. */
  readonly corpus: ScenarioCorpus | undefined;
}

/**
 * The corpus of a scenario file named on its own: the manifest of its folder or of one of the two above it
 * (`<corpus>/<module>/<scenario>.yaml`).
 */
async function enclosingCorpus(file: string): Promise<ScenarioCorpus | undefined> {
  let folder = dirname(file);
  for (let level = 0; level < 3; level += 1) {
    const manifest = await readCorpusManifest(folder);
    if (manifest) return scenarioCorpusOf(manifest);
    const parent = dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
  return undefined;
}

/** The scenario files under a path, each with the corpus of the nearest folder with a manifest. */
async function expand(path: string, corpus: ScenarioCorpus | undefined): Promise<FoundFile[]> {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isDirectory()) return [{ file: path, corpus: corpus ?? (info ? await enclosingCorpus(path) : undefined) }];
  const manifest = await readCorpusManifest(path);
  const here = manifest ? scenarioCorpusOf(manifest) : corpus;
  const entries = await readdir(path, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? expand(join(path, entry.name), here)
        : SCENARIO_EXTENSIONS.has(extname(entry.name)) && entry.name !== CORPUS_MANIFEST
          ? Promise.resolve([{ file: join(path, entry.name), corpus: here }])
          : Promise.resolve([]),
    ),
  );
  return nested.flat();
}

/** Loads one scenario file: the scenario, or the problems that keep it out. */
export async function loadScenarioFile(
  file: string,
): Promise<{ scenario?: SandboxScenario; problems: ScenarioProblem[] }> {
  return scenarioFromText(file, await readText(file));
}

/** The file's text, or why it cannot be read. */
function readText(file: string): Promise<string | Error> {
  return readFile(file, 'utf8').catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
}

function scenarioFromText(
  file: string,
  text: string | Error,
  corpus?: ScenarioCorpus,
): { scenario?: SandboxScenario; problems: ScenarioProblem[] } {
  const problem = (path: string, message: string): ScenarioProblem => ({ file, path, message });
  if (text instanceof Error) return { problems: [problem('', `cannot read the file: ${text.message}`)] };
  let data: unknown;
  try {
    data = extname(file) === '.json' ? JSON.parse(text) : parseYamlText(text);
  } catch (error) {
    return {
      problems: [problem('', `not valid ${extname(file) === '.json' ? 'JSON' : 'YAML'}: ${(error as Error).message}`)],
    };
  }
  const parsed = scenarioFileSchema.safeParse(data);
  if (!parsed.success) {
    return { problems: parsed.error.issues.map((issue) => problem(issue.path.join('.'), issue.message)) };
  }
  const problems: ScenarioProblem[] = [];
  const { registry, schema } = sandboxToolkit();
  checkScenario(
    parsed.data,
    {
      registry,
      schema,
      presets: [...Object.keys(SANDBOX_PRESETS), ...Object.keys(corpus?.worlds ?? {})],
      countInsufficientInformationMilestones: corpus?.countInsufficientInformationMilestones ?? false,
    },
    (path, message) => problems.push(problem(path, message)),
  );
  if (problems.length > 0) return { problems };
  try {
    const scenario = compileScenario(parsed.data, file);
    return { scenario: corpus ? { ...scenario, corpus } : scenario, problems };
  } catch (error) {
    return { problems: [problem('', (error as Error).message)] };
  }
}

/** Turns a checked file into a scenario: local times become epoch seconds, turns become agent turns. */
export function compileScenario(file: ScenarioFile, path: string): SandboxScenario {
  const timeZone = file.clock.timeZone;
  const resolve = (value: unknown): unknown => resolveLocalTimes(value, timeZone);
  const rows = (list: readonly Record<string, unknown>[]): Row[] => list.map((row) => resolve(row) as Row);
  const milestone = (spec: ScenarioFile['milestones'][number]): MilestoneSpec => ({
    ...spec,
    constraints: spec.constraints.map((constraint) => resolve(constraint) as ConstraintSpec),
  });
  let callCount = 0;
  const turns = (list: readonly ScenarioTurn[]): Turn[] =>
    list.map((turn) =>
      'say' in turn
        ? { type: 'text', text: turn.say }
        : {
            type: 'tool-calls',
            calls: turn.call.map((call) => ({
              id: `gold-${callCount++}`,
              name: call.tool,
              arguments: resolve(call.arguments) as Record<string, unknown>,
            })),
          },
    );
  const changes = Object.fromEntries(
    Object.entries(file.world.changes ?? {}).map(([table, change]) => [
      table,
      {
        ...(change.add ? { add: rows(change.add) } : {}),
        ...(change.update ? { update: change.update.map(({ key, set }) => ({ key, set: resolve(set) as Row })) } : {}),
        ...(change.remove ? { remove: change.remove } : {}),
      },
    ]),
  );
  return {
    id: file.id,
    file: path,
    description: file.description,
    categories: file.categories,
    preset: file.world.preset,
    worldChanges: changes,
    clock: { now: Temporal.Instant.from(file.clock.now).epochMilliseconds / 1000, timeZone },
    allow: file.tools.allow,
    deny: file.tools.deny ?? [],
    user: {
      goal: file.user.goal,
      knowledge: file.user.knowledge,
      opening: file.user.opening,
      paraphrases: file.user.paraphrases ?? [],
      replies: file.user.replies ?? [],
      demonstrations: file.user.demonstrations ?? [],
    },
    milestones: { milestones: file.milestones.map(milestone), ...(file.edges ? { edges: file.edges } : {}) },
    minefields: {
      milestones: (file.minefields ?? []).map(milestone),
      ...(file.minefieldEdges ? { edges: file.minefieldEdges } : {}),
    },
    gold: turns(file.solutions.gold),
    wrong: file.solutions.wrong.map((solution) => {
      callCount = 0;
      return turns(solution);
    }),
    alternatives: (file.solutions.alternatives ?? []).map((solution) => {
      callCount = 0;
      return turns(solution);
    }),
  };
}

function resolveLocalTimes(value: unknown, timeZone: string): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveLocalTimes(item, timeZone));
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.$localTime === 'string' && Object.keys(record).length === 1) {
      return localTimeToEpoch(record.$localTime, timeZone);
    }
    return Object.fromEntries(Object.entries(record).map(([key, inner]) => [key, resolveLocalTimes(inner, timeZone)]));
  }
  return value as CellValue;
}

function localTimeToEpoch(text: string, timeZone: string): number {
  try {
    return Temporal.PlainDateTime.from(text).toZonedDateTime(timeZone).epochMilliseconds / 1000;
  } catch {
    throw new Error(`"${text}" is not a local date-time like 2026-03-15T17:00`);
  }
}
