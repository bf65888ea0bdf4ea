import { describe, expect, it } from 'vitest';
import { readConfig, readLabels, readManifest, readMetrics, readModelCalls, StoredRowError } from './stored-json.js';

const where = 'runs.db: run "r1", sandbox case "c1" trial 0';

/** The message of the error `read` throws (fails the test when it throws none). */
function failure(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(StoredRowError);
    return (error as Error).message;
  }
  throw new Error('expected the stored JSON to be refused');
}

describe("the store's JSON columns", () => {
  it('reads well-formed columns as they were written', () => {
    expect(readLabels('{"categories":["a","b"],"augmentation":"none"}', where)).toEqual({
      categories: ['a', 'b'],
      augmentation: 'none',
    });
    expect(readMetrics('{"score":0.5,"turnCount":null}', where)).toEqual({ score: 0.5, turnCount: null });
    expect(readConfig('{"agent":"oracle","limit":3,"nested":{"x":[1]}}', where)).toEqual({
      agent: 'oracle',
      limit: 3,
      nested: { x: [1] },
    });
  });

  it('fills what older stores left out and drops what no version declares', () => {
    const calls = readModelCalls(
      '[{"model":"m","inputTokens":3,"outputTokens":4,"cached":false,"cost":0.1,"extra":1},' +
        '{"model":"m","inputTokens":1,"outputTokens":1,"cached":true,"cost":0,"priced":false,"failed":true}]',
      where,
    );
    expect(calls).toEqual([
      { model: 'm', inputTokens: 3, outputTokens: 4, cached: false, cost: 0.1, priced: true },
      { model: 'm', inputTokens: 1, outputTokens: 1, cached: true, cost: 0, priced: false, failed: true },
    ]);
    const manifest = readManifest(
      '{"toolgaugeVersion":"0.1.0","future":true,"benchmarks":{"sandbox":{"caseSetHash":"h","caseCount":2,"source":"built-in"}},' +
        '"allowedChanges":[{"field":"limit","stored":1,"now":2,"at":"t"}]}',
      where,
    );
    expect(manifest).toEqual({
      toolgaugeVersion: '0.1.0',
      benchmarks: { sandbox: { caseSetHash: 'h', caseCount: 2, source: 'built-in' } },
      allowedChanges: [{ field: 'limit', stored: 1, now: 2, at: 't' }],
    });
    expect(readManifest('{}', where)).toEqual({});
  });

  it('names the store, run, case, column and place of a value that does not fit', () => {
    expect(failure(() => readMetrics('{"score":"high"}', where))).toBe(
      `${where}: metrics.score: Invalid input: expected number, received string`,
    );
    expect(failure(() => readMetrics('[1]', where))).toBe(
      `${where}: metrics: Invalid input: expected record, received array`,
    );
    expect(failure(() => readLabels('{"categories":["a",2]}', where))).toBe(
      `${where}: labels.categories: Invalid input: expected string or array of strings, received array`,
    );
    expect(failure(() => readModelCalls('[{"model":"m","inputTokens":1}]', where))).toBe(
      `${where}: model_calls.0.outputTokens: Invalid input: expected number, received undefined`,
    );
    expect(failure(() => readConfig('null', where))).toBe(
      `${where}: config: Invalid input: expected record, received null`,
    );
    expect(failure(() => readManifest('{"agentModule":{"path":"a.js"}}', where))).toBe(
      `${where}: manifest.agentModule.sha256: Invalid input: expected string, received undefined`,
    );
    expect(failure(() => readManifest('{"gitCommit":null}', where))).toBe(
      `${where}: manifest.gitCommit: Invalid input: expected string, received null`,
    );
    expect(failure(() => readLabels('{"categories":', where))).toMatch(
      new RegExp(`^${where.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: labels is not JSON \\(`),
    );
  });

  it('reads the common shapes on the quick path exactly as the shapes do, and leaves the odd ones to them', () => {
    const calls = readModelCalls(
      '[{"cost":0,"cached":true,"outputTokens":2,"inputTokens":1,"model":"m","failed":false,"extra":1}]',
      where,
    );
    expect(calls.map((call) => Object.keys(call))).toEqual([
      ['model', 'inputTokens', 'outputTokens', 'cached', 'cost', 'priced', 'failed'],
    ]);
    expect(readModelCalls('[]', where)).toEqual([]);
    const labels = readLabels('{"__proto__":"x","a":"b","c":[]}', where);
    expect(labels).toEqual({ a: 'b', c: [] });
    expect(Object.hasOwn(labels, '__proto__')).toBe(false);
    expect(failure(() => readMetrics('{"score":1e999}', where))).toBe(
      `${where}: metrics.score: Invalid input: expected number, received number`,
    );
    expect(
      failure(() => readModelCalls('[{"model":"m","inputTokens":1,"outputTokens":1,"cached":1,"cost":0}]', where)),
    ).toBe(`${where}: model_calls.0.cached: Invalid input: expected boolean, received number`);
  });

  it('says where only when something is wrong', () => {
    let asked = 0;
    const lazyWhere = () => {
      asked += 1;
      return where;
    };
    expect(readMetrics('{"score":1}', lazyWhere)).toEqual({ score: 1 });
    expect(readLabels('{"a":["b"]}', lazyWhere)).toEqual({ a: ['b'] });
    expect(asked).toBe(0);
    expect(failure(() => readMetrics('{"score":true}', lazyWhere))).toBe(
      `${where}: metrics.score: Invalid input: expected number, received boolean`,
    );
    expect(asked).toBe(1);
  });
});
