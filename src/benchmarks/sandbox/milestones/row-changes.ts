import type { CellValue, Row } from '../../../spec/index.js';
import { remembered } from '../../../util/index.js';
import { requireTable, type WorldSnapshot } from '../../../world/index.js';

/** The kinds of row change a constraint (and a claim's grounding) asks about. */
export type RowChange = 'rows-added' | 'rows-removed' | 'rows-updated';

/**
 * The rows that changed between the reference world and the current one, or undefined when the change
 * is not of the requested kind (e.g. rows were removed where only additions are expected). With
 * `including`, changes of other kinds are allowed and only the rows of the requested kind are returned.
 */
export function changedRows(
  kind: RowChange,
  table: string,
  reference: WorldSnapshot,
  current: WorldSnapshot,
  including: boolean,
): readonly Row[] | undefined {
  requireTable(current.schema, table);
  // Nothing changed: no rows of any kind (the same empty list every time, so its similarities are remembered).
  if (current.sharesTable(reference, table)) return NO_ROWS;
  const before = reference.rows(table);
  const after = current.rows(table);
  const byAfter = remembered(changes, before, () => new WeakMap());
  const byKind = remembered(byAfter, after, () => new Map<string, readonly Row[] | undefined>());
  const kindKey = `${kind}\u0000${including}\u0000${table}`;
  return remembered(byKind, kindKey, () => changedRowsAfresh(kind, table, reference, current, including));
}

const NO_ROWS: readonly Row[] = Object.freeze([]);

/** Changed rows per table list before and after (both immutable), kind, `including` and table. */
const changes = new WeakMap<readonly Row[], WeakMap<readonly Row[], Map<string, readonly Row[] | undefined>>>();

function changedRowsAfresh(
  kind: RowChange,
  table: string,
  reference: WorldSnapshot,
  current: WorldSnapshot,
  including: boolean,
): readonly Row[] | undefined {
  const key = requireTable(current.schema, table).primaryKey;
  const before = new Map<CellValue, Row>(reference.rows(table).map((row) => [row[key] ?? null, row]));
  const after = new Map<CellValue, Row>(current.rows(table).map((row) => [row[key] ?? null, row]));
  const added = [...after].filter(([id]) => !before.has(id)).map(([, row]) => row);
  const removed = [...before].filter(([id]) => !after.has(id)).map(([, row]) => row);
  const updated = [...after]
    .filter(([id, row]) => before.has(id) && !sameRow(before.get(id), row))
    .map(([, row]) => row);
  if (including) return kind === 'rows-added' ? added : kind === 'rows-removed' ? removed : updated;
  switch (kind) {
    case 'rows-added':
      return removed.length === 0 && updated.length === 0 ? added : undefined;
    case 'rows-removed':
      return added.length === 0 && updated.length === 0 ? removed : undefined;
    case 'rows-updated':
      return added.length === 0 && removed.length === 0 ? updated : undefined;
  }
}

function sameRow(a: Row | undefined, b: Row): boolean {
  if (a === b) return true;
  if (!a) return false;
  return Object.keys(b).every((column) => Object.is(a[column], b[column]));
}
