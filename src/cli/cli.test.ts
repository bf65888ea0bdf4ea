import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const bin = new URL('../../bin/toolgauge.js', import.meta.url).pathname;
const toolgauge = (...args: string[]) => run(process.execPath, [bin, ...args], { maxBuffer: 64 * 1024 * 1024 });
const scratch = () => mkdtemp(join(tmpdir(), 'toolgauge-cli-'));

// These run the built CLI (`npm test` builds first), as a user would.
describe('toolgauge command line', { timeout: 120_000 }, () => {
  it('prints its version and help', async () => {
    const packageJson = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
    expect((await toolgauge('--version')).stdout.trim()).toBe(packageJson.version);
    const help = (await toolgauge('--help')).stdout;
    expect(help).toContain('Usage: toolgauge');
    for (const command of ['run', 'validate', 'list']) expect(help).toContain(command);
  });

  it("keeps its modules' compiled code in Node's compile cache, unless told not to", async () => {
    const cache = join(await scratch(), 'compile-cache');
    const withCache = { ...process.env, NODE_COMPILE_CACHE: cache };
    await run(process.execPath, [bin, '--help'], { env: withCache });
    const { readdir } = await import('node:fs/promises');
    const cached = async () => (await readdir(cache, { recursive: true }).catch(() => [])).length;
    expect(await cached()).toBeGreaterThan(0);
    const off = join(await scratch(), 'compile-cache-off');
    await run(process.execPath, [bin, '--help'], {
      env: { ...process.env, NODE_COMPILE_CACHE: off, NODE_DISABLE_COMPILE_CACHE: '1' },
    });
    expect(await readdir(off).catch(() => 'absent')).toBe('absent');
    // A cache folder that cannot be made changes nothing: the command still works.
    const blocked = join(await scratch(), 'file');
    await writeFile(blocked, '');
    const { stdout } = await run(process.execPath, [bin, '--help'], {
      env: { ...process.env, NODE_COMPILE_CACHE: join(blocked, 'cache') },
    });
    expect(stdout).toContain('Usage: toolgauge');
  });

  it('plays the example episode', async () => {
    const { stdout } = await toolgauge('run', '--example');
    expect(stdout).toContain('post_notice → Error (connection)');
    expect(stdout).toContain('ended: the user ended the conversation');
  });

  it('runs sandbox cases offline, stores them, and reports, shows, compares and exports the run', async () => {
    const db = join(await scratch(), 'runs.db');
    const { stdout } = await toolgauge(
      'run',
      '--case',
      'phone-send-message-cellular-off*',
      '--run-id',
      'r1',
      '--db',
      db,
    );
    expect(stdout).toContain('Mean similarity by category (ToolSandbox Table 5');
    expect(stdout).toContain('Mean turn count (ToolSandbox Table 11)');
    // Table 11 has the paper's augmentation columns beside the categories, as the HTML report's has.
    const table11 = stdout.slice(stdout.indexOf('Mean turn count (ToolSandbox Table 11)')).split('\n')[1] ?? '';
    expect(table11).toMatch(/^run +Overall +.*distraction-0/);
    expect(stdout).toMatch(/r1 +1\.000 \[1\.000, 1\.000\]/);

    const report = JSON.parse((await toolgauge('report', 'r1', '--db', db, '--format', 'json')).stdout);
    expect(report).toMatchObject({
      formatVersion: 2,
      runId: 'r1',
      config: { agent: 'oracle', user: 'scripted', trials: 1 },
    });
    const sandbox = report.benchmarks.sandbox;
    expect(sandbox.status).toEqual({ scored: 18, failed: 0 });
    expect(sandbox.overall).toMatchObject({ episodes: 18, score: 1 });
    const table = (id: string) => sandbox.tables.find((entry: { id: string }) => entry.id === id).rows[0];
    expect(table('by-augmentation')['scrambled-arg-name']).toBe(1);
    expect(
      sandbox.episodes.filter(
        (episode: { labels: { augmentation: string } }) => episode.labels.augmentation === 'scrambled-arg-name',
      ),
    ).toHaveLength(2);
    expect(table('turn-counts').state_dependency).toBeGreaterThan(0);
    expect(sandbox.episodes[0]).toMatchObject({
      caseId: expect.any(String),
      trial: 0,
      status: 'scored',
      score: 1,
      metrics: { score: 1, turnCount: expect.any(Number) },
    });

    const csv = (await toolgauge('report', 'r1', '--db', db, '--format', 'csv')).stdout.trim().split('\n');
    expect(csv[0]).toBe(
      'run_id,benchmark,case_id,trial,status,score,milestone_score,minefield_score,turn_count,cost,error',
    );
    expect(csv).toHaveLength(19);
    expect((await toolgauge('report', 'r1', '--db', db, '--format', 'markdown')).stdout).toContain('| run | Overall |');

    const caseId = 'phone-send-message-cellular-off/distraction-0';
    const shown = (await toolgauge('show', 'r1', caseId, '--db', db)).stdout;
    expect(shown).toContain('score 1.000');
    expect(shown).toContain('milestone cellular-on');
    expect(shown).toContain('send_message_with_phone_number → Error (connection)');

    const lines = (await toolgauge('export', 'r1', '--db', db)).stdout.trim().split('\n');
    expect(lines).toHaveLength(18);
    expect(JSON.parse(lines[0] ?? '{}').record.trajectory.formatVersion).toBe(1);

    await toolgauge(
      'run',
      '--agent',
      'unhelpful',
      '--case',
      'phone-send-message-cellular-off*',
      '--run-id',
      'r2',
      '--db',
      db,
    );
    const compared = (await toolgauge('compare', 'r1', 'r2', '--db', db)).stdout;
    expect(compared).toMatch(/overall +1\.000 +0\.\d{3} +-[01]\.\d{3}/);
    expect(compared).toContain(caseId);
    const runs = JSON.parse((await toolgauge('list', 'runs', '--db', db, '--json')).stdout);
    expect(runs.map((run: { runId: string }) => run.runId)).toEqual(['r1', 'r2']);
  });

  it('refuses to reuse a run id with other settings, and continues one with the same settings', async () => {
    const db = join(await scratch(), 'runs.db');
    await toolgauge('run', '--case', 'phone-send-message-cellular-off/distraction-0', '--run-id', 'same', '--db', db);
    const again = await toolgauge(
      'run',
      '--case',
      'phone-send-message-cellular-off/distraction-0',
      '--run-id',
      'same',
      '--db',
      db,
    );
    expect(again.stderr).toContain('0 episodes to play (1 already done)');
    await expect(
      toolgauge(
        'run',
        '--agent',
        'unhelpful',
        '--case',
        'phone-send-message-cellular-off/distraction-0',
        '--run-id',
        'same',
        '--db',
        db,
      ),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining(
        'run "same" already exists with other settings (agent: stored "oracle", now "unhelpful")',
      ),
    });
  });

  it('reads toolgauge.config.json from the working folder, with flags winning', async () => {
    const folder = await scratch();
    await writeFile(
      join(folder, 'toolgauge.config.json'),
      JSON.stringify({ agent: 'unhelpful', case: 'phone-send-message-cellular-off/*', db: 'configured.db', trials: 2 }),
    );
    const inFolder = (...args: string[]) =>
      run(process.execPath, [bin, ...args], { cwd: folder, maxBuffer: 64 * 1024 * 1024 });
    await inFolder('run', '--run-id', 'from-config');
    const configured = JSON.parse(
      (await inFolder('report', 'from-config', '--db', 'configured.db', '--format', 'json')).stdout,
    );
    expect(configured.config).toMatchObject({
      agent: 'unhelpful',
      trials: 2,
      case: 'phone-send-message-cellular-off/*',
    });
    expect(configured.benchmarks.sandbox.status.scored).toBe(18);
    await inFolder('run', '--run-id', 'flags-win', '--agent', 'oracle', '--trials', '1');
    const overridden = JSON.parse(
      (await inFolder('report', 'flags-win', '--db', 'configured.db', '--format', 'json')).stdout,
    );
    expect(overridden.config).toMatchObject({ agent: 'oracle', trials: 1 });
    // Every configuration error is a usage error (exit 2) naming the file and the key, before anything is played.
    const bad: Record<string, [string, RegExp]> = {
      'wrong-type.yaml': ['concurrency: lots\n', /wrong-type\.yaml: concurrency: /],
      'typo.json': [
        '{"concurency": 4}',
        /typo\.json: concurency: unknown setting "concurency"; did you mean "concurrency"\?/,
      ],
      'proto.json': ['{"__proto__": {"trials": 3}}', /proto\.json: __proto__: unknown setting "__proto__"/],
      'malformed.json': ['{"agent": "oracle",', /malformed\.json: cannot read the config/],
      'malformed.yaml': ['agent: [oracle\n', /malformed\.yaml: cannot read the config/],
    };
    for (const [name, [text, message]] of Object.entries(bad)) {
      await writeFile(join(folder, name), text);
      await expect(inFolder('run', '--config', name, '--db', 'bad-config.db')).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringMatching(message),
      });
    }
    await expect(inFolder('run', '--config', 'missing.json')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/missing\.json: cannot read the config/),
    });
    await expect(readFile(join(folder, 'bad-config.db'))).rejects.toThrow();
    // A run or episode the store does not hold is a usage error too, with a pointer to what exists.
    for (const args of [
      ['report', 'no-such-run'],
      ['export', 'no-such-run'],
      ['show', 'no-such-run', 'some-case'],
      ['show', 'from-config', 'no-such-case'],
    ]) {
      await expect(inFolder(...args, '--db', 'configured.db')).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringMatching(/no (run|episode) "no-such-(run|case)".*toolgauge list/),
      });
    }
  });

  it('refuses a model user for a benchmark without a simulated user, and lists no user for its runs', async () => {
    const db = join(await scratch(), 'runs.db');
    await expect(
      toolgauge('run', '--benchmark', 'toolscan', '--user-model', 'openai:gpt-4o', '--db', db),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('the toolscan benchmark has no simulated user for a model to play'),
    });
    await toolgauge('run', '--benchmark', 'toolscan', '--limit', '2', '--run-id', 'no-user', '--db', db);
    const listed = JSON.parse((await toolgauge('list', 'runs', '--db', db, '--json')).stdout) as {
      runId: string;
      user: string;
    }[];
    expect(listed.find((entry) => entry.runId === 'no-user')?.user).toBe('–');
  });

  it('splits a run into shards on separate stores and merges them into one', async () => {
    const folder = await scratch();
    const args = ['run', '--case', 'phone-send-message-cellular-off*', '--run-id', 'sharded'];
    await toolgauge(...args, '--shard', '0/2', '--db', join(folder, 'a.db'));
    await toolgauge(...args, '--shard', '1/2', '--db', join(folder, 'b.db'));
    const a = JSON.parse(
      (await toolgauge('report', 'sharded', '--db', join(folder, 'a.db'), '--format', 'json')).stdout,
    );
    expect(a.benchmarks.sandbox.status.scored).toBe(9);
    expect((await toolgauge('merge', join(folder, 'b.db'), '--db', join(folder, 'a.db'))).stdout).toContain(
      '9 episodes merged',
    );
    const merged = JSON.parse(
      (await toolgauge('report', 'sharded', '--db', join(folder, 'a.db'), '--format', 'json')).stdout,
    );
    expect(merged.benchmarks.sandbox.status).toEqual({ scored: 18, failed: 0 });
    await expect(toolgauge(...args, '--shard', '2/2', '--db', join(folder, 'c.db'))).rejects.toMatchObject({
      stderr: expect.stringContaining('"2/2" is not a shard like 0/4'),
    });
  });

  it("runs the user's own agent from a module", async () => {
    const db = join(await scratch(), 'runs.db');
    const agent = fileURLToPath(new URL('../../examples/sandbox-agent.mjs', import.meta.url));
    await toolgauge(
      'run',
      '--agent',
      `module:${agent}`,
      '--case',
      'phone-*/distraction-0',
      '--limit',
      '6',
      '--run-id',
      'mine',
      '--db',
      db,
    );
    const report = JSON.parse((await toolgauge('report', 'mine', '--db', db, '--format', 'json')).stdout);
    expect(report.config.agent).toBe(`module:${agent}`);
    expect(report.benchmarks.sandbox.status).toEqual({ scored: 6, failed: 0 });
    const episode = JSON.parse(
      (await toolgauge('show', 'mine', report.benchmarks.sandbox.episodes[0].caseId, '--db', db, '--json')).stdout,
    );
    expect(episode.agent).toBe('example-lookup-agent@1');
    const folder = await scratch();
    await writeFile(join(folder, 'not-an-agent.mjs'), 'export default 42;\n');
    await expect(
      toolgauge('run', '--agent', `module:${join(folder, 'not-an-agent.mjs')}`, '--db', db),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('export a default function'),
    });
  });

  it('lists the 34 sandbox tools and the cases', async () => {
    const tools = JSON.parse((await toolgauge('list', 'tools', '--benchmark', 'sandbox', '--json')).stdout);
    expect(tools).toHaveLength(34);
    expect(tools.find((tool: { name: string }) => tool.name === 'send_message_with_phone_number')).toMatchObject({
      domain: 'messaging',
      kind: 'action',
      dependsOn: ['cellular'],
      roles: ['agent'],
    });
    const cases = JSON.parse((await toolgauge('list', 'cases', '--benchmark', 'sandbox', '--json')).stdout);
    expect(cases[0]).toEqual({
      id: expect.any(String),
      baseId: expect.any(String),
      categories: expect.any(Array),
      augmentation: 'distraction-0',
    });
  });

  it('runs the valid scenarios of a folder and says which files it skipped and why', async () => {
    const folder = await scratch();
    const example = fileURLToPath(
      new URL('../../data/sandbox/scenarios/phone/phone-send-message-cellular-off.yaml', import.meta.url),
    );
    await writeFile(join(folder, 'good.yaml'), await readFile(example, 'utf8'));
    await writeFile(
      join(folder, 'broken.yaml'),
      (await readFile(example, 'utf8')).replace('preset: base-cellular-off', 'preset: moon-base'),
    );
    const { stdout, stderr } = await toolgauge(
      'run',
      '--scenarios',
      folder,
      '--augmentation',
      'distraction-0',
      '--db',
      join(folder, 'runs.db'),
      '--run-id',
      'partial',
    );
    expect(stderr).toMatch(/skipped: .*broken\.yaml at world\.preset: unknown preset "moon-base"/);
    expect(stdout).toMatch(/partial +1\.000/);
  });

  it('validates scenario files, naming the file and field of each problem', async () => {
    const folder = await scratch();
    await writeFile(join(folder, 'bad.yaml'), 'formatVersion: 1\nid: Bad Id\n');
    await expect(toolgauge('validate', folder)).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringMatching(/bad\.yaml at id: use lower-case letters/),
    });
  });

  it('rejects an unknown command or option value with a clear message', async () => {
    await expect(toolgauge('frobnicate')).rejects.toMatchObject({
      stderr: expect.stringContaining("unknown command 'frobnicate'"),
    });
    await expect(toolgauge('run', '--trials', '0')).rejects.toMatchObject({
      stderr: expect.stringContaining('"0" is not a positive whole number'),
    });
    await expect(toolgauge('run', '--agent', 'genius')).rejects.toMatchObject({
      stderr: expect.stringContaining('Invalid model spec "genius"'),
    });
  });
});
