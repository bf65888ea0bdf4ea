import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../', import.meta.url));

/**
 * Every module a file loads before any of its code runs: its static imports and re-exports (not
 * `import type`, not dynamic `import()`), followed through the project's own files. Returns the project
 * files (relative to src) and the packages reached.
 */
function staticClosure(entries: readonly string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = entries.map((entry) => join(src, entry));
  while (pending.length > 0) {
    const file = pending.pop() as string;
    const name = relative(src, file);
    if (files.has(name)) continue;
    files.add(name);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(
      /^(?:import|export)(?!\s+type\b)[^;]*?\bfrom\s+'([^']+)'|^import\s+'([^']+)'/gms,
    )) {
      const target = (match[1] ?? match[2]) as string;
      if (target.startsWith('.')) pending.push(resolve(dirname(file), target.replace(/\.js$/, '.ts')));
      else
        packages.add(
          target.startsWith('@') ? target.split('/').slice(0, 2).join('/') : (target.split('/')[0] as string),
        );
    }
  }
  return { files, packages };
}

/** Heavy for start-up: the provider SDKs and the domains' large libraries. */
const HEAVY_PACKAGES = ['mathjs', 'date-holidays', 'libphonenumber-js', 'ai', '@ai-sdk/openai'];

describe('what the command line loads before a command runs', () => {
  it('declares every command (for --help and parsing) with commander and its own small modules only', () => {
    const { files, packages } = staticClosure(['cli/command-line.ts']);
    expect([...packages].filter((name) => !name.startsWith('node:')).sort()).toEqual(['commander']);
    const outside = [...files].filter((file) => !file.startsWith('cli/')).sort();
    expect(outside).toEqual([
      'benchmarks/catalog.ts',
      'benchmarks/registry.ts',
      'datasets/dataset-table.ts',
      'models/providers/endpoint.ts',
      'runs/default-store-path.ts',
      'runs/exit-codes.ts',
    ]);
  });

  it('reads stored runs (report, show, compare, list runs) without the domains, models or provider SDKs', () => {
    const { files, packages } = staticClosure([
      'cli/commands/report-actions.ts',
      'cli/commands/list-action.ts',
      'benchmarks/sandbox/reader.ts',
    ]);
    expect([...files].filter((file) => /^(domains|models|engine\/episode|users|agents)\//.test(file))).toEqual([]);
    expect([...packages].filter((name) => HEAVY_PACKAGES.includes(name))).toEqual([]);
  });
});
