import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Trajectory } from '../spec/index.js';

const run = promisify(execFile);
const bin = new URL('../../bin/toolgauge.js', import.meta.url).pathname;
const toolgauge = (...args: string[]) => run(process.execPath, [bin, ...args]);

// These run the built CLI (`npm test` builds first), as a user would.
describe('toolgauge command line', () => {
  it('prints its version and help', async () => {
    const packageJson = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
    expect((await toolgauge('--version')).stdout.trim()).toBe(packageJson.version);
    const help = (await toolgauge('--help')).stdout;
    expect(help).toContain('Usage: toolgauge');
    expect(help).toContain('run');
  });

  it('runs the example episode offline and writes its trajectory', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'toolgauge-')), 'trajectory.json');
    const { stdout } = await toolgauge('run', '--out', out);
    expect(stdout).toContain('post_notice → Error (connection)');
    expect(stdout).toContain('ended: the user ended the conversation');
    const trajectory = JSON.parse(await readFile(out, 'utf8')) as Trajectory;
    expect(trajectory.formatVersion).toBe(1);
    expect(trajectory.termination).toEqual({ type: 'user-ended' });
    expect(trajectory.worldChanges).toHaveLength(2);
  });

  it('rejects an unknown command with a clear message', async () => {
    await expect(toolgauge('frobnicate')).rejects.toMatchObject({
      stderr: expect.stringContaining("unknown command 'frobnicate'"),
    });
  });
});
