import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtInDeclarations } from '../../src/benchmarks/registry.js';

/**
 * The core names no benchmark: anything benchmark-specific reaches it through the contract. As the
 * import-graph test does for imports, this fails when a core file holds a registered benchmark's id as
 * a string literal (`'sandbox'`, "tooltalk", `teval`), e.g. a `=== 'sandbox'` special case. Comments and
 * documentation may mention benchmarks; longer strings that contain an id (`toolscan-movies`) are not ids.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Literals that equal an id without naming that benchmark, by file: the demo episode's seed is the word
 * `example`, which is also the id of the test-only example benchmark.
 */
const NOT_BENCHMARKS: Readonly<Record<string, readonly string[]>> = {
  [join('src', 'demo', 'example-episode.ts')]: ['example'],
};

/** Where a benchmark may be named: its own folder, the domains, and the registry. */
function mayNameBenchmarks(path: string): boolean {
  const parts = path.split(/[\\/]/);
  if (parts[0] === 'src' && parts[1] === 'domains') return true;
  if (parts[0] === 'src' && parts[1] === 'benchmarks' && parts.length > 3) return true;
  return path === join('src', 'benchmarks', 'registry.ts');
}

async function productionFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : productionFiles(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    }),
  );
  return nested.flat();
}

/**
 * The string literals of a TypeScript source, comments left out: each quoted or backticked string with its
 * line. A template literal with substitutions yields its text between them.
 */
function stringLiterals(source: string): { text: string; line: number }[] {
  const found: { text: string; line: number }[] = [];
  let line = 1;
  let index = 0;
  // Whether a `/` here starts a regular expression (after an operator or an opening bracket), not a division.
  const regexAllowed = () =>
    /(^|[=(,:;!&|?{}[\n+\-*%<>~^]|return|typeof)\s*$/.test(source.slice(Math.max(0, index - 12), index));
  while (index < source.length) {
    const char = source[index] as string;
    const next = source[index + 1];
    if (char === '\n') line += 1;
    if (char === '/' && next === '/') {
      while (index < source.length && source[index] !== '\n') index += 1;
      continue;
    }
    if (char === '/' && next === '*') {
      const end = source.indexOf('*/', index + 2);
      const stop = end < 0 ? source.length : end + 2;
      line += source.slice(index, stop).split('\n').length - 1;
      index = stop;
      continue;
    }
    if (char === '/' && regexAllowed()) {
      // Skips a regular expression literal (its quotes are not strings).
      let inClass = false;
      index += 1;
      while (index < source.length && source[index] !== '\n') {
        const current = source[index];
        if (current === '\\') index += 1;
        else if (current === '[') inClass = true;
        else if (current === ']') inClass = false;
        else if (current === '/' && !inClass) break;
        index += 1;
      }
      index += 1;
      continue;
    }
    if (char === "'" || char === '"' || char === '`') {
      const start = line;
      let text = '';
      index += 1;
      while (index < source.length && source[index] !== char) {
        const current = source[index] as string;
        if (current === '\\') {
          text += source.slice(index, index + 2);
          index += 2;
          continue;
        }
        if (char === '`' && current === '$' && source[index + 1] === '{') {
          // A substitution: its text ends this piece of the template; the expression is skipped.
          found.push({ text, line: start });
          text = '';
          let depth = 1;
          index += 2;
          while (index < source.length && depth > 0) {
            if (source[index] === '{') depth += 1;
            else if (source[index] === '}') depth -= 1;
            else if (source[index] === '\n') line += 1;
            index += 1;
          }
          continue;
        }
        if (current === '\n') line += 1;
        text += current;
        index += 1;
      }
      found.push({ text, line: start });
      index += 1;
      continue;
    }
    index += 1;
  }
  return found;
}

describe('benchmark ids in core code', () => {
  it('finds ids in string literals only, whole, and not in comments or longer strings', () => {
    const source = [
      "if (run.benchmark === 'sandbox') special();",
      '// the sandbox is "sandbox" here, in a comment',
      '/* and "tooltalk" in a block comment */',
      "const domain = 'toolscan-movies';",
      'const template = `teval`;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal, as text.
      'const other = `${prefix}toolscan`;',
      'const pattern = /"sandbox"/;',
      "const half = ratio / 2; const name = 'tooltalk';",
    ].join('\n');
    const ids = ['sandbox', 'tooltalk', 'toolscan', 'teval'];
    const hits = stringLiterals(source)
      .filter((literal) => ids.includes(literal.text))
      .map((literal) => `${literal.line}:${literal.text}`);
    expect(hits).toEqual(['1:sandbox', '5:teval', '6:toolscan', '8:tooltalk']);
  });

  it('has no core file name a registered benchmark: only the registry and the benchmarks themselves do', async () => {
    const ids = new Set(builtInDeclarations().map((declaration) => declaration.id));
    expect([...ids]).toEqual(expect.arrayContaining(['sandbox', 'tooltalk', 'toolscan', 'teval']));
    const files = [...(await productionFiles(join(root, 'src'))), ...(await productionFiles(join(root, 'report/src')))];
    const violations: string[] = [];
    let checked = 0;
    for (const file of files) {
      const path = relative(root, file);
      if (mayNameBenchmarks(path)) continue;
      checked += 1;
      for (const literal of stringLiterals(await readFile(file, 'utf8'))) {
        if (ids.has(literal.text) && !NOT_BENCHMARKS[path]?.includes(literal.text))
          violations.push(`${path}:${literal.line}: '${literal.text}'`);
      }
    }
    expect(checked).toBeGreaterThan(150);
    expect(violations).toEqual([]);
  });
});
