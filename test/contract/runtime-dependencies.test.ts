import { readdir, readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The package a bare specifier names: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

async function sourcesOf(folder: string): Promise<string[]> {
  const files = await readdir(join(root, folder), { recursive: true });
  return files
    .filter((file) => /\.(js|ts|tsx)$/.test(file) && !/\.test\.|\.d\.ts$/.test(file))
    .map((file) => join(folder, file));
}

// What an installed toolgauge runs is `bin/` and the compiled `src/` (`dist/`); reading `src/` here
// keeps the check independent of a build. Tests, benches and scripts may use devDependencies.
describe('runtime dependencies', () => {
  it('are exactly the packages the shipped code imports or loads', async () => {
    const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const declared = new Set(Object.keys(manifest.dependencies));
    const builtins = new Set(builtinModules);
    const used = new Set<string>();
    const files = [...(await sourcesOf('src')), ...(await sourcesOf('bin'))].filter(
      (file) => !file.includes('/testing/fake') && !file.endsWith('.test-helpers.ts'),
    );
    for (const file of files) {
      const text = await readFile(join(root, file), 'utf8');
      // Static and dynamic imports, and packages loaded by name (`requireModule('date-holidays')`,
      // `require.resolve('pg')`, `packageUrl('@energetic-ai/…')`, a list of model packages).
      for (const match of text.matchAll(
        /(?:from\s+|import\(\s*|packageUrl\(\s*|requireModule\(\s*|\.resolve\(\s*)'([^'./$][^']*)'/g,
      )) {
        const specifier = match[1] ?? '';
        if (specifier.startsWith('node:') || builtins.has(specifier)) continue;
        if (/^import type/m.test(text.slice(text.lastIndexOf('\n', match.index) + 1, match.index + 1))) continue;
        used.add(packageOf(specifier));
      }
    }
    // Packages needed at run time that no line imports by name, each with the file that relies on it.
    const loadedIndirectly: Record<string, string> = {
      // The TensorFlow.js runtime under @energetic-ai/embeddings; its version is part of use-lite's fingerprint.
      '@energetic-ai/core': 'src/embeddings/use-lite-embedder.ts',
    };
    for (const [name, file] of Object.entries(loadedIndirectly)) {
      expect(await readFile(join(root, file), 'utf8')).toContain(`'${name}'`);
      used.add(name);
    }
    const undeclared = [...used].filter((name) => !declared.has(name)).sort();
    const unused = [...declared].filter((name) => !used.has(name)).sort();
    expect({ undeclared, unused }).toEqual({ undeclared: [], unused: [] });
  });
});
