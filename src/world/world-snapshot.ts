import type { CellValue, Row, WorldRecord } from '../spec/index.js';
import { DefinitionError } from '../spec/index.js';
import { checkRow, requireTable, type WorldSchema } from './world-schema.js';

/**
 * An immutable state of the world. Every change returns a new snapshot; tables that did not change are
 * shared with the previous snapshot (copy-on-write per table), so keeping one snapshot per message is
 * cheap and an old snapshot never sees a later write.
 *
 * `idSequence` counts the ids handed out so far, so that a snapshot captures everything a tool can
 * change and a batch of calls can be replayed from it in another order.
 */
export class WorldSnapshot {
  /** The snapshot's record, once `toRecord` has made it. */
  private record: WorldRecord | undefined;

  private constructor(
    readonly schema: WorldSchema,
    private readonly tables: ReadonlyMap<string, readonly Row[]>,
    readonly idSequence: number,
  ) {}

  /** A snapshot with the given rows; tables left out are empty. Rows are checked against the schema. */
  static create(schema: WorldSchema, rows: Readonly<Record<string, readonly Row[]>> = {}): WorldSnapshot {
    for (const name of Object.keys(rows)) requireTable(schema, name);
    const tables = new Map<string, readonly Row[]>();
    for (const [name, table] of schema.tables) {
      const checked = (rows[name] ?? []).map((row) => checkRow(table, row));
      assertUniqueKeys(name, table.primaryKey, checked);
      tables.set(name, Object.freeze(checked));
    }
    return new WorldSnapshot(schema, tables, 0);
  }

  static fromRecord(schema: WorldSchema, record: WorldRecord, idSequence = 0): WorldSnapshot {
    // A record this process made from a snapshot (a trajectory just played) needs no second check.
    const origin = recordOrigins.get(record);
    if (origin && origin.schema === schema) return origin.withIdSequence(idSequence);
    return WorldSnapshot.create(schema, record.tables).withIdSequence(idSequence);
  }

  tableNames(): string[] {
    return [...this.tables.keys()];
  }

  /** All rows of a table, in insertion order. */
  rows(table: string): readonly Row[] {
    const rows = this.tables.get(table);
    if (!rows) requireTable(this.schema, table);
    return rows ?? [];
  }

  /** The row whose primary key equals `key`, if any. */
  find(table: string, key: CellValue): Row | undefined {
    const primaryKey = requireTable(this.schema, table).primaryKey;
    return this.rows(table).find((row) => row[primaryKey] === key);
  }

  /** Whether two snapshots hold the same table object (no change at all, not merely equal rows). */
  sharesTable(other: WorldSnapshot, table: string): boolean {
    return this.tables.get(table) === other.tables.get(table);
  }

  insert(table: string, row: Row): WorldSnapshot {
    const schema = requireTable(this.schema, table);
    const checked = checkRow(schema, row);
    if (this.find(table, checked[schema.primaryKey] ?? null)) {
      throw new DefinitionError(
        `table "${table}": a row with ${schema.primaryKey} = ${JSON.stringify(checked[schema.primaryKey])} already exists`,
      );
    }
    return this.replaceTable(table, [...this.rows(table), checked]);
  }

  /** Changes some columns of the row with the given key; the key itself cannot change. */
  update(table: string, key: CellValue, patch: Row): WorldSnapshot {
    const schema = requireTable(this.schema, table);
    if (schema.primaryKey in patch && patch[schema.primaryKey] !== key) {
      throw new DefinitionError(`table "${table}": the primary key "${schema.primaryKey}" cannot be updated`);
    }
    let found = false;
    const rows = this.rows(table).map((row) => {
      if (row[schema.primaryKey] !== key) return row;
      found = true;
      return checkRow(schema, { ...row, ...patch });
    });
    if (!found)
      throw new DefinitionError(`table "${table}": no row with ${schema.primaryKey} = ${JSON.stringify(key)}`);
    return this.replaceTable(table, rows);
  }

  remove(table: string, key: CellValue): WorldSnapshot {
    const schema = requireTable(this.schema, table);
    const rows = this.rows(table).filter((row) => row[schema.primaryKey] !== key);
    if (rows.length === this.rows(table).length) {
      throw new DefinitionError(`table "${table}": no row with ${schema.primaryKey} = ${JSON.stringify(key)}`);
    }
    return this.replaceTable(table, rows);
  }

  /** Replaces a whole table (rows are checked). */
  replaceTable(table: string, rows: readonly Row[]): WorldSnapshot {
    const schema = requireTable(this.schema, table);
    const checked = rows.map((row) => checkRow(schema, row));
    assertUniqueKeys(table, schema.primaryKey, checked);
    const tables = new Map(this.tables);
    tables.set(table, Object.freeze(checked));
    return new WorldSnapshot(this.schema, tables, this.idSequence);
  }

  withIdSequence(idSequence: number): WorldSnapshot {
    return idSequence === this.idSequence ? this : new WorldSnapshot(this.schema, this.tables, idSequence);
  }

  /**
   * The snapshot as a record: one frozen object per snapshot, made on first use (its rows and tables are
   * the snapshot's, already frozen). Being the same object every time lets the store serialize a world
   * that many episodes start in once (see `EpisodeResult.sharedParts`).
   */
  toRecord(): WorldRecord {
    if (this.record === undefined) {
      this.record = Object.freeze({ tables: Object.freeze(Object.fromEntries(this.tables)) });
      recordOrigins.set(this.record, this);
    }
    return this.record;
  }
}

/** The snapshot each record made by `toRecord` came from (its tables are that snapshot's frozen rows). */
const recordOrigins = new WeakMap<WorldRecord, WorldSnapshot>();

function assertUniqueKeys(table: string, primaryKey: string, rows: readonly Row[]): void {
  const seen = new Set<CellValue>();
  for (const row of rows) {
    const key = row[primaryKey] ?? null;
    if (seen.has(key)) {
      throw new DefinitionError(`table "${table}": duplicate ${primaryKey} ${JSON.stringify(key)}`);
    }
    seen.add(key);
  }
}
