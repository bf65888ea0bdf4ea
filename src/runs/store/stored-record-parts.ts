import { joinRecordParts } from './record-parts.js';
import type { SqlDatabase } from './sql-database.js';
import { StoredRowError } from './stored-json.js';

/**
 * The record parts a store handle has read (see `record-parts.ts`): each part is read from
 * `record_parts` the first time a record names it and kept, so a run whose episodes share a few hundred
 * worlds reads each world once however many records are read.
 */
export class StoredRecordParts {
  private readonly texts = new Map<string, string>();

  constructor(private readonly database: SqlDatabase) {}

  /**
   * A stored record's whole text: the stored text itself when its `parts` column is null (a whole record,
   * as every record before format 4), else with each marker replaced by its part. `where` names the
   * episode in errors (a malformed parts column, a missing part).
   */
  wholeText(record: string, parts: string | null | undefined, where: () => string): string {
    if (parts === null || parts === undefined) return record;
    return joinRecordParts(record, hashesOf(parts, where), (hash) => this.text(hash), where);
  }

  private text(hash: string): string | undefined {
    let text = this.texts.get(hash);
    if (text === undefined) {
      const row = this.database.get('SELECT json FROM record_parts WHERE hash = ?', [hash]);
      if (row === undefined) return undefined;
      text = String(row.json);
      this.texts.set(hash, text);
    }
    return text;
  }
}

/** The hashes of an `episode_records.parts` column: a JSON array of strings. */
function hashesOf(parts: string, where: () => string): string[] {
  let hashes: unknown;
  try {
    hashes = JSON.parse(parts);
  } catch {
    hashes = undefined;
  }
  if (!Array.isArray(hashes) || !hashes.every((hash) => typeof hash === 'string')) {
    throw new StoredRowError(`${where()}: the record's parts column is not a JSON array of hashes: ${parts}`);
  }
  return hashes;
}
