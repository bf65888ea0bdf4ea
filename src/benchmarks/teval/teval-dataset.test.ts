import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDataset, pullDataset } from '../../datasets/index.js';
import { importTevalData } from './teval-import.js';

/** A minimal ustar archive (this test's own writer). */
function tar(files: Record<string, string>): Buffer {
  const blocks: Buffer[] = [];
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.from(content);
    const header = Buffer.alloc(512);
    header.write(name, 0, 100);
    header.write('0000644\0', 100);
    header.write('0000000\0', 108);
    header.write('0000000\0', 116);
    header.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124);
    header.write('00000000000\0', 136);
    header.write('        ', 148);
    header.write('0', 156);
    header.write('ustar\u000000', 257);
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
    blocks.push(header, data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

const review = JSON.stringify({
  q1: {
    origin_prompt: [{ role: 'user', content: 'Goal: x' }],
    ground_truth: { answer: 'A' },
    meta_data: { response_format: 'str' },
    template: '',
  },
});
const archive = gzipSync(tar({ 'T-Eval-abc/data/review_str_v1.json': review, 'T-Eval-abc/README.md': 'not data' }));
let server: Server;
let url = '';

beforeAll(async () => {
  server = createServer((_request, response) => response.end(archive));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/teval.tar.gz`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

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
