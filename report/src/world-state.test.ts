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
    expect(rows).toEqual([alice]);
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
