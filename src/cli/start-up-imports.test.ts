import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { openSqlite } from '../runs/store/sqlite.js';

const src = fileURLToPath(new URL('../', import.meta.url));

/**
 * Every module a file loads before any of its code runs: its static imports and re-exports (not
 * `import type`, not dynamic `import()`), followed through the project's own files. Returns the project
 * files (relative to src) and the packages reached.
 */
function staticClosure(entries: readonly string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = entries.map((entry) => join(src, entry));
  while (pending.length > 0) {
    const file = pending.pop() as string;
    const name = relative(src, file);
    if (files.has(name)) continue;
    files.add(name);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(
      /^(?:import|export)(?!\s+type\b)[^;]*?\bfrom\s+'([^']+)'|^import\s+'([^']+)'/gms,
    )) {
      const target = (match[1] ?? match[2]) as string;
      if (target.startsWith('.')) pending.push(resolve(dirname(file), target.replace(/\.js$/, '.ts')));
      else
        packages.add(
          target.startsWith('@') ? target.split('/').slice(0, 2).join('/') : (target.split('/')[0] as string),
        );
    }
  }
  return { files, packages };
}

/** Heavy for start-up: the provider SDKs and the domains' large libraries. */
const HEAVY_PACKAGES = ['mathjs', 'date-holidays', 'libphonenumber-js', 'ai', '@ai-sdk/openai'];

/** What scoring needs and reading a stored run does not: the matcher and its similarity libraries. */
const SCORING_PACKAGES = ['munkres', 'temporal-polyfill'];
const MATCHER =
  /^(benchmarks\/sandbox\/milestones\/(evaluate-episode|milestone-matcher|constraint-score)|scoring\/index|world\/index)\.ts$/;

/**
 * What the registry imports at start-up besides itself: each built-in benchmark's declaration and the
 * option constants it declares (no schema, no scorer, no domain: see the first test), and the module
 * loader of `--benchmark module:`.
 */
const DECLARATIONS = [
  'benchmarks/benchmark-module.ts',
  'benchmarks/example/declaration.ts',
  'benchmarks/example/options.ts',
  'benchmarks/registry.ts',
  'benchmarks/sandbox/categories.ts',
  'benchmarks/sandbox/declaration.ts',
  'benchmarks/sandbox/judge-option.ts',
  'benchmarks/sandbox/milestones/scoring-profile.ts',
  'benchmarks/sandbox/named-corpora.ts',
  'benchmarks/sandbox/options.ts',
  'benchmarks/sandbox/scoring-option.ts',
  'benchmarks/teval/declaration.ts',
  'benchmarks/teval/teval-protocol.ts',
  'benchmarks/toolscan/declaration.ts',
  'benchmarks/toolscan/options.ts',
  'benchmarks/toolscan/vocabulary.ts',
  'benchmarks/tooltalk/declaration.ts',
  'benchmarks/tooltalk/tooltalk-option-constants.ts',
  'benchmarks/tooltalk/tooltalk-options.ts',
  'tools/augmentations/augmentation.ts',
];

