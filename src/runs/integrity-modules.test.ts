import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createModelAdapter } from '../models/index.js';
import { ProviderError } from '../models/providers/provider-error.js';
import type { ModelRequest } from '../spec/index.js';
import { type FakeProviderServer, startFakeProviderServer } from '../testing/fake-provider-server.js';
import { formatPreflightProblems, preflight } from './execution/preflight.js';
import { EndpointLimiter, ResilientModelAdapter } from './execution/resilient-model.js';
import { cacheKey } from './execution/response-cache.js';
import { caseSetOf } from './execution/run-provenance.js';
import { checkScoreThreshold, EXIT_CODES, parseScoreThreshold, runExitCode } from './outputs/exit-codes.js';
import { csvCell, writeCsv, writeJsonLines } from './outputs/export-stream.js';
import { junitReport } from './outputs/junit-report.js';
import { loadPriceTable } from './pricing/price-table.js';
import { oncePerModel, UsageMeter } from './pricing/usage-meter.js';
import { EpisodeClaims } from './store/episode-claims.js';
import {
  checkAllowChanged,
  compareRunSettings,
  requireSameRunSettings,
  runIdentity,
} from './store/run-settings-compare.js';
import { openSqlite } from './store/sqlite.js';

const request: ModelRequest = { messages: [{ role: 'user', text: 'hi' }], tools: [], settings: { temperature: 0 } };
const servers: FakeProviderServer[] = [];
const databases: DatabaseSync[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  for (const database of databases.splice(0)) database.close();
});

describe('response cache key', () => {
  it('differs for every setting that changes an answer', () => {
    const base = cacheKey({ modelId: 'openai-compatible:m', endpoint: 'http://a:1/v1' }, request, 0);
    const variants = [
      cacheKey({ modelId: 'openai-compatible:m', endpoint: 'http://b:1/v1' }, request, 0),
      cacheKey({ modelId: 'openai-compatible:n', endpoint: 'http://a:1/v1' }, request, 0),
      cacheKey({ modelId: 'prompt:openai-compatible:m', endpoint: 'http://a:1/v1' }, request, 0),
      cacheKey({ modelId: 'openai-compatible:m', endpoint: 'http://a:1/v1' }, request, 1),
      ...[
        { temperature: 0.5 },
        { temperature: 0, seed: 1 },
        { temperature: 0, maxOutputTokens: 9 },
        { temperature: 0, parallelToolCalls: false },
      ].map((settings) =>
        cacheKey({ modelId: 'openai-compatible:m', endpoint: 'http://a:1/v1' }, { ...request, settings }, 0),
      ),
      cacheKey(
        { modelId: 'openai-compatible:m', endpoint: 'http://a:1/v1' },
        { ...request, messages: [{ role: 'user', text: 'hi!' }] },
        0,
      ),
    ];
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1);
    // The same request from the same place is the same key.
    expect(cacheKey({ modelId: 'openai-compatible:m', endpoint: 'http://a:1/v1' }, { ...request }, 0)).toBe(base);
  });
});

describe('cost accounting', () => {
  const prices = loadPriceTable();
  const answering = (id: string) => ({
    id,
    generate: async () => ({
      text: '',
      toolCalls: [],
      usage: { inputTokens: 1_000_000, outputTokens: 0 },
      finishReason: 'stop',
    }),
  });

  it('prices prompt-mode models by their underlying model', async () => {
    const meter = new UsageMeter(prices);
    await meter.meter(answering('prompt:openai:gpt-4o')).generate(request);
    expect(meter.cost).toBeCloseTo(2.5, 10);
    expect(meter.unpriced.size).toBe(0);
  });

  it('records an unpriced model as unpriced and warns once per model across episodes', async () => {
    const warned: string[] = [];
    const warn = oncePerModel((model) => warned.push(model));
    for (let episode = 0; episode < 3; episode += 1) {
      const meter = new UsageMeter(prices, warn);
      await meter.meter(answering('openai-compatible:local')).generate(request);
      await meter.meter(answering('openai-compatible:local')).generate(request);
      expect(meter.calls.every((call) => call.priced === false)).toBe(true);
      expect([...meter.unpriced]).toEqual(['openai-compatible:local']);
    }
    expect(warned).toEqual(['openai-compatible:local']);
  });

  it('keeps the cost of a billed reply that failed afterwards, through the retry layer', async () => {
    const meter = new UsageMeter(prices);
    const refused = {
      id: 'openai:gpt-4o',
      generate: async () => {
        throw new ProviderError('openai:gpt-4o: arguments over the limit', {
          provider: 'openai',
          model: 'gpt-4o',
          retryable: false,
          usage: { inputTokens: 1_000_000, outputTokens: 0 },
        });
      },
    };
    const adapter = meter.meter(new ResilientModelAdapter(refused, new EndpointLimiter(1)));
    await expect(adapter.generate(request)).rejects.toThrow('over the limit');
    expect(meter.cost).toBeCloseTo(2.5, 10);
    expect(meter.calls[0]).toMatchObject({ failed: true, priced: true });
    expect(meter.requests).toBe(1);
  });
});

