import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { joinRecordParts, partsColumn, recordPartUse, serializeRecord } from './record-parts.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The whole text back from a serialized record, its parts looked up by hash. */
function whole(serialized: ReturnType<typeof serializeRecord>): string {
  const texts = new Map(serialized.parts.map((part) => [part.hash, part.json]));
  const hashes = serialized.parts.map((part) => part.hash);
  return joinRecordParts(
    serialized.text,
    hashes,
    (hash) => texts.get(hash),
    () => 'here',
  );
}

describe('serializeRecord', () => {
  const world = { tables: { contacts: [{ id: 'c1', name: 'Émile "E" Zola' }], messages: [] } };
  const record = { caseId: 'a', trajectory: { seed: 's', initialWorld: world, messages: ['hi'] }, score: 1 };

  it('replaces a part by a marker naming the SHA-256 of its text, and joins back to the whole text', () => {
    const serialized = serializeRecord(record, [['trajectory', 'initialWorld']]);
    const json = JSON.stringify(world);
    expect(serialized.parts).toEqual([{ hash: sha256(json), json, bytes: Buffer.byteLength(json) }]);
    expect(serialized.text).toBe(
      `{"caseId":"a","trajectory":{"seed":"s","initialWorld":{"$part":"${sha256(json)}"},"messages":["hi"]},"score":1}`,
    );
    expect(whole(serialized)).toBe(JSON.stringify(record));
    expect(serialized.bytes).toBe(Buffer.byteLength(JSON.stringify(record)));
    expect(partsColumn(serialized)).toBe(JSON.stringify([sha256(json)]));
    // The benchmark's objects are left as they were.
    expect(record.trajectory.initialWorld).toBe(world);
  });

  it('serializes and hashes an object once per process, however many records hold it', () => {
    const before = recordPartUse();
    const shared = { tables: { t: [{ id: 1 }] } };
    for (let trial = 0; trial < 3; trial += 1) serializeRecord({ trial, world: shared }, [['world']]);
    serializeRecord({ trial: 9, world: { tables: { t: [{ id: 1 }] } } }, [['world']]);
    const after = recordPartUse();
    expect([after.made - before.made, after.reused - before.reused]).toEqual([2, 2]);
  });

  it('follows array positions, shares copies along common prefixes and lists a repeated part once', () => {
    const turnWorld = { tables: { alarms: [{ id: 'x' }] } };
    const tooltalk = {
      turns: [
        { turnIndex: 1, trajectory: { initialWorld: turnWorld } },
        { turnIndex: 3, trajectory: { initialWorld: turnWorld } },
        { turnIndex: 5 },
      ],
    };
    const paths = [0, 1, 2].map((turn) => ['turns', turn, 'trajectory', 'initialWorld']);
    const serialized = serializeRecord(tooltalk, paths);
    expect(serialized.parts).toHaveLength(1);
    expect(serialized.text.match(/\{"\$part":"/g)).toHaveLength(2);
    expect(whole(serialized)).toBe(JSON.stringify(tooltalk));
    expect(serialized.bytes).toBe(Buffer.byteLength(JSON.stringify(tooltalk)));
  });

  it('stores a record whole when no path leads to an object', () => {
    for (const [value, paths] of [
      [null, [['trajectory', 'initialWorld']]],
      [{ trajectory: { initialWorld: 'text' } }, [['trajectory', 'initialWorld']]],
      [{ trajectory: {} }, [['trajectory', 'initialWorld']]],
      [{ a: 1 }, []],
    ] as const) {
      const serialized = serializeRecord(value, paths);
      expect(serialized).toEqual({ text: JSON.stringify(value), parts: [], bytes: JSON.stringify(value).length });
      expect(partsColumn(serialized)).toBeNull();
    }
  });

  it('stores a record whole when its own text already holds a marker, so none is misread', () => {
    const tricky = { note: { $part: sha256('x') }, trajectory: { initialWorld: { tables: {} } } };
    const serialized = serializeRecord(tricky, [['trajectory', 'initialWorld']]);
    expect(serialized.parts).toEqual([]);
    expect(serialized.text).toBe(JSON.stringify(tricky));
    // Marker-like text inside a string is escaped by JSON, so it is no marker.
    const quoted = { note: '{"$part":"abc"}', world: { tables: {} } };
    expect(serializeRecord(quoted, [['world']]).parts).toHaveLength(1);
  });
});

describe('joinRecordParts', () => {
  const hash = sha256('{"a":1}');
  const text = `{"x":{"$part":"${hash}"}}`;

  it('names the episode and the hash of a part the store lacks', () => {
    expect(() =>
      joinRecordParts(
        text,
        [hash],
        () => undefined,
        () => 'run "r", sandbox case "c" trial 2',
      ),
    ).toThrow(`run "r", sandbox case "c" trial 2: record part ${hash} is missing from the store's record_parts`);
  });

  it('refuses a marker its parts column does not list', () => {
    expect(() =>
      joinRecordParts(
        text,
        [],
        () => '{"a":1}',
        () => 'here',
      ),
    ).toThrow('here: the record has a part marker that its parts column does not list');
  });
});