describe('what the command line loads before a command runs', () => {
  it('declares every command (for --help and parsing) with commander and its own small modules only', () => {
    const { files, packages } = staticClosure(['cli/command-line.ts']);
    expect([...packages].filter((name) => !name.startsWith('node:')).sort()).toEqual(['commander']);
    const outside = [...files].filter((file) => !file.startsWith('cli/')).sort();
    expect(outside).toEqual(
      [
        ...DECLARATIONS,
        'datasets/dataset-table.ts',
        'models/providers/endpoint.ts',
        'runs/store/default-store-path.ts',
        'runs/outputs/exit-codes.ts',
        'runs/store/unknown-run-error.ts',
      ].sort(),
    );
  });

  it("declares each benchmark with node's built-ins only: no package (zod), no scorer, no domain", () => {
    const declarations = ['sandbox', 'tooltalk', 'toolscan', 'teval', 'example'].map(
      (id) => `benchmarks/${id}/declaration.ts`,
    );
    const { files, packages } = staticClosure(['benchmarks/registry.ts', ...declarations]);
    expect([...packages].filter((name) => !name.startsWith('node:'))).toEqual([]);
    expect([...files].sort()).toEqual(DECLARATIONS.filter((file) => file !== 'benchmarks/benchmark-module.ts'));
  });

  it('plays a run with the model providers and the embedders left to dynamic imports', () => {
    const { files, packages } = staticClosure(['cli/commands/run-action.ts']);
    expect([...packages].filter((name) => /^(ai|undici|@ai-sdk\/.*|@energetic-ai\/.*)$/.test(name))).toEqual([]);
    expect([...files].filter((file) => /^(embeddings\/|models\/providers\/create)/.test(file))).toEqual([]);
  });

  it('reads stored runs (report, show, compare, list runs) without the domains, models or provider SDKs', () => {
    const { files, packages } = staticClosure([
      'cli/commands/report-actions.ts',
      'cli/commands/list-action.ts',
      'benchmarks/sandbox/reader.ts',
    ]);
    expect([...files].filter((file) => /^(domains|models|engine\/episode|users|agents)\//.test(file))).toEqual([]);
    expect([...packages].filter((name) => HEAVY_PACKAGES.includes(name))).toEqual([]);
  });

  it('lists runs without zod or any benchmark: the store checks its JSON columns by hand', () => {
    const { files, packages } = staticClosure(['cli/commands/list-action.ts', 'runs/store/run-store.ts']);
    expect([...packages].filter((name) => name === 'zod' || HEAVY_PACKAGES.includes(name))).toEqual([]);
    expect([...files].filter((file) => file.startsWith('benchmarks/') && !DECLARATIONS.includes(file))).toEqual([]);
  });

  it("reports and compares runs through the benchmark's aggregator: no zod, no record schema, no matcher", () => {
    // The registry imports the sandbox's aggregator for `report` (see registry-lazy.test.ts).
    const { files, packages } = staticClosure(['cli/commands/report-actions.ts', 'benchmarks/sandbox/aggregator.ts']);
    expect([...packages].filter((name) => name === 'zod' || SCORING_PACKAGES.includes(name))).toEqual([]);
    expect([...files].filter((file) => MATCHER.test(file) || file === 'benchmarks/sandbox/record.ts')).toEqual([]);
  });

  it("shows an episode without zod, the record's schema or the matcher: zod only for a record that needs it", () => {
    const { files, packages } = staticClosure(['cli/commands/report-actions.ts', 'benchmarks/sandbox/reader.ts']);
    expect(files.has('benchmarks/sandbox/record-quick-parse.ts')).toBe(true);
    expect([...packages].filter((name) => name === 'zod' || SCORING_PACKAGES.includes(name))).toEqual([]);
    expect([...packages].filter((name) => HEAVY_PACKAGES.includes(name))).toEqual([]);
    const schemas = ['benchmarks/sandbox/record.ts', 'engine/trajectory-schema.ts'];
    expect([...files].filter((file) => MATCHER.test(file) || schemas.includes(file))).toEqual([]);
  });

  it("shows ToolTalk and ToolScan episodes without zod or the records' schemas (their compiled parsers instead)", () => {
    const { files, packages } = staticClosure(['benchmarks/tooltalk/reader.ts', 'benchmarks/toolscan/reader.ts']);
    expect(files.has('benchmarks/tooltalk/record-parser.generated.ts')).toBe(true);
    expect(files.has('benchmarks/toolscan/record-parser.generated.ts')).toBe(true);
    expect([...packages].filter((name) => !name.startsWith('node:'))).toEqual([]);
    expect([...files].filter((file) => /record-schema\.ts$|^engine\/trajectory-schema\.ts$/.test(file))).toEqual([]);
  });
});

const execute = promisify(execFile);
const bin = fileURLToPath(new URL('../../bin/toolgauge.js', import.meta.url));
/** A module-loading hook that prints each module the process loads (`loaded <url>`) to stderr. */
const LOAD_HOOK = [
  'export async function load(url, context, next) {',
  '  const result = await next(url, context);',
  "  process.stderr.write('loaded ' + url + '\\n');",
  '  return result;',
  '}',
].join('\n');
/** Imported before the command: registers {@link LOAD_HOOK}. */
const traceLoads = `data:text/javascript,${encodeURIComponent(
  `import { register } from 'node:module';\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(LOAD_HOOK)}`)});`,
)}`;

/** The packages and toolgauge modules (relative to dist) a command of the built CLI loads. */
async function loadedBy(args: readonly string[]): Promise<{ packages: Set<string>; modules: Set<string> }> {
  const { stderr } = await execute(process.execPath, ['--import', traceLoads, bin, ...args]);
  const packages = new Set<string>();
  const modules = new Set<string>();
  for (const [, url] of stderr.matchAll(/^loaded (\S+)$/gm)) {
    const inPackage = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url as string);
    const own = /\/dist\/(.+)\.js$/.exec(url as string);
    if (inPackage) packages.add(inPackage[1] as string);
    else if (own) modules.add(`${own[1]}.ts`);
  }
  return { packages, modules };
}

/** Rewrites the stored record of `caseId` (the first trial of the only run that has it) with `change`. */
async function changeStoredRecord(db: string, caseId: string, change: (record: Record<string, unknown>) => unknown) {
  const database = await openSqlite(db);
  try {
    const { record } = database.prepare('SELECT record FROM episode_records WHERE case_id = ?').get(caseId) as {
      record: string;
    };
    database
      .prepare('UPDATE episode_records SET record = ? WHERE case_id = ?')
      .run(JSON.stringify(change(JSON.parse(record))), caseId);
  } finally {
    database.close();
  }
}

/**
 * `show` of a record its compiled parser is not sure of: it must import zod (the schema) and fail with
 * exit code 1 and `message`, the schema's words naming the field.
 */
async function expectShowRefuses(args: readonly string[], message: string): Promise<void> {
  const refused = await loadedBy(['show', ...args]).then(
    () => undefined,
    (error: { code: number; stderr: string }) => error,
  );
  expect(refused?.code).toBe(1);
  expect(refused?.stderr).toContain(message);
  expect(refused?.stderr).toMatch(/^loaded \S+\/node_modules\/zod\//m);
}

// The built CLI (`npm test` builds first), as a user runs it: what each reading command really loads,
// dynamic imports included.
describe('what reading commands load when they run', { timeout: 120_000 }, () => {
  it('list runs, report, show and list models load no more than they need', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'toolgauge-startup-'));
    try {
      const db = join(folder, 'runs.db');
      // A run of a built-in agent loads neither the model providers nor the embedders (they bring the AI SDK).
      const played = await loadedBy(['run', '--limit', '1', '--run-id', 'r1', '--db', db]);
      expect(played.packages.has('zod')).toBe(true);
      expect([...played.packages].filter((name) => /^(ai|undici|@ai-sdk\/.*|@energetic-ai\/.*)$/.test(name))).toEqual(
        [],
      );
      expect([...played.modules].filter((file) => /^(embeddings\/|models\/providers\/create)/.test(file))).toEqual([]);
      const report = JSON.parse(
        (await execute(process.execPath, [bin, 'report', 'r1', '--db', db, '--format', 'json'])).stdout,
      );
      const caseId = report.benchmarks.sandbox.episodes[0].caseId as string;

      const list = await loadedBy(['list', 'runs', '--db', db]);
      expect([...list.packages]).toEqual(['commander']);
      // The sandbox's declaration (its options), nothing more of it.
      expect(
        [...list.modules].filter((file) => file.startsWith('benchmarks/sandbox/') && !DECLARATIONS.includes(file)),
      ).toEqual([]);

      const reported = await loadedBy(['report', 'r1', '--db', db]);
      expect([...reported.packages]).toEqual(['commander']);
      expect(reported.modules.has('benchmarks/sandbox/aggregator.ts')).toBe(true);
      expect(
        [...reported.modules].filter((file) => MATCHER.test(file) || /sandbox\/(record|reader)/.test(file)),
      ).toEqual([]);

      // `show` checks a well-formed record with the parsers zod's compiler made of its schema: no zod.
      const shown = await loadedBy(['show', 'r1', caseId, '--db', db]);
      expect([...shown.packages]).toEqual(['commander']);
      expect([...shown.modules].filter((file) => MATCHER.test(file) || /sandbox\/record\.ts$/.test(file))).toEqual([]);
      // About 60 of its own, plus the benchmarks' declarations (about 20 small modules, see DECLARATIONS).
      expect(shown.modules.size).toBeLessThan(65 + DECLARATIONS.length);

      // A record those parsers are not sure of goes to the schema (zod), which refuses it naming the field.
      await changeStoredRecord(db, caseId, (record) => ({ ...record, baseId: 7 }));
      await expectShowRefuses(
        ['r1', caseId, '--db', db],
        `toolgauge: ${db}: run "r1", sandbox case "${caseId}" trial 0: record.baseId: Invalid input: expected string, received number`,
      );

      // `list models` reads the shipped price table with the parser compiled from its schema: no zod.
      const models = await loadedBy(['list', 'models']);
      expect([...models.packages]).toEqual(['commander']);
      expect(models.modules.has('runs/pricing/price-table.ts')).toBe(false);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('show and report a ToolScan run through its reader and aggregator, without the play path or zod', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'toolgauge-startup-'));
    try {
      const db = join(folder, 'runs.db');
      const run = ['run', '--benchmark', 'toolscan', '--agent', 'oracle', '--limit', '1', '--run-id', 't1', '--db', db];
      await execute(process.execPath, [bin, ...run]);
      const report = JSON.parse(
        (await execute(process.execPath, [bin, 'report', 't1', '--db', db, '--format', 'json'])).stdout,
      );
      const caseId = report.benchmarks.toolscan.episodes[0].caseId as string;
      // The play path: the environments (their tools and data), the scorer, the case loader, the protocol.
      const playPath = (file: string) =>
        /^(domains|engine\/episode|agents|users)\//.test(file) ||
        /^benchmarks\/toolscan\/(benchmark|play|score|load-cases|oracle|prove|answer-check)\.ts$/.test(file);

      const reported = await loadedBy(['report', 't1', '--db', db]);
      expect([...reported.packages]).toEqual(['commander']);
      expect(reported.modules.has('benchmarks/toolscan/aggregator.ts')).toBe(true);
      expect([...reported.modules].filter((file) => playPath(file) || /toolscan\/(record|reader)/.test(file))).toEqual(
        [],
      );

      // A well-formed record is checked by the parsers zod's compiler made of its schemas: no zod.
      const shown = await loadedBy(['show', 't1', caseId, '--db', db]);
      expect([...shown.packages]).toEqual(['commander']);
      expect(shown.modules.has('benchmarks/toolscan/reader.ts')).toBe(true);
      expect([...shown.modules].filter(playPath)).toEqual([]);
      expect([...shown.modules].filter((file) => /record-schema|trajectory-schema/.test(file))).toEqual([]);
      // What the episode view prints: the scores, the trajectory and the two explain tables.
      const { stdout } = await execute(process.execPath, [bin, 'show', 't1', caseId, '--db', db]);
      expect(stdout).toMatch(
        new RegExp(`^${caseId} #0 \\(scored\\): score 1\\.000, IAC 1\\.000, .*, calls \\d+, steps \\d+$`, 'm'),
      );
      expect(stdout).toMatch(/agent → executor: finish\(/);
      expect(stdout).toMatch(/^#\s+API\s+Arguments\s+Patterns\s+Feedback \(not run\)$/m);
      expect(stdout).toMatch(
        /^Trajectory\s+Chosen\s+Gold calls\s+Missing \(IAC\)\s+Wrong values \(IAV\)\s+Matched calls\s+IAC\s+IAV\s+Each gold call$/m,
      );
      expect(stdout).toMatch(/^1\s+chosen\s+(\d+)\s+0\s+0\s+\1\s+1\.000\s+1\.000\s+matched/m);

      // A record they are not sure of goes to the schema (zod), which refuses it naming the field.
      await changeStoredRecord(db, caseId, (record) => ({
        ...record,
        trajectory: { ...(record.trajectory as object), episodeId: 3 },
      }));
      await expectShowRefuses(
        ['t1', caseId, '--db', db],
        `toolgauge: ${db}: run "t1", toolscan case "${caseId}" trial 0: record.trajectory.episodeId: Invalid input: expected string, received number`,
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('shows and reports a ToolTalk run through its reader and aggregator, without the play path or zod', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'toolgauge-startup-tooltalk-'));
    try {
      const db = join(folder, 'runs.db');
      const played = ['run', '--benchmark', 'tooltalk', '--agent', 'oracle', '--limit', '1'];
      await execute(process.execPath, [bin, ...played, '--run-id', 'r1', '--db', db]);
      const report = JSON.parse(
        (await execute(process.execPath, [bin, 'report', 'r1', '--db', db, '--format', 'json'])).stdout,
      );
      const caseId = report.benchmarks.tooltalk.episodes[0].caseId as string;
      // The play path: the tool catalogue and domains, the replay protocol, the scoring, the models (not
      // the providers' endpoint table, which the command line declares its flags with).
      const playPath = (file: string) =>
        /^(domains|models\/(?!providers\/endpoint\.ts$)|engine\/episode|users|agents)/.test(file) ||
        /^benchmarks\/tooltalk\/(index|tool-offer|turn-replay|score-replay|call-executor|comparators)\.ts$/.test(file);

      const shown = await loadedBy(['show', 'r1', caseId, '--db', db]);
      expect(shown.modules.has('benchmarks/tooltalk/reader.ts')).toBe(true);
      expect([...shown.modules].filter(playPath)).toEqual([]);
      // A well-formed record is checked by the parser zod's compiler made of its schema: no zod.
      expect([...shown.packages]).toEqual(['commander']);
      expect(shown.modules.has('benchmarks/tooltalk/record-schema.ts')).toBe(false);
      // It prints what `show` prints through the whole benchmark: in this process, where the whole
      // ToolTalk benchmark is loaded first, the same command goes through ToolTalk's index.ts.
      const { showEpisode } = await import('./commands/report-actions.js');
      const registry = await import('../benchmarks/registry.js');
      await registry.loadBenchmark('tooltalk');
      expect(registry.getBenchmarkReader('tooltalk')).toBe(registry.getBenchmark('tooltalk'));
      const written: string[] = [];
      const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
        written.push(String(chunk));
        return true;
      });
      try {
        await showEpisode('r1', caseId, { db, trial: 0 });
      } finally {
        write.mockRestore();
      }
      const { stdout: printed } = await execute(process.execPath, [bin, 'show', 'r1', caseId, '--db', db]);
      expect(printed).toMatch(/ground truth .* matched\n[\s\S]*replied/);
      expect(printed).toBe(written.join(''));

      const reported = await loadedBy(['report', 'r1', '--db', db]);
      expect(reported.modules.has('benchmarks/tooltalk/aggregator.ts')).toBe(true);
      expect(
        [...reported.modules].filter(
          (file) => playPath(file) || /tooltalk\/(reader|tooltalk-record|record-)/.test(file),
        ),
      ).toEqual([]);
      expect([...reported.packages]).toEqual(['commander']);

      // A record that parser is not sure of goes to the schema (zod), which refuses it naming the field.
      await changeStoredRecord(db, caseId, (record) => ({ ...record, mode: 'strict' }));
      await expectShowRefuses(
        ['r1', caseId, '--db', db],
        `toolgauge: ${db}: run "r1", tooltalk case "${caseId}" trial 0: ToolTalk record: mode: Invalid option: expected one of "default"|"reference-compatible"`,
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('shows a T-Eval episode through its reader: no evaluators, data set loader, embedders or zod', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'toolgauge-startup-teval-'));
    try {
      const db = join(folder, 'runs.db');
      await execute(
        process.execPath,
        [bin, 'run', '--benchmark', 'teval', '--agent', 'oracle', '--limit', '1'].concat([
          '--run-id',
          'r1',
          '--db',
          db,
        ]),
      );
      const caseId = 'instruct_sample/instruct_0_json';
      const shown = await loadedBy(['show', 'r1', caseId, '--db', db]);
      // A well-formed record is checked by the parser zod's compiler made of its schema: no zod.
      expect([...shown.packages]).toEqual(['commander']);
      // The reader, its aggregator and the small modules they import; nothing of the play path.
      const READING =
        /^benchmarks\/teval\/(declaration|reader|aggregator|record-parser\.generated|scoring-description|teval-(record|protocol|metrics|explain|case|aggregate))\.ts$/;
      const teval = [...shown.modules].filter((file) => file.startsWith('benchmarks/teval/'));
      expect(teval.filter((file) => !READING.test(file))).toEqual([]);
      expect(teval).toContain('benchmarks/teval/reader.ts');
      expect(
        [...shown.modules].filter((file) =>
          /^(embeddings\/|models\/providers\/create|datasets\/(?!dataset-table))/.test(file),
        ),
      ).toEqual([]);

      // What it prints is the whole benchmark's explanation of the record, as before the reader.
      const { stdout } = await execute(process.execPath, [bin, 'show', 'r1', caseId, '--db', db]);
      expect(stdout.split('\n')[0]).toBe(
        `${caseId} #0 (scored): score 1.000, instruct.json 1.000, instruct.format 1.000, instruct.args 1.000, score 1.000, parsed 1.000`,
      );
      expect(stdout).toContain('Library.reserve');
      expect(stdout).toMatch(/scored with +protocol v1, quirks fixed, embedder \S+/);
      expect(stdout).toMatch(/^instruct\.args +1\.000$/m);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe("what `import('toolgauge')` loads", { timeout: 60_000 }, () => {
  it('no benchmark (only their declarations) and none of the model providers: they load when used', async () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const { stderr } = await execute(process.execPath, ['--import', traceLoads, '-e', "await import('toolgauge')"], {
      cwd: root,
    });
    const loaded = [...stderr.matchAll(/^loaded (\S+)$/gm)].map(([, url]) => url as string);
    expect(loaded.some((url) => url.endsWith('/dist/index.js'))).toBe(true);
    const benchmarkModules = loaded
      .map((url) => /\/dist\/(benchmarks\/[^/]+\/.+)\.js$/.exec(url)?.[1])
      .filter((file): file is string => file !== undefined)
      .map((file) => `${file}.ts`);
    expect(benchmarkModules.filter((file) => !DECLARATIONS.includes(file))).toEqual([]);
    const packages = new Set(loaded.map((url) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1]));
    expect(
      [...packages].filter((name) => name && /^(ai|undici|@ai-sdk\/.*|@energetic-ai\/.*|mathjs)$/.test(name)),
    ).toEqual([]);
    // Nor the fuzzy matcher of the tool augmentations or the YAML writer: the library's modules import
    // the module they use, not a folder's index that re-exports them all.
    expect([...packages].filter((name) => name === 'fuzzball' || name === 'js-yaml')).toEqual([]);
  });
});