describe('exit codes and thresholds', () => {
  it('gives each outcome its own code, incomplete runs before threshold misses', () => {
    expect(runExitCode({ scored: 10, failed: 0, notRun: 0 }).code).toBe(EXIT_CODES.ok);
    expect(runExitCode({ scored: 0, failed: 10, notRun: 0 })).toMatchObject({
      code: EXIT_CODES.episodesFailed,
      reason: '10 episodes failed (of 10): the scores are incomplete',
    });
    expect(runExitCode({ scored: 9, failed: 0, notRun: 1 }).code).toBe(EXIT_CODES.episodesFailed);
    const miss = checkScoreThreshold(parseScoreThreshold('0.9'), { similarity: 0.85 }, 'similarity');
    expect(runExitCode({ scored: 10, failed: 0, notRun: 0, threshold: miss })).toMatchObject({
      code: EXIT_CODES.belowThreshold,
      reason: 'similarity 0.850 is below --fail-under 0.9',
    });
    expect(runExitCode({ scored: 9, failed: 1, notRun: 0, threshold: miss }).code).toBe(EXIT_CODES.episodesFailed);
    expect(runExitCode({ scored: 1, failed: 0, notRun: 0, interrupted: true }).code).toBe(130);
    expect(new Set(Object.values(EXIT_CODES)).size).toBe(Object.keys(EXIT_CODES).length);
  });

  it('parses a headline or a named threshold, and a missing metric is a miss', () => {
    expect(parseScoreThreshold('0.8')).toEqual({ minimum: 0.8 });
    expect(parseScoreThreshold('precision=0.75')).toEqual({ metric: 'precision', minimum: 0.75 });
    expect(() => parseScoreThreshold('high')).toThrow('is not a score like 0.8');
    expect(checkScoreThreshold({ metric: 'recall', minimum: 0.5 }, { precision: 1 }, 'precision')).toMatchObject({
      met: false,
      actual: undefined,
    });
    expect(checkScoreThreshold({ metric: 'constructor', minimum: 0 }, {}, 'x').met).toBe(false);
    expect(checkScoreThreshold({ minimum: 0.5 }, { precision: 0.5 }, 'precision').met).toBe(true);
  });
});

describe('JUnit report', () => {
  it('has one test case per episode, errors for failed and failures for low scores, escaped', () => {
    const xml = junitReport(
      [
        {
          benchmark: 'sandbox',
          caseId: 'a<&>"\'',
          trial: 0,
          status: 'scored',
          score: 1,
          error: null,
          durationMs: 1500,
        },
        { benchmark: 'sandbox', caseId: 'b', trial: 1, status: 'scored', score: 0.5, error: null, durationMs: 10 },
        {
          benchmark: 'tooltalk',
          caseId: 'c',
          trial: 0,
          status: 'failed',
          score: null,
          error: 'HTTP 503 \u001b[2J <oops>',
          durationMs: 0,
        },
      ],
      {
        runId: 'r&1',
        manifest: { toolgaugeVersion: '0.1.0', caseSet: { hash: 'abc', count: 3 } },
        timestamp: '2026-01-01T00:00:00',
      },
    );
    expect(xml).toContain('<testsuites name="toolgauge r&amp;1" tests="3" failures="1" errors="1" time="1.510">');
    expect(xml).toContain('<testcase classname="sandbox" name="a&lt;&amp;&gt;&quot;&apos;#0" time="1.500">');
    expect(xml).toContain('<failure type="below-pass-score" message="score 0.500 is below 1">');
    expect(xml).toContain('<error type="episode-failed" message="HTTP 503 \ufffd[2J &lt;oops&gt;">');
    expect(xml).toContain('<property name="caseSet.hash" value="abc"/>');
    expect(xml).not.toContain('\u001b');
    expect(xml.match(/<testcase /g)).toHaveLength(3);
    expect(xml.match(/<testsuite /g)).toHaveLength(2);
  });
});

