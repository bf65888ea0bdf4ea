import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseYamlText, YamlSyntaxError } from './yaml-text.js';

const DATA = fileURLToPath(new URL('../../data/', import.meta.url));

function yamlFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return yamlFiles(path);
    return extname(entry.name) === '.yaml' || extname(entry.name) === '.yml' ? [path] : [];
  });
}

function syntaxError(text: string): YamlSyntaxError {
  try {
    parseYamlText(text);
  } catch (error) {
    if (error instanceof YamlSyntaxError) return error;
    throw error;
  }
  throw new Error('the text parsed');
}

describe('parseYamlText', () => {
  it('reads every YAML file under data/ exactly as the yaml package does', () => {
    const files = yamlFiles(DATA);
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      expect(parseYamlText(text), file).toStrictEqual(parse(text));
    }
  });

  it('keeps the core schema: no dates, no YAML 1.1 booleans, no merge keys', () => {
    const text = 'day: 2026-03-15\nyes: yes\nhex: 0x1F\nnothing: ~\nnan: .nan\n<<: { a: 1 }\nquoted: "1"\n';
    const value = parseYamlText(text);
    expect(value).toStrictEqual(parse(text));
    expect(value).toStrictEqual({
      day: '2026-03-15',
      yes: 'yes',
      hex: 31,
      nothing: null,
      nan: Number.NaN,
      '<<': { a: 1 },
      quoted: '1',
    });
  });

  it('reads a text without a document as null', () => {
    expect(parseYamlText('')).toBeNull();
    expect(parseYamlText('# only a comment\n')).toBeNull();
    expect(parseYamlText('---\n')).toBeNull();
  });

  it('names the line and column of a broken text and shows it', () => {
    const error = syntaxError('id: one\nuser:\n  goal: x\n opening: y\n');
    expect(error.line).toBe(4);
    expect(error.column).toBe(2);
    expect(error.message).toMatch(/^bad indentation of a mapping entry at line 4, column 2:\n/);
    expect(error.message).toContain('opening: y');
  });

  it('refuses duplicate keys and several documents', () => {
    expect(syntaxError('a: 1\nb: 2\na: 3\n').message).toMatch(/duplicated mapping key at line 3, column 1/);
    expect(syntaxError('a: 1\n---\nb: 2\n').message).toMatch(/2 documents/);
  });
});
