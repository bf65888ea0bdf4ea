import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceServer, startReferenceServer } from '../reference-server/index.js';
import { RunStore } from '../runs/index.js';
import { type FakeProviderServer, startFakeProviderServer } from '../testing/fake-provider-server.js';
import { chatCompletionText } from '../testing/provider-test-fixtures.js';

const bin = fileURLToPath(new URL('../../bin/toolgauge.js', import.meta.url));
const example = fileURLToPath(new URL('../../data/sandbox/scenarios/phone/', import.meta.url));
const exampleAgent = fileURLToPath(new URL('../../examples/sandbox-agent.mjs', import.meta.url));
const folder = () => mkdtemp(join(tmpdir(), 'toolgauge-ci-'));

/**
 * Runs the built CLI to its end; returns the exit status and output whatever the status. Asynchronous,
 * so that the model servers in this process keep answering while it runs.
 */
function toolgauge(
  args: readonly string[],
  options: { env?: Record<string, string | undefined>; cwd?: string } = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const env: Record<string, string | undefined> = { ...process.env, ...options.env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: env as NodeJS.ProcessEnv,
      ...(options.cwd ? { cwd: options.cwd } : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const oneCase = ['--case', 'phone-send-message-cellular-off/distraction-0'];
const twoCases = ['--case', 'phone-send-message-cellular-off/distraction-*', '--limit', '2'];

async function storedConfig(db: string, runId: string): Promise<Record<string, unknown> | undefined> {
  const store = await RunStore.open(db, { readOnly: true });
  try {
    return store.getRun(runId)?.config;
  } finally {
    store.close();
  }
}

async function storedKeys(db: string, runId: string): Promise<string[]> {
  const store = await RunStore.open(db);
  try {
    return store.episodes(runId, { withRecords: false }).map((episode) => `${episode.caseId}#${episode.trial}`);
  } finally {
    store.close();
  }
}

// Exit codes, preflight, thresholds, JUnit, resume and merge refusals: the CLI as a CI job meets it.
describe('toolgauge in CI', { timeout: 120_000 }, () => {
  let refusing: FakeProviderServer;
  let escaping: FakeProviderServer;
  let slow: ReferenceServer;
  beforeAll(async () => {
    refusing = await startFakeProviderServer(() => ({
      status: 401,
      body: { error: { message: 'Incorrect API key' } },
    }));
    escaping = await startFakeProviderServer(() => ({
      body: chatCompletionText('all done \u001b]0;pwned\u0007\u001b[2J'),
    }));
    slow = await startReferenceServer({ scenarios: [example], latencyMs: 60 });
  });
  afterAll(async () => {
    await Promise.all([refusing.close(), escaping.close(), slow.close()]);
  });

  it('exits 0 when all is scored, 4 under --fail-under, and writes JUnit XML', async () => {
    const dir = await folder();
    const db = join(dir, 'runs.db');
    const ok = await toolgauge(['run', ...twoCases, '--run-id', 'good', '--db', db, '--fail-under', '0.9']);
    expect(ok.status).toBe(0);
    const junit = join(dir, 'junit.xml');
    const low = await toolgauge([
      'run',
      ...twoCases,
      '--agent',
      'unhelpful',
      '--run-id',
      'bad',
      '--db',
      db,
      '--fail-under',
      'score=0.9',
      '--junit',
      junit,
    ]);
    expect(low.status).toBe(4);
    expect(low.stderr).toMatch(/score 0\.\d{3} is below --fail-under 0\.9/);
    const xml = await readFile(junit, 'utf8');
    expect(xml.match(/<testcase /g)).toHaveLength(2);
    expect(xml).toContain('<failure type="below-pass-score"');
    expect(xml).toContain('<property name="runId" value="bad"/>');
  });

  it('opens one new store from several processes at once (each waits for the others, none fails on a lock)', async () => {
    const db = join(await folder(), 'runs.db');
    // Each opens (creating) the store, then stops at the preflight: no key.
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        toolgauge(['run', ...oneCase, '--agent', 'openai:gpt-4o', '--run-id', `p${index}`, '--db', db], {
          env: { OPENAI_API_KEY: undefined },
        }),
      ),
    );
    for (const result of results) {
      expect(result.stderr).not.toContain('locked');
      expect(result.status, result.stderr).toBe(2);
    }
  });

  it('refuses a --fail-under metric the benchmark does not have before playing anything (exit 2)', async () => {
    const db = join(await folder(), 'runs.db');
    const typo = await toolgauge(['run', ...twoCases, '--run-id', 'typo', '--db', db, '--fail-under', 'precison=0.8']);
    expect(typo.status).toBe(2);
    expect(typo.stderr).toContain('--fail-under precison=0.8: the sandbox benchmark has no metric "precison"');
    // The valid names are listed, the headline among them; the hint points at the command's help.
    expect(typo.stderr).toMatch(/its metrics are: score, .*milestoneScore/);
    expect(typo.stderr).toContain('see `toolgauge run --help`');
    expect(typo.stdout).toBe('');
    expect(await storedConfig(db, 'typo')).toBeUndefined();
  });

  it('stops before playing when a key is missing, refused or the URL is wrong (exit 2), and keeps the run id free', async () => {
    const db = join(await folder(), 'runs.db');
    const [noKey, refused, unchecked] = await Promise.all([
      toolgauge(['run', ...oneCase, '--agent', 'openai:gpt-4o', '--run-id', 'ci', '--db', db], {
        env: { OPENAI_API_KEY: undefined },
      }),
      toolgauge([
        'run',
        ...oneCase,
        '--agent',
        'openai-compatible:m',
        '--base-url',
        `${refusing.origin}/v1`,
        '--run-id',
        'ci',
        '--db',
        db,
      ]),
      // Without the preflight every episode fails: still not exit 0.
      toolgauge([
        'run',
        ...twoCases,
        '--agent',
        'openai-compatible:m',
        '--base-url',
        `${refusing.origin}/v1`,
        '--no-preflight',
        '--run-id',
        'unchecked',
        '--db',
        db,
      ]),
    ]);
    expect(noKey.status).toBe(2);
    expect(noKey.stderr).toContain('OPENAI_API_KEY');
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/preflight failed[\s\S]*401[\s\S]*--no-preflight/);
    expect(unchecked.status).toBe(3);
    expect(unchecked.stderr).toContain('2 episodes failed');
    // The failed first command did not reserve "ci": the corrected one runs.
    const corrected = await toolgauge(['run', ...oneCase, '--run-id', 'ci', '--db', db]);
    expect(corrected.status).toBe(0);
  });

  it('refuses to resume with other settings, listing them, unless allowed; stores a module agent by path and hash', async () => {
    const home = await folder();
    const db = join(home, 'runs.db');
    await copyFile(exampleAgent, join(home, 'agent.mjs'));
    const first = await toolgauge(['run', ...twoCases, '--agent', 'module:./agent.mjs', '--run-id', 'r', '--db', db], {
      cwd: home,
    });
    expect(first.status).toBe(0);
    expect(JSON.stringify(await storedConfig(db, 'r'))).toContain(join(home, 'agent.mjs'));

    const changed = await toolgauge(['run', '--resume', 'r', '--trials', '3', '--db', db]);
    expect(changed.status).toBe(2);
    expect(changed.stderr).toMatch(/trials: stored 1, now 3[\s\S]*--allow-changed trials/);

    // Resuming from another folder loads the same module; a changed module is refused.
    await writeFile(join(home, 'agent.mjs'), `${await readFile(exampleAgent, 'utf8')}\n// changed\n`);
    const elsewhere = await toolgauge(['run', '--resume', 'r', '--db', db], { cwd: await folder() });
    expect(elsewhere.status).toBe(2);
    expect(elsewhere.stderr).toContain('agentModule.sha256');

    const both = await toolgauge([
      'run',
      '--resume',
      'r',
      '--trials',
      '2',
      '--allow-changed',
      'trials',
      '--allow-changed',
      'agentModule',
      '--db',
      db,
    ]);
    expect(both.status).toBe(0);
    expect(await storedKeys(db, 'r')).toHaveLength(4);
  });

  it('refuses to merge a same-id run with other settings', async () => {
    const dir = await folder();
    const [a, b] = [join(dir, 'a.db'), join(dir, 'b.db')];
    await Promise.all([
      toolgauge(['run', ...twoCases, '--run-id', 'x', '--db', a]),
      toolgauge(['run', ...twoCases, '--agent', 'unhelpful', '--run-id', 'x', '--db', b]),
    ]);
    const merged = await toolgauge(['merge', b, '--db', a]);
    expect(merged.status).toBe(2);
    expect(merged.stderr).toMatch(/refusing to merge run "x"[\s\S]*agent: stored "oracle", other store "unhelpful"/);
    const store = await RunStore.open(a, { readOnly: true });
    expect(store.episodes('x').map((episode) => episode.score)).toEqual([1, 1]);
    store.close();
  });

  it('marks runs over different case sets in a report', async () => {
    const db = join(await folder(), 'runs.db');
    await Promise.all([
      toolgauge(['run', ...twoCases, '--run-id', 'small', '--db', db]),
      toolgauge([
        'run',
        '--case',
        'phone-send-message-cellular-off/*',
        '--limit',
        '4',
        '--run-id',
        'large',
        '--db',
        db,
      ]),
    ]);
    const text = (await toolgauge(['report', 'small', 'large', '--db', db])).stdout;
    expect(text).toMatch(/different case sets/i);
  });

  it('never creates a store on a read command, names the file on database errors, and shows escapes safely', async () => {
    const dir = await folder();
    const missing = join(dir, 'typo.db');
    const garbage = join(dir, 'garbage.db');
    await writeFile(garbage, 'this is not a database, just text '.repeat(200));
    const db = join(dir, 'runs.db');
    const [report, broken, played] = await Promise.all([
      toolgauge(['report', 'r', '--db', missing]),
      toolgauge(['report', 'r', '--db', garbage]),
      toolgauge([
        'run',
        ...oneCase,
        '--agent',
        'openai-compatible:m',
        '--base-url',
        `${escaping.origin}/v1`,
        '--max-messages',
        '4',
        '--run-id',
        'esc',
        '--db',
        db,
      ]),
    ]);
    expect(report.status).not.toBe(0);
    expect(report.stderr).toContain(`no store at ${missing}`);
    expect(existsSync(missing)).toBe(false);
    expect(broken.status).not.toBe(0);
    expect(broken.stderr).toContain(garbage);
    expect(played.stderr).not.toContain('\u001b');
    const before = await stat(db);
    const shown = await toolgauge(['show', 'esc', 'phone-send-message-cellular-off/distraction-0', '--db', db]);
    expect(shown.stdout).toContain('all done');
    expect(shown.stdout).not.toContain('\u001b');
    expect(shown.stdout).not.toContain('\u0007');
    expect((await stat(db)).mtimeMs).toBe(before.mtimeMs);
  });

  it('plays openai-compatible models through the lean client by default and the AI SDK with --client ai-sdk, the same way', async () => {
    const server = await startFakeProviderServer(() => ({ body: chatCompletionText('all done') }));
    try {
      const dir = await folder();
      // A store each, so that the second run does not answer from the first one's response cache.
      const play = async (runId: string, client: string[]) => {
        const db = join(dir, `${runId}.db`);
        const from = server.requests.length;
        const run = ['run', ...oneCase, '--agent', 'openai-compatible:m', '--base-url', `${server.origin}/v1`];
        const result = await toolgauge([...run, ...client, '--max-messages', '4', '--run-id', runId, '--db', db]);
        expect(result.status, result.stderr).toBe(0);
        const shown = await toolgauge(['show', runId, 'phone-send-message-cellular-off/distraction-0', '--db', db]);
        return { requests: server.requests.slice(from), shown: shown.stdout };
      };
      const lean = await play('lean', []);
      const sdk = await play('sdk', ['--client', 'ai-sdk']);
      // The same requests (preflight and episode), the same trajectory and scores…
      expect(lean.requests.length).toBeGreaterThan(1);
      expect(sdk.requests.map((request) => request.body)).toEqual(lean.requests.map((request) => request.body));
      expect(sdk.shown).toBe(lean.shown);
      expect(lean.shown).toContain('all done');
      // …through different clients: the AI SDK's fetch names itself, node:http sends no user agent.
      expect(lean.requests.every((request) => request.headers['user-agent'] === undefined)).toBe(true);
      expect(sdk.requests.every((request) => /ai-sdk/.test(String(request.headers['user-agent'])))).toBe(true);
      const wrong = await toolgauge(['run', ...oneCase, '--client', 'curl', '--db', join(dir, 'wrong.db')]);
      expect(wrong.status).toBe(2);
      expect(wrong.stderr).toContain("'curl' is invalid. Allowed choices are lean, ai-sdk");
    } finally {
      await server.close();
    }
  });

  it('says how to resume when interrupted (exit 130)', async () => {
    const db = join(await folder(), 'runs.db');
    const child = spawn(
      process.execPath,
      [
        bin,
        'run',
        '--scenarios',
        example,
        '--augmentation',
        'distraction-0',
        '--limit',
        '12',
        '--agent',
        'openai-compatible:reference',
        '--base-url',
        `${slow.url}/v1`,
        '--concurrency',
        '1',
        '--run-id',
        'int',
        '--db',
        db,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    while (!existsSync(db) || (await storedKeys(db, 'int').catch(() => [])).length < 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
    expect(code).toBe(130);
    expect(stderr).toMatch(/toolgauge run --resume int --db \S+/);
  });

  it('stops at Ctrl-C a run whose episodes never wait (the oracle), keeping what it finished', async () => {
    // 10 trials of the built-in corpus: about 15 s of CPU, all promises and no I/O. Before the run let
    // the event loop turn, neither the signal nor the batched store writes were handled until every
    // episode was played.
    const db = join(await folder(), 'runs.db');
    const child = spawn(
      process.execPath,
      [bin, 'run', '--agent', 'oracle', '--trials', '10', '--run-id', 'busy', '--db', db],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
    while (!existsSync(db) || (await storedKeys(db, 'busy').catch(() => [])).length < 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const signalled = performance.now();
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(performance.now() - signalled).toBeLessThan(5_000);
    const stored = await storedKeys(db, 'busy');
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.length).toBeLessThan(31_590);
  }, 60_000);
});
