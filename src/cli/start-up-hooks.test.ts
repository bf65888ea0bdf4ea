import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { COMMANDER_BUILT_INS, type ResolvedModule, startUpResolver } from './start-up-hooks.js';

const dist = 'file:///opt/toolgauge/dist/';
const passedOn: ResolvedModule = { url: 'passed-on' };
const next = () => passedOn;

describe('startUpResolver', () => {
  const resolve = startUpResolver(dist);

  it("resolves a relative .js import between the build's own modules to the file at that URL", () => {
    const parent = `${dist}cli/commands/report-actions.js`;
    expect(resolve('../../runs/store/run-store.js', { parentURL: parent }, next)).toEqual({
      url: `${dist}runs/store/run-store.js`,
      format: 'module',
      shortCircuit: true,
    });
    expect(resolve('./render-table.js', { parentURL: `${dist}cli/main.js` }, next).url).toBe(
      `${dist}cli/render-table.js`,
    );
  });

  it('passes on everything else: packages, built-ins, JSON, queries, and modules outside the build', () => {
    const own = `${dist}cli/main.js`;
    expect(resolve('commander', { parentURL: own }, next)).toBe(passedOn);
    expect(resolve('node:fs', { parentURL: own }, next)).toBe(passedOn);
    expect(resolve('node:process', { parentURL: own }, next)).toBe(passedOn);
    expect(resolve('./data.json', { parentURL: own }, next)).toBe(passedOn);
    expect(resolve('./x.js?v=1', { parentURL: own }, next)).toBe(passedOn);
    expect(resolve('./helper.js', { parentURL: 'file:///home/me/my-bench/bench.mjs' }, next)).toBe(passedOn);
    expect(resolve('./helper.js', { parentURL: 'file:///opt/toolgauge/dist-old/x.js' }, next)).toBe(passedOn);
    expect(resolve('../../x.js', { parentURL: undefined }, next)).toBe(passedOn);
  });

  it("gives commander's modules, and only them, the stand-ins for node:process, node:util and node:child_process", () => {
    const commander = 'file:///opt/toolgauge/node_modules/commander/lib/command.js';
    for (const builtIn of ['node:process', 'node:util', 'node:child_process']) {
      expect(resolve(builtIn, { parentURL: commander }, next)).toEqual({
        url: COMMANDER_BUILT_INS[builtIn],
        format: 'module',
        shortCircuit: true,
      });
    }
    expect(resolve('node:fs', { parentURL: commander }, next)).toBe(passedOn);
  });

  it('the stand-ins export what Node itself has', async () => {
    const processModule = (await import(COMMANDER_BUILT_INS['node:process'] as string)) as { default: unknown };
    expect(processModule.default).toBe(process);
    const util = (await import(COMMANDER_BUILT_INS['node:util'] as string)) as {
      stripVTControlCharacters: (text: string) => string;
    };
    expect(util.stripVTControlCharacters('\u001b[31mred\u001b[0m')).toBe('red');
    const childProcess = (await import(COMMANDER_BUILT_INS['node:child_process'] as string)) as {
      default: { spawn: unknown; execFileSync: (file: string, args: string[]) => Buffer };
    };
    expect(childProcess.default.spawn).toBe(process.getBuiltinModule('node:child_process').spawn);
    expect(String(childProcess.default.execFileSync(process.execPath, ['-p', '6*7'])).trim()).toBe('42');
  });
});

describe('the built command line with the hooks', () => {
  it('runs and prints its help (commander linked against the stand-ins)', async () => {
    const bin = fileURLToPath(new URL('../../bin/toolgauge.js', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, [bin, '--help']);
    expect(stdout).toContain('Usage: toolgauge');
    expect(stdout).toContain('rescore');
  });
});
