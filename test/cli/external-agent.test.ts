/**
 * `toolgauge run --agent command:…` end to end: an external agent process per episode, its tools over MCP,
 * its model the reference server. An agent that hangs, crashes, writes garbage or floods the MCP server
 * with calls fails only its own episode, within the time limit, with an error saying which; the other
 * episodes score as the oracle does; its hung process group is ended; and `--resume` plays exactly the
 * failed episodes again.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBenchmark } from '../../src/benchmarks/registry.js';
import { type ReferenceServer, startReferenceServer } from '../../src/reference-server/index.js';
import { RunStore } from '../../src/runs/index.js';

const exec = promisify(execFile);
const bin = fileURLToPath(new URL('../../bin/toolgauge.js', import.meta.url));
const fixture = fileURLToPath(new URL('../fixtures/misbehaving_agent.py', import.meta.url));
const PYTHON = process.env.TOOLGAUGE_PYTHON ?? '/usr/bin/python3';

async function toolgauge(args: readonly string[], env: NodeJS.ProcessEnv) {
  try {
    const { stdout, stderr } = await exec(process.execPath, [bin, ...args], { env, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Whether a process still runs (a zombie waiting to be reaped by init does not). */
async function alive(pid: number): Promise<boolean> {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    if (stat === '' || / Z /.test(stat)) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

describe('external agents from the command line', { timeout: 120_000 }, () => {
  let server: ReferenceServer;
  let folder: string;
  beforeAll(async () => {
    server = await startReferenceServer({ benchmarks: ['sandbox'] });
    await server.ready();
    folder = await mkdtemp(join(tmpdir(), 'toolgauge-external-'));
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('fail only their own episodes, within the time limit, and --resume plays exactly those again', async () => {
    const benchmark = getBenchmark('sandbox');
    const loaded = await benchmark.loadCases({
      options: Object.fromEntries(benchmark.options.map((option) => [option.flag, option.default])),
    });
    const ids = loaded.cases.slice(0, 7).map((item) => item.id);
    const modes = ['hang', 'crash', 'garbage', 'flood'];
    const misbehaving = new Map(modes.map((mode, index) => [`${ids[index]}#0`, mode]));
    const misbehaveFile = join(folder, 'misbehave.txt');
    await writeFile(misbehaveFile, [...misbehaving].map(([episode, mode]) => `${episode} ${mode}\n`).join(''));
    const db = join(folder, 'runs.db');
    const env = { ...process.env, MISBEHAVE_FILE: misbehaveFile };
    const agent = `command:${PYTHON} ${fixture} --model-base-url ${server.url}/v1`;
    const args = ['run', '--benchmark', 'sandbox', '--limit', '7', '--agent', agent, '--db', db, '--run-id', 'ext'];

    const started = Date.now();
    const first = await toolgauge([...args, '--agent-turn-timeout', '3', '--concurrency', '7'], env);
    const took = Date.now() - started;
    expect(first.code, first.stderr).toBe(3);
    // The hung agent is given up on after its 3 s, not after the default 120 s.
    expect(took).toBeLessThan(30_000);

    const store = await RunStore.open(db);
    try {
      // The limit is a stored setting: the resume below, and any --workers process, plays under it.
      expect(store.getRun('ext')?.config).toMatchObject({ agentTurnTimeout: 3 });
      const episodes = store.episodes('ext', { withRecords: false });
      expect(episodes.map((episode) => episode.caseId).sort()).toEqual([...ids].sort());
      const errorOf = (index: number) => episodes.find((episode) => episode.caseId === ids[index])?.error ?? '';
      expect(errorOf(0)).toMatch(/neither called a tool nor replied within 3 s/);
      expect(errorOf(1)).toMatch(/exited with code 3 .*boom: the agent crashed/);
      expect(errorOf(2)).toMatch(/line 1 of the agent's stdout is not JSON: "this is not JSON"/);
      expect(errorOf(3)).toMatch(/flooded the tools: more than 64 calls at once/);
      for (const episode of episodes) {
        const bad = misbehaving.has(`${episode.caseId}#0`);
        expect(episode.status, episode.caseId).toBe(bad ? 'failed' : 'scored');
        if (!bad) expect(episode.score, episode.caseId).toBe(1);
      }
    } finally {
      store.close();
    }
    // The hung agent and the child it started were ended with its process group.
    const pids = (await readFile(`${misbehaveFile}.pids`, 'utf8')).trim().split(/\s+/).map(Number);
    expect(pids.length).toBe(2);
    for (const pid of pids) expect(await alive(pid), `process ${pid}`).toBe(false);

    // The agent behaves now: a resume plays the four failed episodes, and only them.
    await rm(misbehaveFile);
    const resumed = await toolgauge(['run', '--resume', 'ext', '--db', db], env);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain('run ext: 4 episodes to play (3 already done)');
    const after = await RunStore.open(db);
    try {
      const episodes = after.episodes('ext', { withRecords: false });
      expect(episodes.length).toBe(7);
      expect(episodes.every((episode) => episode.status === 'scored' && episode.score === 1)).toBe(true);
    } finally {
      after.close();
    }
  });

  it('meters, caches, prices and shows the model requests an agent makes through --model', async () => {
    const db = join(folder, 'model.db');
    const config = join(folder, 'toolgauge.config.json');
    // A price for the reference model, so that its use costs something to count against --max-cost.
    await writeFile(
      config,
      JSON.stringify({ prices: { 'openai-compatible:reference': { inputPerMillion: 1000, outputPerMillion: 0 } } }),
    );
    // No --model-base-url: the agent finds toolgauge's proxy in TOOLGAUGE_MODEL_BASE_URL.
    const agent = `command:${PYTHON} ${fixture}`;
    const args = (runId: string) => [
      'run',
      '--benchmark',
      'sandbox',
      '--limit',
      '3',
      '--agent',
      agent,
      '--model',
      'openai-compatible:reference',
      '--base-url',
      `${server.url}/v1`,
      '--config',
      config,
      '--db',
      db,
      '--run-id',
      runId,
      '--concurrency',
      '1',
    ];
    const report = async (runId: string) => {
      const { stdout } = await toolgauge(['report', runId, '--db', db, '--format', 'json'], process.env);
      return (JSON.parse(stdout) as { benchmarks: Record<string, { requests: number; cost: number; status: object }> })
        .benchmarks.sandbox;
    };
    const first = await toolgauge(args('priced'), process.env);
    expect(first.code, first.stderr).toBe(0);
    const priced = await report('priced');
    expect(priced?.status).toEqual({ scored: 3, failed: 0 });
    // Each episode asks the model at least twice (a call, then the answer); input tokens are priced.
    expect(priced?.requests).toBeGreaterThanOrEqual(6);
    expect(priced?.cost).toBeGreaterThan(0.1);
    expect(first.stdout).toMatch(/priced +3 +0 +1\.000/);

    const episode = (await RunStore.open(db).then((store) => {
      const found = store.episodes('priced', { withRecords: false })[0];
      store.close();
      return found;
    })) as { caseId: string };
    const shown = await toolgauge(['show', 'priced', episode.caseId, '--db', db], process.env);
    expect(shown.stdout).toMatch(
      /model calls: \d+ \(openai-compatible:reference\), [\d,]+ tokens in, \d+ out, 0 from the cache/,
    );

    // The same requests again are answered from the response cache: no request, no cost.
    const again = await toolgauge(args('cached'), process.env);
    expect(again.code, again.stderr).toBe(0);
    const cached = await report('cached');
    expect(cached?.requests).toBe(0);
    expect(cached?.cost).toBe(0);

    // --max-cost stops starting episodes once the agent's model use has cost that much.
    const capped = await toolgauge([...args('capped'), '--no-cache', '--max-cost', '0.01'], process.env);
    expect(capped.code).toBe(3);
    expect(capped.stderr).toContain('2 not run (of 3)');
  });

  it('refuses --model for an agent that is not external, naming the flag', async () => {
    const result = await toolgauge(
      ['run', '--benchmark', 'sandbox', '--limit', '1', '--model', 'openai-compatible:x', '--db', join(folder, 'm.db')],
      process.env,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--model openai-compatible:x: only an external agent');
  });

  it("checks an external agent's --model before anything is played", async () => {
    // A port nothing listens on: the model cannot answer the preflight's test request.
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const db = join(folder, 'preflight.db');
    const result = await toolgauge(
      [
        'run',
        '--benchmark',
        'sandbox',
        '--limit',
        '1',
        '--agent',
        `command:${PYTHON} ${fixture}`,
        '--model',
        'openai-compatible:reference',
        '--base-url',
        `http://127.0.0.1:${closed}/v1`,
        '--db',
        db,
        '--run-id',
        'unchecked',
      ],
      process.env,
    );
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/preflight failed[\s\S]*agent model openai-compatible:reference/);
    const store = await RunStore.open(db);
    try {
      expect(store.episodes('unchecked', { withRecords: false })).toEqual([]);
    } finally {
      store.close();
    }
  });

  it('refuses an empty command with a usage error naming the flag', async () => {
    const result = await toolgauge(
      ['run', '--benchmark', 'sandbox', '--limit', '1', '--agent', 'command:', '--db', join(folder, 'e.db')],
      process.env,
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--agent command:: give the command that starts the agent');
  });
});
