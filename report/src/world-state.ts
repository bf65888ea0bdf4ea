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

/**
 * The column that holds a changed row's key. The contract gives the key's value but not the column's
 * name, so take the first unchanged column of the old row holding that value.
 */
function keyColumn(change: TableDiff['changed'][number]): string | undefined {
  return Object.keys(change.before).find(
    (column) => !change.columns.includes(column) && Object.is(change.before[column], change.key),
  );
}

function findRow(rows: readonly Row[], wanted: Row, key?: { column: string; value: CellValue }): number {
  const exact = rows.findIndex((row) => rowsEqual(row, wanted));
  if (exact >= 0 || !key) return exact;
  return rows.findIndex((row) => Object.is(row[key.column], key.value));
}

/** Applies one table's diff as the engine does: drop removed rows, replace changed ones in place, append added. */
export function applyTableDiff(rows: readonly Row[], diff: TableDiff): Row[] {
  const result = [...rows];
  for (const removed of diff.removed ?? []) {
    const position = findRow(result, removed);
    if (position >= 0) result.splice(position, 1);
  }
  for (const change of diff.changed ?? []) {
    const column = keyColumn(change);
    const position = findRow(result, change.before, column === undefined ? undefined : { column, value: change.key });
    if (position >= 0) result[position] = change.after;
  }
  result.push(...(diff.added ?? []));
  return result;
}

export function applyWorldDiff(world: World, diff: WorldDiff): World {
  const next: Record<string, readonly Row[]> = { ...world };
  for (const [table, tableDiff] of Object.entries(diff)) next[table] = applyTableDiff(world[table] ?? [], tableDiff);
  return next;
}

/** The world after message `index`: the initial world with every change up to and including it. */
export function worldAtMessage(initial: World, changes: readonly WorldChange[], index: number): World {
  let world = initial;
  for (const change of changes) {
    if (change.messageIndex > index) continue;
    world = applyWorldDiff(world, change.diff);
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
