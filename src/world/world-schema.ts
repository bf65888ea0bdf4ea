import { type CellValue, DefinitionError, type Row, type TableSchema } from '../spec/index.js';

/** The tables a world has. Built once per domain set; checked when built. */
export interface WorldSchema {
  readonly tables: ReadonlyMap<string, TableSchema>;
}

/** Checks table definitions and returns the schema of a world made of them. */
export function defineWorldSchema(tables: readonly TableSchema[]): WorldSchema {
  const byName = new Map<string, TableSchema>();
  for (const table of tables) {
    if (!/^[a-z][a-z0-9_]*$/.test(table.name)) {
      throw new DefinitionError(`table "${table.name}": name must be snake_case`);
    }
    if (byName.has(table.name)) {
      throw new DefinitionError(`table "${table.name}" is defined twice`);
    }
    if (!(table.primaryKey in table.columns)) {
      throw new DefinitionError(
        `table "${table.name}": primary key "${table.primaryKey}" is not one of its columns (${Object.keys(table.columns).join(', ')})`,
      );
    }
    if (table.columns[table.primaryKey]?.nullable) {
      throw new DefinitionError(`table "${table.name}": primary key "${table.primaryKey}" cannot be nullable`);
    }
    byName.set(table.name, table);
  }
  return { tables: byName };
}

/** Merges the schemas of several domains; a table defined twice is an error naming it. */
export function mergeWorldSchemas(schemas: readonly WorldSchema[]): WorldSchema {
  return defineWorldSchema(schemas.flatMap((schema) => [...schema.tables.values()]));
}

/** Returns the table's schema, or throws an error naming the unknown table and the known ones. */
export function requireTable(schema: WorldSchema, name: string): TableSchema {
  const table = schema.tables.get(name);
  if (!table) {
    const known = [...schema.tables.keys()].join(', ') || '(none)';
    throw new DefinitionError(`unknown world table "${name}"; known tables: ${known}`);
  }
  return table;
}

/** Rows that already passed {@link checkRow}; they are frozen, so they stay valid. */
const checkedRows = new WeakSet<Row>();

/** Checks a row against its table: every column present with the declared type, no extra columns. */
export function checkRow(table: TableSchema, row: Row): Row {
  if (checkedRows.has(row)) return row;
  for (const name of Object.keys(row)) {
    if (!(name in table.columns)) {
      throw new DefinitionError(
        `table "${table.name}": unknown column "${name}"; columns: ${Object.keys(table.columns).join(', ')}`,
      );
    }
  }
  const checked: Record<string, CellValue> = {};
  for (const [name, column] of Object.entries(table.columns)) {
    const value = row[name] ?? null;
    if (value === null) {
      if (!column.nullable) {
        throw new DefinitionError(`table "${table.name}": column "${name}" cannot be null`);
      }
    } else if (typeof value !== column.type || (column.type === 'number' && !Number.isFinite(value))) {
      throw new DefinitionError(
        `table "${table.name}": column "${name}" must be a ${column.type}, got ${JSON.stringify(value)}`,
      );
    }
    checked[name] = value;
  }
  const frozen = Object.freeze(checked);
  checkedRows.add(frozen);
  return frozen;
}
