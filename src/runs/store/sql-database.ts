import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';

/** A value bound to a statement's `?`. */
export type SqlValue = string | number | null;

/** A row as the database returns it (column name → value). */
export type SqlRow = Record<string, unknown>;

/**
 * What the store needs from a database, the same for the embedded SQLite file and a PostgreSQL server:
 * statements with `?` placeholders, run synchronously, each prepared once and reused. SQL that differs
 * between the two is chosen by `dialect`.
 */
export interface SqlDatabase {
  readonly dialect: 'sqlite' | 'postgres';
  /** How errors and reports name the store (a file path, or the URL without its password). */
  readonly name: string;
  /** Runs statements without parameters (schema, transactions). */
  exec(sql: string): void;
  run(sql: string, parameters?: readonly SqlValue[]): { readonly changes: number };
  get(sql: string, parameters?: readonly SqlValue[]): SqlRow | undefined;
  all(sql: string, parameters?: readonly SqlValue[]): SqlRow[];
  /** Rows one by one (SQLite streams them; PostgreSQL returns them all at once). */
  iterate(sql: string, parameters?: readonly SqlValue[]): Iterable<SqlRow>;
  /**
   * Rows one by one as arrays of their values in the columns' order (no object, no column names, per
   * row: half the cost of `iterate` for a long scan); the columns need distinct names.
   */
  iterateValues(sql: string, parameters?: readonly SqlValue[]): Iterable<readonly unknown[]>;
  /** Runs `work` in one transaction that takes the write lock at once; rolled back if it throws. */
  transaction<T>(work: () => T): T;
  close(): void;
}

/** SQLite through `node:sqlite`, with every statement prepared once per connection. */
export class SqliteDatabase implements SqlDatabase {
  readonly dialect = 'sqlite';
  private readonly statements = new Map<string, StatementSync>();
  private depth = 0;

  constructor(
    readonly database: DatabaseSync,
    readonly name: string,
  ) {}

  private prepared(sql: string): StatementSync {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.database.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  exec(sql: string): void {
    this.database.exec(sql);
  }

  /** Drops the prepared statements whose SQL matches (before detaching a database they name). */
  forget(matches: (sql: string) => boolean): void {
    for (const sql of [...this.statements.keys()]) if (matches(sql)) this.statements.delete(sql);
  }

  run(sql: string, parameters: readonly SqlValue[] = []): { readonly changes: number } {
    return { changes: Number(this.prepared(sql).run(...(parameters as SQLInputValue[])).changes) };
  }

  get(sql: string, parameters: readonly SqlValue[] = []): SqlRow | undefined {
    return this.prepared(sql).get(...(parameters as SQLInputValue[])) as SqlRow | undefined;
  }

  all(sql: string, parameters: readonly SqlValue[] = []): SqlRow[] {
    return this.prepared(sql).all(...(parameters as SQLInputValue[])) as SqlRow[];
  }

  *iterate(sql: string, parameters: readonly SqlValue[] = []): Iterable<SqlRow> {
    // Its own statement: a statement being iterated cannot be reused by another call meanwhile.
    for (const row of this.database.prepare(sql).iterate(...(parameters as SQLInputValue[]))) yield row as SqlRow;
  }

  *iterateValues(sql: string, parameters: readonly SqlValue[] = []): Iterable<readonly unknown[]> {
    const statement = this.database.prepare(sql);
    // `setReturnArrays` came with Node 22.16; an older Node 22 gets the same values from each row object.
    if (typeof statement.setReturnArrays !== 'function') {
      for (const row of statement.iterate(...(parameters as SQLInputValue[]))) yield Object.values(row);
      return;
    }
    statement.setReturnArrays(true);
    for (const row of statement.iterate(...(parameters as SQLInputValue[]))) yield row as unknown as unknown[];
  }

  transaction<T>(work: () => T): T {
    if (this.depth > 0) return work();
    this.database.exec('BEGIN IMMEDIATE');
    this.depth += 1;
    try {
      const result = work();
      this.database.exec('COMMIT');
      return result;
    } catch (error) {
      if (this.database.isTransaction) this.database.exec('ROLLBACK');
      throw error;
    } finally {
      this.depth -= 1;
    }
  }

  close(): void {
    this.statements.clear();
    this.database.close();
  }
}
