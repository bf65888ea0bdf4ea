import { describe, expect, it } from 'vitest';
import type { Row, TableDiff } from '../../src/report/report-data';
import {
  applyTableDiff,
  markRows,
  rowsEqual,
  summarizeDiff,
  tableColumns,
  type WorldChange,
  worldAtMessage,
} from './world-state';

const alice: Row = { id: 1, name: 'Alice', phone: '+1' };
const bob: Row = { id: 2, name: 'Bob', phone: '+2' };
const carol: Row = { id: 3, name: 'Carol', phone: null };
const empty: TableDiff = { added: [], removed: [], changed: [] };

describe('applyTableDiff', () => {
  it('removes, changes in place and appends, as the engine does', () => {
    const diff: TableDiff = {
      added: [carol],
      removed: [alice],
      changed: [{ key: 2, before: bob, after: { ...bob, phone: '+22' }, columns: ['phone'] }],
    };
    expect(applyTableDiff([alice, bob], diff)).toEqual([{ id: 2, name: 'Bob', phone: '+22' }, carol]);
  });

  it('finds a changed row by its key column when the old row differs', () => {
    const stale = { ...bob, name: 'Robert' };
    const diff: TableDiff = {
      ...empty,
      changed: [{ key: 2, before: bob, after: { ...bob, phone: '+9' }, columns: ['phone'] }],
    };
    expect(applyTableDiff([alice, stale], diff)).toEqual([alice, { ...bob, phone: '+9' }]);
  });

  it('leaves the input untouched', () => {
    const rows = [alice];
    applyTableDiff(rows, { ...empty, removed: [alice] });
    applyTableDiff(rows, { ...empty, removed: [alice] }, 'id');
    expect(rows).toEqual([alice]);
  });
});

describe('applyTableDiff with the primary key', () => {
  // `alias` holds the same value as the key `id` in the changed row, so guessing the key column picks
  // `alias` (the first unchanged column holding the key) and replaces the wrong row.
  const before: Row = { alias: 'k1', id: 'k1', phone: '+1' };
  const after: Row = { alias: 'k1', id: 'k1', phone: '+2' };
  const decoy: Row = { alias: 'k1', id: 'k9', phone: '+0' };
  const stale: Row = { alias: 'old', id: 'k1', phone: '+5' };
  const change: TableDiff = { ...empty, changed: [{ key: 'k1', before, after, columns: ['phone'] }] };

  it('pairs a changed row by the key column, where guessing the column goes wrong', () => {
    expect(applyTableDiff([decoy, stale], change, 'id')).toEqual([decoy, after]);
    expect(applyTableDiff([decoy, stale], change)).toEqual([after, stale]);
  });

  it('removes rows by key even when their other cells differ from the diff', () => {
    const diff: TableDiff = { ...empty, removed: [{ id: 2, name: 'Bob', phone: '+2' }] };
    const renamed = { ...bob, name: 'Robert' };
    expect(applyTableDiff([alice, renamed, carol], diff, 'id')).toEqual([alice, carol]);
    expect(applyTableDiff([alice, renamed, carol], diff)).toEqual([alice, renamed, carol]);
  });

  it('keeps the engine order: kept rows in place, changed rows replaced in place, added rows last', () => {
    const diff: TableDiff = {
      added: [{ id: 4, name: 'Dan', phone: '+4' }],
      removed: [alice],
      changed: [{ key: 3, before: carol, after: { ...carol, phone: '+3' }, columns: ['phone'] }],
    };
    expect(applyTableDiff([alice, bob, carol], diff, 'id')).toEqual([
      bob,
      { ...carol, phone: '+3' },
      { id: 4, name: 'Dan', phone: '+4' },
    ]);
  });

  it('treats a missing key cell as null, as the engine does', () => {
    const keyless: Row = { name: 'nobody' };
    const diff: TableDiff = { ...empty, removed: [{ id: null, name: 'nobody' }] };
    expect(applyTableDiff([keyless, alice], diff, 'id')).toEqual([alice]);
  });

  it('falls back to guessing when the diff rows do not hold the named key column', () => {
    expect(applyTableDiff([decoy, stale], change, 'person_id')).toEqual(applyTableDiff([decoy, stale], change));
  });
});

