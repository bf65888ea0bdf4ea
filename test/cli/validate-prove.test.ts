import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const run = promisify(execFile);
const bin = fileURLToPath(new URL('../../bin/toolgauge.js', import.meta.url));
const toolgauge = (...args: string[]) => run(process.execPath, [bin, ...args], { maxBuffer: 64 * 1024 * 1024 });
const scenario = fileURLToPath(
  new URL('../../data/sandbox/scenarios/phone/phone-send-message-cellular-off.yaml', import.meta.url),
);

/** How many alternative and wrong solutions the scenario file holds. */
async function solutionCounts(): Promise<{ alternatives: number; wrong: number }> {
  const file = parse(await readFile(scenario, 'utf8')) as { solutions: { alternatives: unknown[]; wrong: unknown[] } };
  return { alternatives: file.solutions.alternatives.length, wrong: file.solutions.wrong.length };
}

/** A scenario folder holding one copy of a built-in scenario, rewritten by `edit`. */
async function folderWith(edit: (text: string) => string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'toolgauge-prove-'));
  await writeFile(join(folder, 'scenario.yaml'), edit(await readFile(scenario, 'utf8')));
  return folder;
}

// `validate --prove` as a scenario author runs it (the built CLI; `npm test` builds first).
describe('toolgauge validate --prove on sandbox scenarios', { timeout: 120_000 }, () => {
  it('proves a scenario and prints the corpus figures: floors, lies, alternatives, wrong solutions, confirming first', async () => {
    const { stdout } = await toolgauge('validate', '--prove', await folderWith((text) => text));
    const counts = await solutionCounts();
    expect(stdout).toMatch(/^gold = 1 on (\d+) of \1 cases; 1 scenarios proved on their original case$/m);
    expect(stdout).toMatch(/^floor do-nothing: highest 0\.\d{3}, mean 0\.\d{3} over 1 scenarios/m);
    expect(stdout).toMatch(
      new RegExp(
        `^alternative solutions: ${counts.alternatives} in 1 scenarios, lowest score (0\\.9[5-9]\\d|1\\.000)$`,
        'm',
      ),
    );
    expect(stdout).toMatch(
      new RegExp(`^wrong solutions: ${counts.wrong}, highest score 0\\.\\d{3}, 0 scoring 1$`, 'm'),
    );
    // The gold acts (turns cellular on, sends): asking first is played and must score at least 0.95.
    expect(stdout).toMatch(
      /^asking the user to confirm before the first action \(generated\): 1 scenarios, lowest score 1\.000$/m,
    );
    expect(stdout).toMatch(/cases valid, 0 files with problems, (\d+) of \1 proved$/m);
  });

  it('fails a correct alternative that scores too low, naming the case, the alternative and the milestone', async () => {
    // An "alternative" that never turns cellular on: the text does not go out, so it is not correct.
    const folder = await folderWith((text) =>
      text.replace(
        '  alternatives:\n',
        '  alternatives:\n    - - call: [{ tool: search_contacts, arguments: { name: Daniel Reyes } }]\n      - say: I texted Daniel Reyes.\n',
      ),
    );
    const failed = await toolgauge('validate', '--prove', folder).then(
      () => undefined,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toMatch(
      /phone-send-message-cellular-off\/distraction-0: alternative solution 0 scores at least 0\.95: alternative solution 0 scores 0\.\d+ < 0\.95; .*message-sent=0\.000/,
    );
  });

  it('under --scoring paper measures alternatives and wrong solutions instead of failing them, and says so in JSON', async () => {
    const { stdout } = await toolgauge(
      'validate',
      '--prove',
      '--scoring',
      'paper',
      '--json',
      await folderWith((text) => text),
    );
    const report = JSON.parse(stdout) as { proofs: unknown[]; summary: string[] };
    expect(report.proofs).toEqual([]);
    const { alternatives } = await solutionCounts();
    expect(report.summary).toContainEqual(
      expect.stringMatching(new RegExp(`^alternative solutions: ${alternatives} in 1 scenarios`)),
    );
    expect(report.summary[0]).toMatch(/^gold = 1 on (\d+) of \1 cases/);
  });
});
