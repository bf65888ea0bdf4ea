import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMMANDER_BUILT_INS } from '../../src/cli/start-up-hooks.js';

// The command line gives commander small stand-ins for `node:process` and `node:util`
// (src/cli/start-up-hooks.ts) that export only what commander takes from them today. A commander that
// imports more from either would fail to link at every command's start: this test fails first.
const commanderFolder = dirname(fileURLToPath(import.meta.resolve('commander')));
const sources = ['index.js', ...readdirSync(join(commanderFolder, 'lib')).map((file) => join('lib', file))]
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file, text: readFileSync(join(commanderFolder, file), 'utf8') }));

/** What the stand-in for `builtIn` exports: `default` and the names in `export const { … }`. */
function exportedBy(builtIn: string): Set<string> {
  const source = decodeURIComponent(COMMANDER_BUILT_INS[builtIn] ?? '');
  const names = new Set<string>();
  if (/export default /.test(source)) names.add('default');
  for (const [, list] of source.matchAll(/export const \{([^}]*)\}/g)) {
    for (const name of (list as string).split(',')) names.add(name.trim());
  }
  return names;
}

/** Every name a commander module imports from `builtIn` (`default` for a default or namespace import). */
function importedFrom(builtIn: string): Map<string, string[]> {
  const byFile = new Map<string, string[]>();
  const pattern = new RegExp(`import\\s+([^;]*?)\\s+from\\s+['"]${builtIn}['"]`, 'g');
  for (const { file, text } of sources) {
    for (const [, clause] of text.matchAll(pattern)) {
      const names: string[] = [];
      const named = /\{([^}]*)\}/.exec(clause as string);
      for (const entry of named?.[1]?.split(',') ?? [])
        if (entry.trim()) names.push(entry.trim().split(/\s+as\s+/)[0] as string);
      if (/^\s*[\w$*]/.test((clause as string).replace(/\{[^}]*\}/, ''))) names.push('default');
      byFile.set(file, [...(byFile.get(file) ?? []), ...names]);
    }
    // A dynamic import or require of the built-in would get Node's own module, which is fine; only
    // static imports are given the stand-in.
  }
  return byFile;
}

describe("commander's imports of the built-ins the command line stands in for", () => {
  it('found commander and its sources', () => {
    expect(sources.map((source) => source.file)).toContain('lib/command.js');
  });

  for (const builtIn of Object.keys(COMMANDER_BUILT_INS)) {
    it(`${builtIn}: commander imports only what the stand-in exports`, () => {
      const exported = exportedBy(builtIn);
      expect(exported.size).toBeGreaterThan(0);
      const imported = importedFrom(builtIn);
      expect(imported.size).toBeGreaterThan(0);
      for (const [file, names] of imported) {
        expect({ file, missing: names.filter((name) => !exported.has(name)) }).toEqual({ file, missing: [] });
      }
    });
  }
});
