import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, parsePythonJson } from './python-json.js';
import { importTevalFile, MAX_PROMPT_MESSAGE_CHARS } from './teval-import.js';

const review = (content: string) =>
  JSON.stringify({
    '0': {
      origin_prompt: [{ role: 'user', content }],
      ground_truth: { answer: 'A' },
      meta: { prompt_type: 'str', response_format: 'str' },
    },
  });

// Data files a user points --data at are untrusted: an absurd item is a problem naming it, never a crash
// or gigabytes of memory.
describe('T-Eval data that is out of bounds', () => {
  it('refuses a prompt over the limit, naming the file, item and field, in bounded memory', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'toolgauge-teval-hostile-'));
    const file = join(folder, 'review_str_v1.json');
    await writeFile(file, review('x'.repeat(60 * 1024 * 1024)));
    const before = process.memoryUsage().rss;
    const imported = await importTevalFile(file);
    expect(imported.cases).toEqual([]);
    expect(imported.problems).toEqual([
      {
        file,
        caseId: '0',
        field: 'origin_prompt',
        message: expect.stringMatching(
          /^origin_prompt\[0\]\.content is 62\.9 million characters, over the limit of 1 million/,
        ),
      },
    ]);
    // The file is 60 MB; reading it holds the text and the one string (was about 40 times the file).
    expect(process.memoryUsage().rss - before).toBeLessThan(600 * 1024 * 1024);
    expect(MAX_PROMPT_MESSAGE_CHARS).toBe(1_000_000);
  });

  it('refuses nesting deeper than CPython would decode, with an error instead of a stack overflow', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(() => parsePythonJson(deep)).toThrow(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    expect(parsePythonJson(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).toBeDefined();
    const folder = await mkdtemp(join(tmpdir(), 'toolgauge-teval-hostile-'));
    const file = join(folder, 'review_str_v1.json');
    await writeFile(file, `{"0": ${deep}}`);
    expect((await importTevalFile(file)).problems[0]?.message).toMatch(/^not JSON: nested deeper than 1000 levels/);
  });
});
