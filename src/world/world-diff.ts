import type { CellValue, Row, RowChange, TableDiff, WorldDiff } from '../spec/index.js';
import { requireTable } from './world-schema.js';
import type { WorldSnapshot } from './world-snapshot.js';

/**
 * What changed from `before` to `after`: per table, rows added, removed and changed (paired by primary
 * key). Tables whose object is shared between the two snapshots are skipped without looking at rows.
 */
export function diffSnapshots(before: WorldSnapshot, after: WorldSnapshot): WorldDiff {
  const diff: Record<string, TableDiff> = {};
  for (const table of after.tableNames()) {
    if (after.sharesTable(before, table)) continue;
    const primaryKey = requireTable(after.schema, table).primaryKey;
    const tableDiff = diffRows(primaryKey, before.rows(table), after.rows(table));
    if (tableDiff.added.length + tableDiff.removed.length + tableDiff.changed.length > 0) {
      diff[table] = tableDiff;
    }
  }
  return diff;
}

function diffRows(primaryKey: string, before: readonly Row[], after: readonly Row[]): TableDiff {
  const beforeByKey = new Map<CellValue, Row>(before.map((row) => [row[primaryKey] ?? null, row]));
  const afterKeys = new Set<CellValue>();
  const added: Row[] = [];
  const changed: RowChange[] = [];
  for (const row of after) {
    const key = row[primaryKey] ?? null;
    afterKeys.add(key);
    const previous = beforeByKey.get(key);
    if (!previous) {
      added.push(row);
      continue;
    }
    if (previous === row) continue;
    const columns = Object.keys(row).filter((column) => !Object.is(previous[column], row[column]));
    if (columns.length > 0) changed.push({ key, before: previous, after: row, columns });
  }
  const removed = before.filter((row) => !afterKeys.has(row[primaryKey] ?? null));
  return { added, removed, changed };
}

/** True when a diff records no change. */
export function isEmptyDiff(diff: WorldDiff): boolean {
  return Object.keys(diff).length === 0;
}

/** Applies a diff to a snapshot (used to rebuild the world at any message from a stored trajectory). */
export function applyDiff(snapshot: WorldSnapshot, diff: WorldDiff): WorldSnapshot {
  let result = snapshot;
  for (const [table, tableDiff] of Object.entries(diff)) {
    const primaryKey = requireTable(snapshot.schema, table).primaryKey;
    const removedKeys = new Set(tableDiff.removed.map((row) => row[primaryKey] ?? null));
    const changedByKey = new Map(tableDiff.changed.map((change) => [change.key, change.after]));
    const rows = result
      .rows(table)
      .filter((row) => !removedKeys.has(row[primaryKey] ?? null))
      .map((row) => changedByKey.get(row[primaryKey] ?? null) ?? row);
    result = result.replaceTable(table, [...rows, ...tableDiff.added]);
  }
  return result;
}
