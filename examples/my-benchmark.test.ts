import { type ChildProcess, execFile, spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The example benchmark (`examples/my-benchmark.mjs`) as a user has it: copied into a folder outside the
 * repository whose `node_modules/toolgauge` is this checkout (as an install would be), and run through
 * the built command line (`bin/toolgauge.js`) and the library, from that folder.
 */
const execute = promisify(execFile);
const repository = fileURLToPath(new URL('../', import.meta.url));
const bin = join(repository, 'bin/toolgauge.js');
const folder = mkdtempSync(join(tmpdir(), 'toolgauge-my-benchmark-'));
const db = join(folder, 'runs.db');
const MODULE = 'module:./my-benchmark.mjs';

async function toolgauge(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await execute(process.execPath, [bin, ...args], { cwd: folder });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

async function report(runId: string): Promise<{
  config: Record<string, unknown>;
  benchmarks: Record<string, { headline: string; overall: { score: number }; metrics: Record<string, number> }>;
}> {
  const { stdout, code, stderr } = await toolgauge('report', runId, '--db', db, '--format', 'json');
  expect(code, stderr).toBe(0);
  return JSON.parse(stdout);
}

beforeAll(() => {
  copyFileSync(join(repository, 'examples/my-benchmark.mjs'), join(folder, 'my-benchmark.mjs'));
  mkdirSync(join(folder, 'node_modules'));
  symlinkSync(repository, join(folder, 'node_modules/toolgauge'), 'dir');
  // Another benchmark (another id) from a module, for the refusals of a module that is not the run's.
  const source = readFileSync(join(repository, 'examples/my-benchmark.mjs'), 'utf8');
  writeFileSync(join(folder, 'other.mjs'), source.replace("id: 'library'", "id: 'bookshop'"));
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('a benchmark from a folder outside the repository', { timeout: 120_000 }, () => {
  it('runs (the oracle scores 1, a wrong agent less), and the run records where its module is', async () => {
    const played = await toolgauge('run', '--benchmark', MODULE, '--agent', 'oracle', '--run-id', 'gold', '--db', db);
    expect(played.code, played.stderr).toBe(0);
    expect(played.stdout).toMatch(/^gold\s+science\s+1\.000\s+2$/m);
    const wrong = await toolgauge('run', '--benchmark', MODULE, '--agent', 'hasty', '--run-id', 'hasty', '--db', db);
    expect(wrong.code, wrong.stderr).toBe(0);

    const gold = await report('gold');
    expect(gold.config.benchmark).toBe('library');
    expect(gold.config.benchmarkModule).toBe(pathToFileURL(join(folder, 'my-benchmark.mjs')).href);
    expect(gold.benchmarks.library?.headline).toBe('lent');
    expect(gold.benchmarks.library?.overall.score).toBe(1);
    // Three tool calls per episode: search, lend, and the user's end_conversation.
    expect(gold.benchmarks.library?.metrics).toMatchObject({ lent: 1, calls: 9, failedCalls: 0 });
    expect((await report('hasty')).benchmarks.library?.overall.score).toBe(0);
  });

  it('lists its cases with its own option as a flag, and proves them', async () => {
    const listed = await toolgauge('list', 'cases', '--benchmark', MODULE, '--library-topic', 'science');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout.split('\n').slice(2).filter(Boolean)).toEqual(['gene   ', 'history']);
    const refused = await toolgauge('list', 'cases', '--benchmark', MODULE, '--library-topic', 'poetry');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--library-topic (library): "poetry" is not one of science, fiction');

    const proved = await toolgauge('validate', '--benchmark', MODULE, '--prove');
    expect(proved.code, proved.stderr).toBe(0);
    expect(proved.stdout).toContain('3 library cases valid, 0 files with problems, 3 of 3 proved');
  });

  it('reads its runs without the flag: report, HTML report, show, export, compare', async () => {
    const text = await toolgauge('report', 'gold', '--db', db);
    expect(text.stdout).toMatch(/^Lent right, by topic$/m);
    expect(text.stdout).toMatch(/^gold\s+fiction\s+1\.000\s+1$/m);

    const page = join(folder, 'report.html');
    const html = await toolgauge('report', 'gold', 'hasty', '--db', db, '--html', page);
    expect(html.code, html.stderr).toBe(0);
    // The page's data: gzipped JSON in base64, in the report data element.
    const written = readFileSync(page, 'utf8');
    const encoded = /<script id="toolgauge-report-data" type="[^"]+">([^<]*)<\/script>/.exec(written)?.[1] ?? '';
    const data = JSON.parse(gunzipSync(Buffer.from(encoded, 'base64')).toString('utf8')) as {
      benchmarkRuns: {
        runId: string;
        benchmark: string;
        headline: string;
        overall: { score: number };
        tables: { title: string }[];
      }[];
    };
    expect(data.benchmarkRuns.map((run) => [run.runId, run.benchmark, run.headline, run.overall.score])).toEqual([
      ['gold', 'library', 'lent', 1],
      ['hasty', 'library', 'lent', 0],
    ]);
    expect(data.benchmarkRuns[0]?.tables.map((table) => table.title)).toEqual(['Lent right, by topic']);

    const shown = await toolgauge('show', 'gold', 'gene', '--db', db);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^gene #0 \(scored\): score 1\.000, calls 3/);
    expect(shown.stdout).toContain('user → agent: "My member id is M-17."');
    expect(shown.stdout).toContain('lend_book({"book_id":"b2","member":"M-17"})');
    expect(shown.stdout).toMatch(/^b2\s+M-17$/m);

    const exported = await toolgauge('export', 'gold', '--db', db);
    expect(exported.code, exported.stderr).toBe(0);
    const lines = exported.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => [line.caseId, line.score, line.record.loans[0].member])).toEqual([
      ['gene', 1, 'M-17'],
      ['history', 1, 'M-230'],
      ['whale', 1, 'M-4'],
    ]);

    const compared = await toolgauge('compare', 'gold', 'hasty', '--db', db);
    expect(compared.code, compared.stderr).toBe(0);
    expect(compared.stdout).toMatch(/^overall\s+1\.000\s+0\.000\s+-1\.000$/m);
    expect(compared.stdout).toMatch(/^science\s+1\.000\s+0\.000\s+-1\.000$/m);
  });

  it('names the run, the recorded file and the flag when the module has moved, and takes its new place', async () => {
    mkdirSync(join(folder, 'moved'));
    renameSync(join(folder, 'my-benchmark.mjs'), join(folder, 'moved/my-benchmark.mjs'));
    try {
      const lost = await toolgauge('report', 'gold', '--db', db);
      expect(lost.code).toBe(2);
      expect(lost.stderr).toContain(
        `run "gold" was played with the library benchmark of the module ${join(folder, 'my-benchmark.mjs')}, which cannot be loaded (no such file); if it moved, pass --benchmark module:<its new path>`,
      );
      const found = await toolgauge('report', 'gold', '--db', db, '--benchmark', 'module:moved/my-benchmark.mjs');
      expect(found.code, found.stderr).toBe(0);
      expect(found.stdout).toMatch(/^gold\s+science\s+1\.000\s+2$/m);
      const shown = await toolgauge(
        'show',
        'gold',
        'whale',
        '--db',
        db,
        '--benchmark',
        'module:moved/my-benchmark.mjs',
      );
      expect(shown.stdout).toMatch(/^whale #0 \(scored\): score 1\.000/);
      // A rescore from the new place records that place with the new run.
      const rescored = await toolgauge(
        'rescore',
        'gold',
        '--db',
        db,
        '--benchmark',
        'module:moved/my-benchmark.mjs',
        '--as',
        'gold-rescored',
        '--format',
        'json',
      );
      expect(rescored.code, rescored.stderr).toBe(0);
      expect(JSON.parse(rescored.stdout).config.benchmarkModule).toBe(
        pathToFileURL(join(folder, 'moved/my-benchmark.mjs')).href,
      );
    } finally {
      renameSync(join(folder, 'moved/my-benchmark.mjs'), join(folder, 'my-benchmark.mjs'));
    }
  });

  it('refuses a module whose export is not a benchmark, naming the file and the field', async () => {
    copyFileSync(join(repository, 'examples/my-benchmark.mjs'), join(folder, 'broken.mjs'));
    const source = readFileSync(join(folder, 'broken.mjs'), 'utf8').replace(/\n {2}play: .*\n/, '\n');
    writeFileSync(join(folder, 'broken.mjs'), source);
    const refused = await toolgauge('run', '--benchmark', 'module:./broken.mjs', '--db', db);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `benchmark module ${join(folder, 'broken.mjs')}: its export is not a Benchmark: play is missing (a function)`,
    );
  });

  it('is served by serve-reference, whose oracle answers a request over HTTP', async () => {
    const server: ChildProcess = spawn(
      process.execPath,
      [bin, 'serve-reference', '--benchmark', MODULE, '--port', '0'],
      {
        cwd: folder,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let seen = '';
        server.stdout?.on('data', (chunk) => {
          seen += String(chunk);
          const match = /reference model on (http:\/\/\S+) \(library: 3 cases\)/.exec(seen);
          if (match) resolve(match[1] as string);
        });
        server.stderr?.on('data', (chunk) => reject(new Error(String(chunk))));
        server.on('exit', (code) => reject(new Error(`serve-reference exited with ${code}: ${seen}`)));
      });
      const benchmark = (await import(pathToFileURL(join(folder, 'my-benchmark.mjs')).href)).default;
      const { cases } = await benchmark.loadCases({ options: {} });
      // What a client sends first: the case's opening (system prompt and request) and the agent's tools.
      const opening = benchmark.reference(cases.find((entry: { id: string }) => entry.id === 'gene'));
      const response = await fetch(`${url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'reference',
          messages: opening.prefix.map((message: { role: string; text: string }) => ({
            role: message.role,
            content: message.text,
          })),
          tools: opening.tools.map((tool: { name: string; description: string; parameters: unknown }) => ({
            type: 'function',
            function: tool,
          })),
        }),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        choices: { message: { tool_calls: { function: { name: string; arguments: string } }[] } }[];
      };
      const call = body.choices[0]?.message.tool_calls[0]?.function;
      expect(call?.name).toBe('search_books');
      expect(JSON.parse(call?.arguments ?? '{}')).toEqual({ query: 'selfish gene' });
    } finally {
      server.kill();
    }
  });

  it('runs through the library: evaluate({ benchmark }) with the module’s object', async () => {
    const script = [
      "import { evaluate, readReport } from 'toolgauge';",
      "import benchmark from './my-benchmark.mjs';",
      "const gold = await evaluate({ benchmark, agent: 'oracle', store: './library.db', runId: 'lib-gold' });",
      "const hasty = await evaluate({ benchmark, agent: 'hasty' });",
      "const again = await readReport('./library.db', 'lib-gold', { benchmark });",
      'console.log(JSON.stringify([gold.benchmarks.library.overall.score, hasty.benchmarks.library.overall.score, again.benchmarks.library.overall.score]));',
    ].join('\n');
    writeFileSync(join(folder, 'evaluate.mjs'), script);
    const { stdout } = await execute(process.execPath, [join(folder, 'evaluate.mjs')], { cwd: folder });
    expect(JSON.parse(stdout)).toEqual([1, 0, 1]);
    expect(existsSync(join(folder, 'library.db'))).toBe(true);
  });

  it('rescores a run with the module’s own scoring flag and no --benchmark (the run recorded its module)', async () => {
    const rescored = await toolgauge(
      'rescore',
      'hasty',
      '--db',
      db,
      '--library-scoring',
      'partial',
      '--as',
      'hasty-partial',
      '--format',
      'json',
    );
    expect(rescored.code, rescored.stderr).toBe(0);
    expect(rescored.stderr).toContain('rescored 3 episodes of hasty into hasty-partial with --library-scoring partial');
    const report = JSON.parse(rescored.stdout);
    // The hasty agent lends the right book to a member it makes up: 0 when strict, half a point when partial.
    expect(report.benchmarks.library.overall.score).toBe(0.5);
    expect(report.config).toMatchObject({
      libraryScoring: 'partial',
      benchmarkModule: pathToFileURL(join(folder, 'my-benchmark.mjs')).href,
    });

    const misspelt = await toolgauge('rescore', 'hasty', '--db', db, '--library-scorin', 'partial');
    expect(misspelt.code).toBe(2);
    expect(misspelt.stderr).toContain("unknown option '--library-scorin'");
    expect(misspelt.stderr).toContain('--library-scoring');
    const badValue = await toolgauge('rescore', 'hasty', '--db', db, '--library-scoring', 'half');
    expect(badValue.code).toBe(2);
    expect(badValue.stderr).toContain('--library-scoring (library): "half" is not one of strict, partial');
    const noRun = await toolgauge('rescore', 'hastey', '--db', db, '--library-scoring', 'partial');
    expect(noRun.code).toBe(2);
    expect(noRun.stderr).toContain(`no run "hastey" in ${db}`);
    const nowhere = join(folder, 'nowhere.db');
    const noStore = await toolgauge('rescore', 'hasty', '--db', nowhere, '--library-scoring', 'partial');
    expect(noStore.code).toBe(2);
    expect(noStore.stderr).toContain(`no run "hasty": there is no store at ${nowhere} (--db)`);
    expect(existsSync(nowhere)).toBe(false);
  });

  it('resumes a run whose module moved from its new place, and records that place', async () => {
    const store = join(folder, 'resume.db');
    mkdirSync(join(folder, 'before'));
    copyFileSync(join(folder, 'my-benchmark.mjs'), join(folder, 'before/my-benchmark.mjs'));
    const played = await toolgauge(
      'run',
      '--benchmark',
      'module:before/my-benchmark.mjs',
      '--agent',
      'oracle',
      '--run-id',
      'moving',
      '--db',
      store,
    );
    expect(played.code, played.stderr).toBe(0);
    mkdirSync(join(folder, 'after'));
    renameSync(join(folder, 'before/my-benchmark.mjs'), join(folder, 'after/my-benchmark.mjs'));

    const lost = await toolgauge('run', '--resume', 'moving', '--db', store);
    expect(lost.code).toBe(2);
    expect(lost.stderr).toContain('if it moved, pass --benchmark module:<its new path>');
    const resumed = await toolgauge(
      'run',
      '--resume',
      'moving',
      '--benchmark',
      'module:after/my-benchmark.mjs',
      '--db',
      store,
    );
    expect(resumed.code, resumed.stderr).toBe(0);
    const read = await toolgauge('report', 'moving', '--db', store, '--format', 'json');
    expect(read.code, read.stderr).toBe(0);
    const report = JSON.parse(read.stdout);
    expect(report.config.benchmarkModule).toBe(pathToFileURL(join(folder, 'after/my-benchmark.mjs')).href);
    expect(report.benchmarks.library.overall.score).toBe(1);

    // Another benchmark's module is refused, naming both benchmarks; the stored run is left as it was.
    const other = join(folder, 'other.mjs');
    const refused = await toolgauge('run', '--resume', 'moving', '--benchmark', 'module:other.mjs', '--db', store);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      `--benchmark module:${other} is the "bookshop" benchmark, but run "moving" was played with the "library" benchmark`,
    );
    expect(
      JSON.parse((await toolgauge('report', 'moving', '--db', store, '--format', 'json')).stdout).config,
    ).toMatchObject({
      benchmark: 'library',
      benchmarkModule: pathToFileURL(join(folder, 'after/my-benchmark.mjs')).href,
    });
  });

  it('records the module of a library run (module: or benchmarkModule), so the command line reads it with no flag', async () => {
    const script = [
      "import { evaluate, loadBenchmarkCases, rescore } from 'toolgauge';",
      "import benchmark from './my-benchmark.mjs';",
      "const store = './recorded.db';",
      "const byPath = await evaluate({ benchmark: 'module:./my-benchmark.mjs', agent: 'oracle', store, runId: 'by-path' });",
      'const byObject = await evaluate({',
      "  benchmark, benchmarkModule: new URL('./my-benchmark.mjs', import.meta.url), agent: 'hasty', store, runId: 'by-object',",
      '});',
      "const fiction = await loadBenchmarkCases('module:./my-benchmark.mjs', { options: { 'library-topic': 'fiction' } });",
      "const partial = await rescore({ store, runId: 'by-object', benchmark: 'module:./my-benchmark.mjs', options: { 'library-scoring': 'partial' } });",
      'console.log(JSON.stringify([byPath.config.benchmarkModule, byObject.config.benchmarkModule, fiction.cases.map((c) => c.id), partial.benchmarks.library.overall.score]));',
    ].join('\n');
    writeFileSync(join(folder, 'recorded.mjs'), script);
    const { stdout } = await execute(process.execPath, [join(folder, 'recorded.mjs')], { cwd: folder });
    const href = pathToFileURL(join(folder, 'my-benchmark.mjs')).href;
    expect(JSON.parse(stdout)).toEqual([href, href, ['whale'], 0.5]);

    const recorded = join(folder, 'recorded.db');
    const read = await toolgauge('report', 'by-path', '--db', recorded);
    expect(read.code, read.stderr).toBe(0);
    expect(read.stdout).toMatch(/^by-path\s+science\s+1\.000\s+2$/m);
    const shown = await toolgauge('show', 'by-object', 'gene', '--db', recorded);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^gene #0 \(scored\): score 0\.000/);
    // readReport in a process that never loaded the module finds it where the run recorded it.
    writeFileSync(
      join(folder, 'read-recorded.mjs'),
      "import { readReport } from 'toolgauge';\nconsole.log((await readReport('./recorded.db', 'by-object')).benchmarks.library.overall.score);",
    );
    expect((await execute(process.execPath, [join(folder, 'read-recorded.mjs')], { cwd: folder })).stdout.trim()).toBe(
      '0',
    );

    // What cannot be recorded is refused, naming the file.
    const refusals = [
      "evaluate({ benchmark: 'module:./nowhere.mjs', agent: 'oracle' })",
      "evaluate({ benchmark, benchmarkModule: './other.mjs', agent: 'oracle' })",
      "evaluate({ benchmark: 'library', benchmarkModule: './my-benchmark.mjs', agent: 'oracle' })",
    ];
    writeFileSync(
      join(folder, 'refused.mjs'),
      [
        "import { evaluate } from 'toolgauge';",
        "import benchmark from './my-benchmark.mjs';",
        'const messages = [];',
        ...refusals.map((call) => `messages.push(await ${call}.then(() => 'accepted', (error) => error.message));`),
        'console.log(JSON.stringify(messages));',
      ].join('\n'),
    );
    const refused = JSON.parse(
      (await execute(process.execPath, [join(folder, 'refused.mjs')], { cwd: folder })).stdout,
    );
    expect(refused).toEqual([
      `benchmark module ${join(folder, 'nowhere.mjs')}: no such file`,
      `evaluate(): benchmarkModule ${join(folder, 'other.mjs')} exports the "bookshop" benchmark, not "library" (the benchmark given)`,
      'evaluate(): benchmarkModule is for a Benchmark object; with benchmark "library" give module:<path> as the benchmark instead',
    ]);
  });
});
