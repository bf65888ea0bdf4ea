import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const src = join(root, 'src');

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? sourceFiles(join(folder, entry.name))
        : Promise.resolve(
            entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [join(folder, entry.name)] : [],
          ),
    ),
  );
  return nested.flat();
}

/** The benchmark folder a file is in (`src/benchmarks/<id>/…`), if any. */
function benchmarkFolder(file: string): string | undefined {
  const path = relative(src, file).split(/[\\/]/);
  return path[0] === 'benchmarks' && path.length > 2 ? path[1] : undefined;
}

describe('the import graph', () => {
  it('has no production file import a concrete benchmark except the registry and the benchmark itself', async () => {
    const violations: string[] = [];
    const files = await sourceFiles(src);
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      for (const match of text.matchAll(/(?:from\s+|import\()\s*'(\.[^']+)'/g)) {
        const target = resolve(dirname(file), match[1] as string);
        const targetBenchmark = benchmarkFolder(target);
        if (!targetBenchmark) continue;
        if (relative(src, file) === join('benchmarks', 'registry.ts')) continue;
        if (benchmarkFolder(file) === targetBenchmark) continue;
        violations.push(`${relative(root, file)} imports ${relative(root, target)}`);
      }
    }
    expect(files.length).toBeGreaterThan(100);
    expect(violations).toEqual([]);
  });
});
