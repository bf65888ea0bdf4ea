import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = new URL('./ci-gate.mjs', import.meta.url).pathname;
const gate = (...args: string[]) =>
  run(process.execPath, [script, ...args], { cwd: new URL('..', import.meta.url).pathname });

// Runs the built package (`npm test` builds first), imported by name as a user's project would.
describe('the CI gate example', { timeout: 120_000 }, () => {
  it('passes the oracle and fails the unhelpful baseline on the same cases', async () => {
    const passed = await gate('sandbox', 'oracle', '0.99', 'phone-send-message-cellular-off/distraction-*');
    expect(passed.stdout).toMatch(/ToolSandbox score: 1\.000 over 4 episodes/);
    expect(passed.stdout).toContain('PASS: score 1.000 ≥ 0.99');
    await expect(
      gate('sandbox', 'unhelpful', '0.5', 'phone-send-message-cellular-off/distraction-*'),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/FAIL: score 0\.\d{3} is below the gate 0\.5/) });
  });
});
