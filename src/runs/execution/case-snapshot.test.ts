import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import type { Labels } from '../../spec/index.js';
import {
  CASE_SNAPSHOT_FORMAT_VERSION,
  isPlainData,
  newCaseSnapshotFolder,
  readCaseSnapshot,
  writeCaseSnapshot,
} from './case-snapshot.js';

class Dictionary {
  constructor(readonly entries: Record<string, number>) {}
  get(key: string): number | undefined {
    return this.entries[key];
  }
}

describe("the workers' case snapshot", () => {
  it('hands plain cases over unchanged, shared parts shared, and refuses what a clone would change', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'snapshot-'));
    const scenario = { id: 's', turns: [{ say: 'hi' }], gold: { nested: [1, null, undefined, 'x'] } };
    const cases: { id: string; labels: Labels; scenario: typeof scenario }[] = [
      { id: 'a', labels: { tag: ['x', 'y'] }, scenario },
      { id: 'b', labels: {}, scenario },
    ];
    const path = join(folder, 'cases.v8');
    expect(writeCaseSnapshot(path, 'sandbox', { cases, problems: [], caseSetHash: 'abc', source: 'built-in' })).toBe(
      true,
    );
    const read = readCaseSnapshot(path, 'sandbox');
    expect(read).toEqual({ cases, problems: [], caseSetHash: 'abc', source: 'built-in' });
    expect(read?.cases[0]).not.toBe(cases[0]);
    const [first, second] = (read?.cases ?? []) as typeof cases;
    expect(first?.scenario).toBe(second?.scenario);
    // Another benchmark's snapshot, another version, or no file: the worker loads its cases itself.
    expect(readCaseSnapshot(path, 'teval')).toBeUndefined();
    expect(readCaseSnapshot(join(folder, 'missing.v8'), 'sandbox')).toBeUndefined();
    const older = join(folder, 'older.v8');
    writeFileSync(older, serialize({ formatVersion: CASE_SNAPSHOT_FORMAT_VERSION + 1, benchmark: 'sandbox', cases }));
    expect(readCaseSnapshot(older, 'sandbox')).toBeUndefined();
    writeFileSync(older, 'not a snapshot');
    expect(readCaseSnapshot(older, 'sandbox')).toBeUndefined();

    const withClass = [{ id: 'c', labels: {}, truth: new Dictionary({ a: 1 }) }];
    const refused = join(folder, 'refused.v8');
    expect(writeCaseSnapshot(refused, 'teval', { cases: withClass, problems: [], caseSetHash: 'h', source: 's' })).toBe(
      false,
    );
    expect(readCaseSnapshot(refused, 'teval')).toBeUndefined();
  });

  it('counts only plain objects, arrays and primitives as plain data', () => {
    const cyclic: Record<string, unknown> = { id: 'x' };
    cyclic.self = cyclic;
    expect(isPlainData([{ a: 1, b: 'x', c: true, d: null, e: undefined, f: [[]] }, Object.create(null)])).toBe(true);
    expect(isPlainData(cyclic)).toBe(true);
    for (const value of [new Map(), new Set(), new Date(0), () => 1, Symbol('s'), 1n, { at: new Dictionary({}) }]) {
      expect(isPlainData(value)).toBe(false);
    }
    expect(isPlainData({ [Symbol('hidden')]: 1 })).toBe(false);
  });

  it("removes the folders of this host's dead parents (left by a SIGKILL), and no other", async () => {
    const parent = await mkdtemp(join(tmpdir(), 'snapshot-folders-'));
    const host = hostname().replace(/[^\w.-]/g, '_');
    // A process id that has just ended.
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
    const leftOver = `toolgauge-cases-${host}-${deadPid}-AbC123`;
    const live = `toolgauge-cases-${host}-${process.ppid}-XyZ789`;
    const otherHost = `toolgauge-cases-${host}x-${deadPid}-QrS456`;
    const unrelated = `toolgauge-cases-${host}-notapid`;
    for (const name of [leftOver, live, otherHost, unrelated]) {
      mkdirSync(join(parent, name));
      writeFileSync(join(parent, name, 'cases.v8'), 'x');
    }

    const made = newCaseSnapshotFolder(parent);

    expect(made.startsWith(join(parent, `toolgauge-cases-${host}-${process.pid}-`))).toBe(true);
    expect(existsSync(made)).toBe(true);
    expect(readdirSync(parent).sort()).toEqual([live, otherHost, unrelated, made.slice(parent.length + 1)].sort());
    // Its own folder survives a second sweep by the same process.
    newCaseSnapshotFolder(parent);
    expect(existsSync(made)).toBe(true);
  });
});
