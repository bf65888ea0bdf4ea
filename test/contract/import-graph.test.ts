import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const src = join(root, 'src');

/** The production files under `folder`: not tests, nor their helpers (`*.test-helpers.ts`). */
async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory()
        ? sourceFiles(join(folder, entry.name))
        : Promise.resolve(
            entry.name.endsWith('.ts') && !/\.test(-helpers)?\.ts$/.test(entry.name) ? [join(folder, entry.name)] : [],
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

/**
 * The files a module needs loaded before its own body runs: its static `import`s and `export … from`s of
 * other files in `src/`, leaving out type-only ones (`import type`, or every name marked `type`), which
 * compile away, and dynamic `import()`s, which load on first use.
 */
function runtimeImports(file: string, text: string): string[] {
  const targets: string[] = [];
  // A statement at the start of a line: `import x, { y } from './a.js'`, `export * from './b.js'`, `import './c.js'`.
  const statements = /^(?:import|export)\s+(type\s+)?(?:([^'";]*?)\s*from\s*)?'(\.[^']+)'/gm;
  for (const [, typeOnly, names, specifier] of text.matchAll(statements)) {
    if (typeOnly) continue;
    const named = /^\{([^}]*)\}$/.exec(names?.trim() ?? '');
    const elements = (named?.[1] ?? '')
      .split(',')
      .map((element) => element.trim())
      .filter(Boolean);
    if (named && elements.length > 0 && elements.every((element) => element.startsWith('type '))) continue;
    targets.push(resolve(dirname(file), (specifier as string).replace(/\.js$/, '.ts')));
  }
  return targets;
}

/** The import cycles in `graph`: its strongly connected components of more than one file (Tarjan). */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, counter);
    lowest.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!order.has(target)) {
        visit(target);
        lowest.set(file, Math.min(lowest.get(file) as number, lowest.get(target) as number));
      } else if (onStack.has(target)) {
        lowest.set(file, Math.min(lowest.get(file) as number, order.get(target) as number));
      }
    }
    if (lowest.get(file) !== order.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return cycles;
}

/**
 * The layers of `src/`, lowest first (the list in README.md's "Layout" and docs/architecture.md): a file
 * imports from its own folder or from folders earlier in this list, never later (type-only imports too).
 */
const LAYERS = [
  'spec',
  'util',
  'world',
  'tools',
  'engine',
  'domains',
  'models',
  'users',
  'agents',
  'demo',
  'scoring',
  'embeddings',
  'benchmarks',
  'runs',
  'datasets',
  'library',
  'reference-server',
  'report',
  'cli',
  'testing',
];

/** Every relative import or export of another file in `text`, type-only ones included. */
function allImports(file: string, text: string): string[] {
  return [...text.matchAll(/^(?:import|export)\s[^;]*?'(\.[^']+)'/gm)].map((match) =>
    resolve(dirname(file), match[1] as string),
  );
}

describe('the import graph', () => {
  it('points down the layers: no folder of src/ imports a folder listed after it', async () => {
    const files = await sourceFiles(src);
    const folders = new Set(files.map((file) => relative(src, file).split(/[\\/]/)[0] as string));
    folders.delete('index.ts');
    expect([...folders].filter((folder) => !LAYERS.includes(folder))).toEqual([]);
    const upward: string[] = [];
    for (const file of files) {
      const from = LAYERS.indexOf(relative(src, file).split(/[\\/]/)[0] as string);
      if (from < 0) continue;
      for (const target of allImports(file, await readFile(file, 'utf8'))) {
        const to = LAYERS.indexOf(relative(src, target).split(/[\\/]/)[0] as string);
        if (to > from) upward.push(`${relative(root, file)} imports ${relative(root, target)}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('has no runtime import cycle in src/ (type-only imports do not count)', async () => {
    const graph = new Map<string, string[]>();
    for (const file of await sourceFiles(src)) graph.set(file, runtimeImports(file, await readFile(file, 'utf8')));
    // The check itself: a cycle made up here is found, and type-only imports are left out.
    expect(
      runtimeImports(
        '/x/a.ts',
        "import type { A } from './t.js';\nimport { type B, type C } from './u.js';\nimport {\n  d,\n  type E,\n} from './v.js';\nexport * from './w.js';\nimport './side.js';",
      ),
    ).toEqual(['/x/v.ts', '/x/w.ts', '/x/side.ts']);
    expect(
      cyclesOf(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
    expect(graph.size).toBeGreaterThan(100);
    expect(cyclesOf(graph).map((cycle) => cycle.map((file) => relative(root, file)))).toEqual([]);
  });

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
