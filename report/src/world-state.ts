import type { CellValue, Row, TableDiff } from '../../src/report/report-data';

/** A world: table name → rows. */
export type World = Readonly<Record<string, readonly Row[]>>;
export type WorldDiff = Readonly<Record<string, TableDiff>>;
export interface WorldChange {
  readonly messageIndex: number;
  readonly diff: WorldDiff;
}

export function rowsEqual(a: Row, b: Row): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && Object.is(a[key], b[key]));
}

/** Table name → primary key column (`ReportData.tablePrimaryKeys`; absent in older reports). */
export type PrimaryKeys = Readonly<Record<string, string>>;

/** A row's key as the engine reads it: a missing cell counts as null. */
function keyOf(row: Row, column: string): CellValue {
  return row[column] ?? null;
}

/**
 * The column that holds a changed row's key, for reports without primary keys: the contract gives the
 * key's value but not the column's name, so take the first unchanged column of the old row holding that
 * value.
 */
function guessKeyColumn(change: TableDiff['changed'][number]): string | undefined {
  return Object.keys(change.before).find(
    (column) => !change.columns.includes(column) && Object.is(change.before[column], change.key),
  );
}

function findRow(rows: readonly Row[], wanted: Row, key?: { column: string; value: CellValue }): number {
  const exact = rows.findIndex((row) => rowsEqual(row, wanted));
  if (exact >= 0 || !key) return exact;
  return rows.findIndex((row) => Object.is(row[key.column], key.value));
}

/**
 * Applies one table's diff exactly as the engine does (`applyDiff` in src/world/world-diff.ts), pairing
 * rows by the table's primary key: drop the rows whose key was removed, replace the rows whose key
 * changed, append the added rows. Used when the report names the key column and the diff's rows hold it.
 */
function applyTableDiffByKey(rows: readonly Row[], diff: TableDiff, primaryKey: string): Row[] {
  const removedKeys = new Set((diff.removed ?? []).map((row) => keyOf(row, primaryKey)));
  const changedByKey = new Map((diff.changed ?? []).map((change) => [change.key, change.after]));
  return [
    ...rows
      .filter((row) => !removedKeys.has(keyOf(row, primaryKey)))
      .map((row) => changedByKey.get(keyOf(row, primaryKey)) ?? row),
    ...(diff.added ?? []),
  ];
}

/** Whether every row the diff names carries the key column (if not, the key is not this table's). */
function diffHoldsKey(diff: TableDiff, primaryKey: string): boolean {
  return (
    (diff.removed ?? []).every((row) => Object.hasOwn(row, primaryKey)) &&
    (diff.changed ?? []).every(
      (change) => Object.hasOwn(change.before, primaryKey) && Object.is(change.before[primaryKey], change.key),
    )
  );
}

/**
 * Applies one table's diff as the engine does: drop removed rows, replace changed ones in place, append
 * added. With the table's primary key, rows are paired by it, as the engine pairs them; without it (older
 * reports) removed rows are found by value and changed rows by value, then by a guessed key column.
 */
export function applyTableDiff(rows: readonly Row[], diff: TableDiff, primaryKey?: string): Row[] {
  if (primaryKey !== undefined && diffHoldsKey(diff, primaryKey)) return applyTableDiffByKey(rows, diff, primaryKey);
  const result = [...rows];
  for (const removed of diff.removed ?? []) {
    const position = findRow(result, removed);
    if (position >= 0) result.splice(position, 1);
  }
  for (const change of diff.changed ?? []) {
    const column = guessKeyColumn(change);
    const position = findRow(result, change.before, column === undefined ? undefined : { column, value: change.key });
    if (position >= 0) result[position] = change.after;
  }
  result.push(...(diff.added ?? []));
  return result;
}

export function applyWorldDiff(world: World, diff: WorldDiff, primaryKeys?: PrimaryKeys): World {
  const next: Record<string, readonly Row[]> = { ...world };
  for (const [table, tableDiff] of Object.entries(diff)) {
    const primaryKey = primaryKeys && Object.hasOwn(primaryKeys, table) ? primaryKeys[table] : undefined;
    next[table] = applyTableDiff(world[table] ?? [], tableDiff, primaryKey);
  }
  return next;
}

/**
 * The world after message `index`: the initial world with every change up to and including it, in
 * message order. `primaryKeys` (the report's `tablePrimaryKeys`) pairs rows as the engine does.
 */
export function worldAtMessage(
  initial: World,
  changes: readonly WorldChange[],
  index: number,
  primaryKeys?: PrimaryKeys,
): World {
  let world = initial;
  const ordered = [...changes].sort((a, b) => a.messageIndex - b.messageIndex);
  for (const change of ordered) {
    if (change.messageIndex > index) continue;
    world = applyWorldDiff(world, change.diff, primaryKeys);
  }
  return world;
}

/** The columns of a table: the union of its rows' keys, first-seen order. */
export function tableColumns(rows: readonly Row[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) for (const column of Object.keys(row)) columns.add(column);
  return [...columns];
}

/** How each row of a table at some message relates to that message's diff, for highlighting. */
export interface RowMark {
  readonly kind: 'added' | 'changed';
  readonly columns: readonly string[];
}

export function markRows(rows: readonly Row[], diff: TableDiff | undefined): (RowMark | undefined)[] {
  if (!diff) return rows.map(() => undefined);
  return rows.map((row) => {
    if ((diff.added ?? []).some((added) => rowsEqual(added, row))) return { kind: 'added', columns: [] };
    const change = (diff.changed ?? []).find((candidate) => rowsEqual(candidate.after, row));
    return change ? { kind: 'changed', columns: change.columns } : undefined;
  });
}

/** A short summary of a diff: "settings ~1 · messaging +1". */
export function summarizeDiff(diff: WorldDiff): string {
  return Object.entries(diff)
    .map(([table, tableDiff]) => {
      const parts = [
        tableDiff.added?.length ? `+${tableDiff.added.length}` : '',
        tableDiff.removed?.length ? `−${tableDiff.removed.length}` : '',
        tableDiff.changed?.length ? `~${tableDiff.changed.length}` : '',
      ].filter(Boolean);
      return `${table} ${parts.join(' ')}`;
    })
    .join(' · ');
}
