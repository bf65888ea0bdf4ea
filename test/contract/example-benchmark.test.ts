/**
 * A second benchmark plugs in with one folder (`src/benchmarks/example/`) and one registry line, and then
 * runs through the CLI, the store, `report --format json`, `show`, `validate --prove`, the HTML report's
 * data and the reference server — none of which has any code for it. (The import-graph test checks that
 * no run, store, report or CLI file imports it.)
 */
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

process.env.TOOLGAUGE_TEST_BENCHMARKS = '1';
const { buildReportData } = await import('../../src/report/index.js');
const { startReferenceServer } = await import('../../src/reference-server/index.js');
const { RunStore } = await import('../../src/runs/index.js');
const { evaluate } = await import('../../src/library/evaluate.js');

const run = promisify(execFile);
const bin = new URL('../../bin/toolgauge.js', import.meta.url).pathname;
const environment = { ...process.env, TOOLGAUGE_TEST_BENCHMARKS: '1' };
const toolgauge = (...args: string[]) =>
  run(process.execPath, [bin, ...args], { env: environment, maxBuffer: 16 * 1024 * 1024 });

let folder = '';
let db = '';
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'toolgauge-example-'));
  db = join(folder, 'runs.db');
});

// The CLI part runs the built CLI (`npm test` builds first).
describe('a second benchmark through the CLI and the store', { timeout: 240_000 }, () => {
  it('runs, stores, reports, shows, validates and lists it', async () => {
    const oracle = await toolgauge(
      'run',
      '--benchmark',
      'example',
      '--agent',
      'oracle',
      '--run-id',
      'gold',
      '--db',
      db,
    );
    expect(oracle.stdout).toContain('Example benchmark: accuracy and micro-averaged argument recall by kind');
    expect(oracle.stdout).toMatch(/gold +all +3 +100\.0 +100\.0/);

    // An agent that always converts 26.2 of something: right on one argument of one item only.
    const partial = join(folder, 'partial-agent.mjs');
    await writeFile(
      partial,
      `export default () => ({ name: 'partial', respond: async () => ({ type: 'tool-calls', calls: [{ id: 'p', name: 'convert_units', arguments: { value: 26.2 } }] }) });\n`,
    );
    await toolgauge('run', '--benchmark', 'example', '--agent', `module:${partial}`, '--run-id', 'partial', '--db', db);
    const report = JSON.parse((await toolgauge('report', 'partial', '--db', db, '--format', 'json')).stdout);
    const example = report.benchmarks.example;
    expect(example).toMatchObject({ title: 'Example', headline: 'accuracy', status: { scored: 3, failed: 0 } });
    expect(example.overall.score).toBe(0);
    // Micro-averaged: 1 matched of 7 gold arguments (a mean over items would give 1/9).
    expect(example.metrics.argumentRecall).toBeCloseTo(1 / 7, 10);
    expect(example.metrics).toMatchObject({ matchedArguments: 1, goldArguments: 7 });
    const byKind = example.tables[0].rows;
    expect(byKind.find((row: { kind: string }) => row.kind === 'conversion').argumentRecall).toBeCloseTo(1 / 6, 10);
    expect(example.episodes.map((episode: { caseId: string }) => episode.caseId)).toEqual([
      'capital-of-peru',
      'cups-to-ml',
      'miles-to-km',
    ]);

    const shown = (await toolgauge('show', 'gold', 'miles-to-km', '--db', db)).stdout;
    expect(shown).toContain('miles-to-km #0 (scored): score 1.000');
    expect(shown).toContain('"name": "convert_units"');

    const validated = await toolgauge('validate', '--benchmark', 'example', '--prove');
    expect(validated.stdout).toContain('3 example cases valid, 0 files with problems, 3 of 3 proved');

    const only = JSON.parse(
      (await toolgauge('list', 'cases', '--benchmark', 'example', '--example-kind', 'lookup', '--json')).stdout,
    );
    expect(only).toEqual([{ id: 'capital-of-peru', kind: 'lookup' }]);
    const listed = JSON.parse((await toolgauge('list', 'benchmarks', '--json')).stdout);
    expect(listed.map((entry: { name: string }) => entry.name)).not.toContain('example');
  });

  it("refuses another benchmark's flag, naming the benchmark it belongs to", async () => {
    await expect(
      toolgauge('list', 'cases', '--benchmark', 'sandbox', '--example-kind', 'lookup'),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('--example-kind belongs to the example benchmark, not sandbox'),
    });
    await expect(toolgauge('run', '--benchmark', 'nope')).rejects.toMatchObject({
      stderr: expect.stringContaining('unknown benchmark "nope"; the registered benchmarks are: sandbox'),
    });
  });
});

describe('a second benchmark through the HTML report data and the reference server', { timeout: 120_000 }, () => {
  let server: Awaited<ReturnType<typeof startReferenceServer>>;
  beforeAll(async () => {
    server = await startReferenceServer({ benchmarks: ['example'] });
  });
  afterAll(() => server.close());

  it('plays its gold solution over the OpenAI wire format, scored 1 by the library', async () => {
    expect(server.benchmarks).toEqual([expect.objectContaining({ id: 'example', caseCount: 3 })]);
    const store = join(folder, 'library.db');
    const report = await evaluate({
      benchmark: 'example',
      agent: 'openai-compatible:reference',
      baseUrl: `${server.url}/v1`,
      store,
      runId: 'over-http',
    });
    expect(report.benchmarks.example?.overall.score).toBe(1);
    expect(server.stats()).toMatchObject({ byRole: { agent: 3 }, unmatched: 0 });

    // A model without native tool calls (prompt mode) is served too: calls come back written in the text.
    const prompted = await evaluate({
      benchmark: 'example',
      agent: 'prompt:openai-compatible:reference',
      baseUrl: `${server.url}/v1`,
    });
    expect(prompted.benchmarks.example?.overall.score).toBe(1);

    const opened = await RunStore.open(store);
    const data = buildReportData(opened, ['over-http']);
    opened.close();
    expect(data.benchmarkRuns).toEqual([
      expect.objectContaining({
        runId: 'over-http',
        benchmark: 'example',
        headline: 'accuracy',
        metrics: expect.objectContaining({ accuracy: 1 }),
      }),
    ]);
    const episode = data.episodes.find((entry) => entry.caseId === 'capital-of-peru');
    expect(episode).toMatchObject({ benchmark: 'example', score: 1, labels: { kind: 'lookup' } });
    expect(episode?.generic?.trajectories).toEqual([]);
    expect(episode?.generic?.record).toMatchObject({
      reply: { type: 'tool-calls', calls: [{ name: 'look_up_capital' }] },
    });
  });
});
