import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDataset, pullDataset } from '../../datasets/index.js';
import { archiveServer, serve, tar } from '../../testing/archive-test-fixtures.js';
import { importTevalData } from './teval-import.js';

const review = JSON.stringify({
  q1: {
    origin_prompt: [{ role: 'user', content: 'Goal: x' }],
    ground_truth: { answer: 'A' },
    meta_data: { response_format: 'str' },
    template: '',
  },
});
const archive = gzipSync(tar({ 'T-Eval-abc/data/review_str_v1.json': review, 'T-Eval-abc/README.md': 'not data' }));
let server: Awaited<ReturnType<typeof archiveServer>>;
let url = '';

beforeAll(async () => {
  server = await archiveServer({ '/teval.tar.gz': serve(archive) });
  url = server.url('/teval.tar.gz');
});
afterAll(() => server.close());

describe('toolgauge data pull teval', () => {
  it('has a dataset entry whose pulled folder the T-Eval importer reads as --data', async () => {
    const entry = findDataset('teval');
    expect(entry.folder).toBe('*/data');
    // A synthetic archive: the entry's pinned content digest (of the real files, checked against the
    // commit in src/datasets/pull-dataset.test.ts) is left out here.
    const pulled = await pullDataset(
      { ...entry, url, contentDigest: null },
      { cacheDir: mkdtempSync(join(tmpdir(), 'teval-pull-')) },
    );
    const imported = await importTevalData(pulled.path);
    expect(imported.problems).toEqual([]);
    expect(imported.cases.map((item) => item.id)).toEqual(['review_str_v1/q1']);
  });

  it('reads a copy of the reference repository given at its root: the JSON files of its data/ folder', async () => {
    const root = mkdtempSync(join(tmpdir(), 'teval-repo-'));
    mkdirSync(join(root, 'data'));
    writeFileSync(join(root, 'data', 'review_str_v1.json'), review);
    writeFileSync(join(root, 'SOURCE.md'), 'not data');
    const imported = await importTevalData(root);
    expect(imported.problems).toEqual([]);
    expect(imported.cases.map((item) => item.id)).toEqual(['review_str_v1/q1']);
    // A folder with neither JSON files nor a data/ folder still says so.
    const empty = await importTevalData(mkdtempSync(join(tmpdir(), 'teval-empty-')));
    expect(empty.problems.map((problem) => problem.message)).toEqual(['no .json files here']);
  });

  it('reads INSTRUCT samples whose response_format is "string", as the reference writes them', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'teval-instruct-'));
    writeFileSync(
      join(folder, 'instruct_v1.json'),
      JSON.stringify({
        s1: {
          origin_prompt: [{ role: 'user', content: 'Call Maps.find for Berlin.' }],
          ground_truth: { action: 'Maps.find', args: { place: 'Berlin' } },
          meta_data: { response_format: 'string' },
          template: {
            thought_start: 'goal:',
            thought_end: '\n',
            action_start: 'name:',
            action_end: '\n',
            args_start: 'args:',
            args_end: '',
          },
        },
      }),
    );
    const imported = await importTevalData(folder);
    expect(imported.problems).toEqual([]);
    expect(imported.cases.map((item) => [item.id, item.format])).toEqual([['instruct_v1/s1', 'str']]);
  });
});
