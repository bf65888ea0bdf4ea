import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { jsonTextChunks, writeJsonText } from './json-text.js';

/** Values covering what JSON.stringify treats specially, at every depth. */
function samples(): unknown[] {
  const nested = {
    text: 'line one\nline "two"\t\u2028 ü 😀',
    numbers: [0, -1.5, 1e21, Number.NaN, Number.POSITIVE_INFINITY, -0],
    flags: [true, false, null],
    missing: undefined,
    callback: () => 1,
    holes: [undefined, () => 2, Symbol('s'), 3],
    empty: { array: [], object: {}, onlyUndefined: { a: undefined } },
    date: new Date(Date.UTC(2026, 10, 23, 14, 0, 0)),
    custom: { toJSON: () => ({ replaced: [1, { deep: 'yes' }] }) },
    gone: { toJSON: () => undefined },
    goneInArray: [{ toJSON: () => undefined }],
  };
  return [
    nested,
    [nested, [nested, [nested, [nested, [nested]]]]],
    { a: { b: { c: { d: { e: { f: nested } } } } } },
    [],
    {},
    'just a string',
    42,
    null,
    [[[]], [{}], [[{ x: [1, 2, [3, [4, [5]]]] }]]],
  ];
}

describe('JSON text in pieces', () => {
  it('is exactly JSON.stringify(value, null, 2), whatever depth it walks to', () => {
    for (const value of samples()) {
      for (const depth of [0, 1, 2, 3, 4, 10]) {
        expect([...jsonTextChunks(value, depth)].join(''), `depth ${depth}`).toBe(JSON.stringify(value, null, 2));
      }
    }
  });

  it('writes a long array of whole items in batches, byte for byte', () => {
    const items = samples();
    const long = Array.from({ length: 700 }, (_, index) => items[index % items.length]);
    for (const value of [long, { episodes: long }, [long, [long]], [...long, { toJSON: () => 'own form' }]]) {
      for (const depth of [1, 2, 3]) {
        expect([...jsonTextChunks(value, depth)].join(''), `depth ${depth}`).toBe(JSON.stringify(value, null, 2));
      }
    }
  });

  it('yields many pieces for a large array, and writes them to a stream with a final line break', async () => {
    const rows = Array.from({ length: 1000 }, (_, index) => ({ index, labels: { kind: `k${index % 7}` } }));
    const report = { formatVersion: 2, episodes: rows };
    expect([...jsonTextChunks(report)].length).toBeGreaterThan(1000);
    const out = new PassThrough();
    const received: Buffer[] = [];
    out.on('data', (chunk: Buffer) => received.push(chunk));
    await writeJsonText(report, out);
    expect(Buffer.concat(received).toString()).toBe(`${JSON.stringify(report, null, 2)}\n`);
  });
});