describe('settings compared on resume and merge', () => {
  const storedSettings = {
    formatVersion: 1,
    agent: 'openai-compatible:m',
    user: 'scripted',
    trials: 1,
    temperature: 0,
    baseUrl: 'http://a/v1',
    concurrency: 4,
  };
  const stored = runIdentity(storedSettings, { caseSet: { hash: 'h1', count: 100 } });

  it('lists every difference but the free settings, and refuses unless the field is allowed', () => {
    const requested = runIdentity(
      { ...storedSettings, trials: 3, baseUrl: 'http://b/v1', seed: 4, concurrency: 16, maxCost: 5 },
      { caseSet: { hash: 'h2', count: 400 } },
    );
    expect(compareRunSettings(stored, requested).refused.map((difference) => difference.field)).toEqual([
      'baseUrl',
      'caseSet.count',
      'caseSet.hash',
      'seed',
      'trials',
    ]);
    expect(() => requireSameRunSettings('resume', 'r1', stored, requested)).toThrow(
      /refusing to resume run "r1"[\s\S]*baseUrl: stored "http:\/\/a\/v1", now "http:\/\/b\/v1"[\s\S]*trials: stored 1, now 3[\s\S]*--allow-changed trials/,
    );
    const allowed = requireSameRunSettings('resume', 'r1', stored, requested, ['trials', 'baseUrl', 'seed', 'caseSet']);
    expect(allowed).toHaveLength(5);
    const same = runIdentity({ ...storedSettings, concurrency: 1 }, { caseSet: { hash: 'h1', count: 100 } });
    expect(compareRunSettings(stored, same).differences).toEqual([]);
    expect(() => checkAllowChanged(['trials', 'caseSet.hash'], stored)).not.toThrow();
    expect(() => checkAllowChanged(['trails'], stored)).toThrow('use one of: agent, baseUrl, caseSet');
  });
});

describe('episode claims', () => {
  it('lets one live process hold an episode, and another take it once the claim expires', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'claims-')), 'runs.db');
    const [first, second] = [await openSqlite(path), await openSqlite(path)];
    databases.push(first, second);
    let now = 1_000_000;
    const a = new EpisodeClaims(first, 'run', { owner: 'a', ttlMs: 1000, now: () => now });
    const b = new EpisodeClaims(second, 'run', { owner: 'b', ttlMs: 1000, now: () => now });
    expect(a.claim('case#0')).toBe(true);
    expect(b.claim('case#0')).toBe(false);
    expect(b.heldByOthers()).toEqual(new Map([['case#0', 'a']]));
    now += 900;
    a.heartbeat();
    now += 900;
    expect(b.claim('case#0')).toBe(false); // renewed by the heartbeat
    now += 200; // a died: no more heartbeats
    expect(b.claim('case#0')).toBe(true);
    a.release('case#0'); // a late release from the old owner leaves b's claim alone
    expect(a.claim('case#0')).toBe(false);
    b.close();
    expect(a.claim('case#0')).toBe(true);
  });
});

describe('preflight', () => {
  it('reports a refused key and a bad configuration before anything is played', async () => {
    const server = await startFakeProviderServer([{ status: 401, body: { error: { message: 'Incorrect API key' } } }]);
    servers.push(server);
    const problems = await preflight([
      {
        role: 'agent',
        spec: 'openai-compatible:m',
        adapter: () => createModelAdapter('openai-compatible:m', { baseUrl: `${server.origin}/v1`, env: {} }),
      },
      {
        role: 'user',
        spec: 'openai-compatible:u',
        adapter: () => createModelAdapter('openai-compatible:u', { baseUrl: 'notaurl', env: {} }),
      },
      { role: 'agent', spec: 'openai:gpt-4o', adapter: () => createModelAdapter('openai:gpt-4o', { env: {} }) },
    ]);
    expect(server.requests).toHaveLength(1);
    expect(problems.map((problem) => problem.message)).toEqual([
      expect.stringContaining('the key was refused'),
      expect.stringContaining('not an http(s) URL'),
      expect.stringContaining('OPENAI_API_KEY'),
    ]);
    expect(formatPreflightProblems(problems)).toContain('--no-preflight');
    // Only configuration problems: no request was sent, and skipping the check would not help.
    expect(formatPreflightProblems(problems.slice(1))).not.toContain('--no-preflight');
  });
});

describe('streaming export', () => {
  it('writes row by row with backpressure, and escapes CSV cells', async () => {
    const chunks: string[] = [];
    const out = new Writable({
      highWaterMark: 16,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString());
        setImmediate(done);
      },
    });
    function* rows() {
      for (let index = 0; index < 200; index += 1) yield { index, text: `row ${index}` };
    }
    expect(await writeJsonLines(rows(), out)).toBe(200);
    expect(chunks).toHaveLength(200);
    expect(JSON.parse(chunks[199] ?? '')).toEqual({ index: 199, text: 'row 199' });
    chunks.length = 0;
    await writeCsv(['index', 'text'], [{ index: 1, text: 'a,"b"\nc' }], out);
    expect(chunks.join('')).toBe('index,text\n1,"a,""b""\nc"\n');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-0.5)).toBe('-0.5');
    expect(csvCell('-0.5')).toBe('-0.5');
  });
});

describe('case set', () => {
  it('hashes ids and contents regardless of order', () => {
    const one = caseSetOf([{ id: 'a', content: { x: 1 } }, { id: 'b' }]);
    expect(caseSetOf([{ id: 'b' }, { id: 'a', content: { x: 1 } }])).toEqual(one);
    expect(caseSetOf([{ id: 'a', content: { x: 2 } }, { id: 'b' }]).hash).not.toBe(one.hash);
    expect(one.count).toBe(2);
  });
});
