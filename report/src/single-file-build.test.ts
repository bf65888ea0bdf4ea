import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { escapeInlineScript, escapeInlineStyle } from '../vite.config';

describe('inline escaping', () => {
  it('keeps inlined code from closing its element', () => {
    expect(escapeInlineScript('x="</script><script>";y="</SCRIPT"')).toBe('x="<\\/script><script>";y="<\\/SCRIPT"');
    expect(escapeInlineStyle('a::after{content:"</style>"}')).toBe('a::after{content:"<\\/style>"}');
  });
});

describe('the report build', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'toolgauge-report-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('emits one self-contained report.html with an empty data element', async () => {
    await build({
      configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
    expect(readdirSync(outDir)).toEqual(['report.html']);
    const html = readFileSync(join(outDir, 'report.html'), 'utf8');
    const has = (pattern: RegExp | string): boolean =>
      typeof pattern === 'string' ? html.includes(pattern) : pattern.test(html);
    expect(has('<script id="toolgauge-report-data" type="application/x-toolgauge-report+gzip+base64"></script>')).toBe(
      true,
    );
    expect(has(/src="http|href="http|<link\b|<script[^>]*\bsrc=|@import|url\(\s*['"]?http/i)).toBe(false);
    expect(has('http-equiv="Content-Security-Policy"')).toBe(true);
    expect(has('Fredrik Thordendal')).toBe(false);
    expect(html.match(/<script\b/g)?.length).toBe(2);
  }, 60_000);
});
