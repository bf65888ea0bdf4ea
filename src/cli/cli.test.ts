import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const bin = new URL('../../bin/toolgauge.js', import.meta.url).pathname;
const toolgauge = (...args: string[]) => run(process.execPath, [bin, ...args], { maxBuffer: 64 * 1024 * 1024 });
const scratch = () => mkdtemp(join(tmpdir(), 'toolgauge-cli-'));

// These run the built CLI (`npm test` builds first), as a user would.
describe('toolgauge command line', () => {
  it('prints its version and help', async () => {
    const packageJson = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
    expect((await toolgauge('--version')).stdout.trim()).toBe(packageJson.version);
    const help = (await toolgauge('--help')).stdout;
    expect(help).toContain('Usage: toolgauge');
    for (const command of ['run', 'validate', 'list']) expect(help).toContain(command);
  });

  it('plays the example episode', async () => {
    const { stdout } = await toolgauge('run', '--example');
    expect(stdout).toContain('post_notice → Error (connection)');
    expect(stdout).toContain('ended: the user ended the conversation');
  });

  it('runs sandbox cases offline, prints the paper tables and keeps the episodes', async () => {
    const outDir = await scratch();
    const { stdout } = await toolgauge(
      'run',
      '--case',
      'phone-send-message-cellular-off*',
      '--run-id',
      'r1',
      '--out-dir',
      outDir,
    );
    expect(stdout).toContain('Mean similarity by category (ToolSandbox Table 5)');
    expect(stdout).toContain('Mean turn count (ToolSandbox Table 11)');
    expect(stdout).toMatch(/oracle\s+1\.000/);
    const lines = (await readFile(join(outDir, 'r1', 'episodes.jsonl'), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(18);
    const first = JSON.parse(lines[0] ?? '{}');
    expect(first).toMatchObject({ formatVersion: 1, score: 1, augmentation: 'distraction-0', agent: 'oracle' });
    expect(first.trajectory.formatVersion).toBe(1);
    const summary = JSON.parse(await readFile(join(outDir, 'r1', 'summary.json'), 'utf8'));
    expect(summary.summary.overall).toMatchObject({ episodes: 18, score: 1 });

    const unhelpful = await toolgauge(
      'run',
      '--agent',
      'unhelpful',
      '--case',
      'phone-send-message-cellular-off/*',
      '--out-dir',
      outDir,
      '--json',
    );
    expect(JSON.parse(unhelpful.stdout).summary.overall.score).toBeLessThan(0.5);
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
    await expect(toolgauge('run', '--agent', 'genius')).rejects.toMatchObject({
      stderr: expect.stringContaining("'genius' is invalid"),
    });
  });
});