describe('worldAtMessage with primary keys', () => {
  const initial = {
    contacts: [
      { alias: 'k1', id: 'k9', phone: '+0' },
      { alias: 'k1', id: 'k1', phone: '+1' },
    ],
    notes: [{ text: 'hi' }],
  };
  const changes: WorldChange[] = [
    {
      messageIndex: 2,
      diff: {
        contacts: {
          ...empty,
          changed: [
            {
              key: 'k1',
              before: { alias: 'k1', id: 'k1', phone: '+1' },
              after: { alias: 'k1', id: 'k1', phone: '+2' },
              columns: ['phone'],
            },
          ],
        },
      },
    },
    { messageIndex: 5, diff: { notes: { ...empty, removed: [{ text: 'hi' }] } } },
  ];

  it('applies each table by its key and tables without a known key as before', () => {
    const final = worldAtMessage(initial, changes, 9, { contacts: 'id' });
    expect(final.contacts).toEqual([
      { alias: 'k1', id: 'k9', phone: '+0' },
      { alias: 'k1', id: 'k1', phone: '+2' },
    ]);
    expect(final.notes).toEqual([]);
  });

  it('applies changes in message order whatever order they are listed in', () => {
    const added: WorldChange = {
      messageIndex: 1,
      diff: { contacts: { ...empty, added: [{ alias: 'x', id: 'k2', phone: '+7' }] } },
    };
    const edited: WorldChange = {
      messageIndex: 3,
      diff: {
        contacts: {
          ...empty,
          changed: [
            {
              key: 'k2',
              before: { alias: 'x', id: 'k2', phone: '+7' },
              after: { alias: 'x', id: 'k2', phone: '+8' },
              columns: ['phone'],
            },
          ],
        },
      },
    };
    const keys = { contacts: 'id' };
    expect(worldAtMessage(initial, [edited, added], 9, keys)).toEqual(
      worldAtMessage(initial, [added, edited], 9, keys),
    );
    expect(worldAtMessage(initial, [edited, added], 9, keys).contacts?.at(-1)).toEqual({
      alias: 'x',
      id: 'k2',
      phone: '+8',
    });
  });
});

describe('worldAtMessage', () => {
  const initial = { contacts: [alice, bob], settings: [{ device: 'phone', cellular: false }] };
  const changes: WorldChange[] = [
    {
      messageIndex: 4,
      diff: {
        settings: {
          ...empty,
          changed: [
            {
              key: 'phone',
              before: { device: 'phone', cellular: false },
              after: { device: 'phone', cellular: true },
              columns: ['cellular'],
            },
          ],
        },
      },
    },
    { messageIndex: 7, diff: { contacts: { ...empty, added: [carol] }, notes: { ...empty, added: [{ text: 'hi' }] } } },
  ];

  it('is the initial world before any change', () => {
    expect(worldAtMessage(initial, changes, -1)).toEqual(initial);
    expect(worldAtMessage(initial, changes, 3)).toEqual(initial);
  });

  it('includes the change of the message itself and every earlier one', () => {
    expect(worldAtMessage(initial, changes, 4).settings).toEqual([{ device: 'phone', cellular: true }]);
    const final = worldAtMessage(initial, changes, 99);
    expect(final.contacts).toEqual([alice, bob, carol]);
    expect(final.notes).toEqual([{ text: 'hi' }]);
    expect(final.settings).toEqual([{ device: 'phone', cellular: true }]);
  });

  it('does not depend on the order changes are listed in', () => {
    expect(worldAtMessage(initial, [...changes].reverse(), 99)).toEqual(worldAtMessage(initial, changes, 99));
  });
});

describe('helpers', () => {
  it('compares rows by value, null included', () => {
    expect(rowsEqual(carol, { ...carol })).toBe(true);
    expect(rowsEqual(carol, { ...carol, phone: 'null' })).toBe(false);
    expect(rowsEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });

  it('lists columns in first-seen order', () => {
    expect(tableColumns([{ a: 1 }, { b: 2, a: 3 }])).toEqual(['a', 'b']);
  });

  it('marks added rows and changed columns', () => {
    const after = { ...bob, phone: '+22' };
    const diff: TableDiff = {
      added: [carol],
      removed: [],
      changed: [{ key: 2, before: bob, after, columns: ['phone'] }],
    };
    expect(markRows([alice, after, carol], diff)).toEqual([
      undefined,
      { kind: 'changed', columns: ['phone'] },
      { kind: 'added', columns: [] },
    ]);
    expect(markRows([alice], undefined)).toEqual([undefined]);
  });

  it('summarizes a diff per table', () => {
    expect(summarizeDiff({ contacts: { added: [carol], removed: [alice], changed: [] } })).toBe('contacts +1 −1');
  });
});
