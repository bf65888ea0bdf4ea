/**
 * The persisted shapes of the world: table schemas, rows and differences between two snapshots.
 * The live, immutable snapshot type lives in `src/world`; these are the plain data it is made of.
 */

/** A cell value. Worlds hold JSON-like scalars only, so they serialise without loss. */
export type CellValue = string | number | boolean | null;

/** One row of a table: column name to value. */
export type Row = Readonly<Record<string, CellValue>>;

export type ColumnType = 'string' | 'number' | 'boolean';

export interface ColumnSchema {
  readonly type: ColumnType;
  /** Whether the column may hold `null`. */
  readonly nullable?: boolean;
  /** What the column means, for people reading a trajectory. */
  readonly description?: string;
}

export interface TableSchema {
  readonly name: string;
  /** The column whose value identifies a row; diffs pair rows by it. */
  readonly primaryKey: string;
  readonly columns: Readonly<Record<string, ColumnSchema>>;
  readonly description?: string;
}

/** The tables of a world and their rows, as stored in a trajectory. */
export interface WorldRecord {
  readonly tables: Readonly<Record<string, readonly Row[]>>;
}

/** A row whose key stayed but some columns changed. */
export interface RowChange {
  readonly key: CellValue;
  readonly before: Row;
  readonly after: Row;
  /** The columns whose values differ. */
  readonly columns: readonly string[];
}

/** What changed in one table between two snapshots. */
export interface TableDiff {
  readonly added: readonly Row[];
  readonly removed: readonly Row[];
  readonly changed: readonly RowChange[];
}

/** Per-table changes; tables that did not change are absent. */
export type WorldDiff = Readonly<Record<string, TableDiff>>;
