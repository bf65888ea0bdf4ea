import { useState } from 'preact/hooks';
import type { CellValue, Row, TableDiff } from '../../src/report/report-data';
import { formatCell } from './format';
import { markRows, tableColumns, type World, type WorldDiff } from './world-state';

const ROW_LIMIT = 200;

/** Long text wraps in a wide cell; everything else stays on one line (ids, numbers, flags). */
function cellClass(value: CellValue | undefined, extra?: string): string | undefined {
  const long = typeof value === 'string' && value.length > 40 ? 'long' : '';
  return [long, extra ?? ''].filter(Boolean).join(' ') || undefined;
}

function Cell({ value }: { readonly value: CellValue | undefined }) {
  return value === null ? <span class="null">null</span> : formatCell(value);
}

/** One table's changes at one message: added (+), removed (−) and changed (~) rows, changed cells marked. */
function DiffTable({ table, diff }: { readonly table: string; readonly diff: TableDiff }) {
  const added = diff.added ?? [];
  const removed = diff.removed ?? [];
  const changed = diff.changed ?? [];
  const columns = tableColumns([...added, ...removed, ...changed.flatMap((change) => [change.before, change.after])]);
  return (
    <div class="diff-table" data-testid="world-diff" data-table={table}>
      <span class="table-name">{table}</span>{' '}
      <span class="small muted">
        {added.length > 0 ? `${added.length} added ` : ''}
        {removed.length > 0 ? `${removed.length} removed ` : ''}
        {changed.length > 0 ? `${changed.length} changed` : ''}
      </span>
      <div style={{ overflowX: 'auto' }}>
        <table class="mini">
          <thead>
            <tr>
              <th />
              {columns.map((column) => (
                <th key={column}>{column}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {added.map((row, position) => (
              <tr key={`a${position}`} class="added">
                <td class="op">+</td>
                {columns.map((column) => (
                  <td key={column} class={cellClass(row[column])}>
                    <Cell value={row[column]} />
                  </td>
                ))}
              </tr>
            ))}
            {removed.map((row, position) => (
              <tr key={`r${position}`} class="removed">
                <td class="op">−</td>
                {columns.map((column) => (
                  <td key={column} class={cellClass(row[column])}>
                    <Cell value={row[column]} />
                  </td>
                ))}
              </tr>
            ))}
            {changed.map((change, position) => (
              <tr key={`c${position}`}>
                <td class="op">~</td>
                {columns.map((column) =>
                  change.columns.includes(column) ? (
                    <td
                      key={column}
                      class={cellClass(change.after[column], 'changed-cell')}
                      data-changed-column={column}
                    >
                      <span class="before-value">
                        <Cell value={change.before[column]} />
                      </span>
                      <Cell value={change.after[column]} />
                    </td>
                  ) : (
                    <td key={column} class={cellClass(change.after[column])}>
                      <Cell value={change.after[column]} />
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export function WorldDiffTables({ diff }: { readonly diff: WorldDiff }) {
  return (
    <>
      {Object.entries(diff).map(([table, tableDiff]) => (
        <DiffTable key={table} table={table} diff={tableDiff} />
      ))}
    </>
  );
}

function WorldTable({
  table,
  rows,
  diff,
}: {
  readonly table: string;
  readonly rows: readonly Row[];
  readonly diff?: TableDiff;
}) {
  const [showAll, setShowAll] = useState(false);
  const columns = tableColumns(rows);
  const marks = markRows(rows, diff);
  const shown = showAll ? rows : rows.slice(0, ROW_LIMIT);
  return (
    <div class="world-table" data-testid="world-table" data-table={table}>
      <span class="table-name">{table}</span>{' '}
      <span class="small muted">
        {rows.length} {rows.length === 1 ? 'row' : 'rows'}
      </span>
      {rows.length > 0 && (
        <table class="mini">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column}>{column}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((row, position) => {
              const mark = marks[position];
              return (
                <tr key={position} class={mark?.kind === 'added' ? 'added' : undefined}>
                  {columns.map((column) => (
                    <td
                      key={column}
                      class={cellClass(row[column], mark?.columns.includes(column) ? 'changed-cell' : undefined)}
                      title={formatCell(row[column])}
                    >
                      <Cell value={row[column]} />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {rows.length > ROW_LIMIT && (
        <button type="button" onClick={() => setShowAll(!showAll)}>
          {showAll ? `show the first ${ROW_LIMIT}` : `show all ${rows.length} rows`}
        </button>
      )}
    </div>
  );
}

/** The full world at one message; rows added or changed by that very message are highlighted. */
export function WorldTables({ world, diff }: { readonly world: World; readonly diff?: WorldDiff }) {
  const tables = Object.keys(world).sort();
  if (tables.length === 0) return <p class="muted small">The world has no tables.</p>;
  return (
    <>
      {tables.map((table) => (
        <WorldTable key={table} table={table} rows={world[table] ?? []} diff={diff?.[table]} />
      ))}
    </>
  );
}
