import { describe, expect, it } from 'vitest';
import { DefinitionError, type TableSchema } from '../spec/index.js';
import { deterministicId, seededRandom } from '../util/index.js';
import { applyDiff, defineWorldSchema, diffSnapshots, EpisodeClock, WorldSnapshot, WorldTimeline } from './index.js';

const people: TableSchema = {
  name: 'people',
  primaryKey: 'id',
  columns: { id: { type: 'string' }, name: { type: 'string' }, age: { type: 'number', nullable: true } },
};
const pets: TableSchema = {
  name: 'pets',
  primaryKey: 'id',
  columns: { id: { type: 'string' }, kind: { type: 'string' } },
};
const schema = defineWorldSchema([people, pets]);
const world = () =>
  WorldSnapshot.create(schema, {
    people: [
      { id: 'p1', name: 'Ada', age: 36 },
      { id: 'p2', name: 'Grace', age: null },
    ],
    pets: [{ id: 'x', kind: 'cat' }],
  });

describe('world schema', () => {
  it('rejects a table defined twice, a bad primary key and bad names, naming them', () => {
    expect(() => defineWorldSchema([people, people])).toThrow(/table "people" is defined twice/);
    expect(() => defineWorldSchema([{ ...pets, primaryKey: 'nope' }])).toThrow(/primary key "nope"/);
    expect(() => defineWorldSchema([{ ...pets, name: 'Pets!' }])).toThrow(DefinitionError);
  });

  it('rejects unknown tables, unknown columns and wrong types with the table and column named', () => {
    expect(() => WorldSnapshot.create(schema, { cars: [] })).toThrow(
      /unknown world table "cars"; known tables: people, pets/,
    );
    expect(() => world().insert('people', { id: 'p3', name: 'Lin', age: 3, shoe: 9 })).toThrow(/unknown column "shoe"/);
    expect(() => world().insert('people', { id: 'p3', name: 5, age: 3 })).toThrow(/column "name" must be a string/);
    expect(() => world().insert('pets', { id: 'y', kind: null })).toThrow(/column "kind" cannot be null/);
    expect(() => world().rows('cars')).toThrow(/unknown world table "cars"/);
  });

  it('rejects duplicate primary keys', () => {
    expect(() => world().insert('people', { id: 'p1', name: 'Again', age: 1 })).toThrow(/already exists/);
  });
});

describe('world snapshots', () => {
  it('never change: writes return a new snapshot and share unchanged tables', () => {
    const before = world();
    const after = before.insert('people', { id: 'p3', name: 'Lin', age: 40 });
    expect(before.rows('people')).toHaveLength(2);
    expect(after.rows('people')).toHaveLength(3);
    expect(after.sharesTable(before, 'pets')).toBe(true);
    expect(after.sharesTable(before, 'people')).toBe(false);
    expect(Object.isFrozen(before.rows('people'))).toBe(true);
  });

  it('update and remove by key, and report unknown keys', () => {
    const updated = world().update('people', 'p2', { age: 85 });
    expect(updated.find('people', 'p2')).toEqual({ id: 'p2', name: 'Grace', age: 85 });
    expect(() => world().update('people', 'zz', { age: 1 })).toThrow(/no row with id = "zz"/);
    expect(
      world()
        .remove('people', 'p1')
        .rows('people')
        .map((row) => row.id),
    ).toEqual(['p2']);
    expect(() => world().update('people', 'p1', { id: 'p9' })).toThrow(/cannot be updated/);
  });

  it('diffs two snapshots into added, removed and changed rows, and applies a diff back', () => {
    const before = world();
    const after = before
      .insert('people', { id: 'p3', name: 'Lin', age: 40 })
      .remove('people', 'p1')
      .update('people', 'p2', { age: 85 });
    const diff = diffSnapshots(before, after);
    expect(Object.keys(diff)).toEqual(['people']);
    expect(diff.people?.added).toEqual([{ id: 'p3', name: 'Lin', age: 40 }]);
    expect(diff.people?.removed).toEqual([{ id: 'p1', name: 'Ada', age: 36 }]);
    expect(diff.people?.changed).toEqual([
      {
        key: 'p2',
        before: { id: 'p2', name: 'Grace', age: null },
        after: { id: 'p2', name: 'Grace', age: 85 },
        columns: ['age'],
      },
    ]);
    expect(applyDiff(before, diff).toRecord()).toEqual(after.toRecord());
    expect(diffSnapshots(after, after)).toEqual({});
  });

  it('keeps the snapshot of message k unchanged after later writes', () => {
    const timeline = new WorldTimeline(world());
    timeline.record(0, timeline.current());
    timeline.record(1, timeline.current().insert('pets', { id: 'y', kind: 'dog' }));
    const atOne = timeline.at(1).toRecord();
    timeline.record(2, timeline.current().remove('pets', 'x').update('people', 'p1', { age: 37 }));
    timeline.record(3, timeline.current().insert('pets', { id: 'z', kind: 'owl' }));
    expect(timeline.at(1).toRecord()).toEqual(atOne);
    expect(timeline.at(0).rows('pets')).toEqual([{ id: 'x', kind: 'cat' }]);
    expect(timeline.at(-1)).toBe(timeline.initial);
    expect(timeline.changes().map((change) => change.messageIndex)).toEqual([1, 2, 3]);
    expect(() => timeline.record(7, timeline.current())).toThrow(RangeError);
  });
});

describe('episode clock and ids', () => {
  it('gives local date parts in the scenario zone, not the machine zone', () => {
    const clock = EpisodeClock.fromIso('2026-03-08T09:30:00Z', 'Asia/Tokyo');
    expect(clock.parts()).toEqual({ year: 2026, month: 3, day: 8, hour: 18, minute: 30, second: 0, isoWeekday: 7 });
    const la = new EpisodeClock(clock.now(), 'America/Los_Angeles');
    expect(la.parts().hour).toBe(1);
  });

  it('moves only when advanced', () => {
    const clock = new EpisodeClock(1000, 'UTC');
    expect(clock.now()).toBe(1000);
    clock.advance(5);
    expect(clock.now()).toBe(1005);
    expect(() => clock.advance(-1)).toThrow(RangeError);
  });

  it('rejects an unknown time zone or a malformed instant', () => {
    expect(() => new EpisodeClock(0, 'Mars/Olympus')).toThrow(/not an IANA time zone/);
    expect(() => EpisodeClock.fromIso('yesterday', 'UTC')).toThrow(/not an ISO 8601 instant/);
  });

  it('derives ids from the seed and a counter only', () => {
    expect(deterministicId('s', 0)).toBe(deterministicId('s', 0));
    expect(deterministicId('s', 0)).not.toBe(deterministicId('s', 1));
    expect(deterministicId('s', 0)).not.toBe(deterministicId('t', 0));
    expect(deterministicId('s', 0)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const a = seededRandom('x');
    const b = seededRandom('x');
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });

  it('keeps the ids and random draws of every stored episode (values of the createHash-based version)', () => {
    expect(deterministicId('s', 0)).toBe('fb2d8077-aac5-44a0-9960-490f480ead33');
    expect(deterministicId('épisode', 41)).toBe('c0435399-bf66-4176-868a-0b2c28428b22');
    const random = seededRandom('café/distraction-3');
    expect([random(), random()]).toEqual([0.2235992073547095, 0.9159183485899121]);
  });
});
