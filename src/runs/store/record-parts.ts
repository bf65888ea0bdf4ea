import type { RecordPartPath } from '../../spec/index.js';
import { crypto } from '../../util/built-ins-on-demand.js';
import { StoredRowError } from './stored-json.js';

/**
 * Parts of records stored once (store format 4). A benchmark names objects of its record that repeat
 * across episodes (`EpisodeResult.sharedParts`, e.g. the world an episode starts in: half of a sandbox
 * record, and a scenario's cases and trials all start in the same one). Stored, each is replaced in the
 * record's text by a marker `{"$part":"<SHA-256 of the part's JSON text>"}` and its text is kept once in
 * `record_parts`; read, the markers are replaced by the parts' texts, which gives back, byte for byte,
 * the text the whole record would have had. A record whose own text already holds the marker's opening
 * is stored whole, so a marker can never be misread.
 */

/** A part as stored: its JSON text and the SHA-256 (hex) of that text. */
export interface RecordPart {
  readonly hash: string;
  readonly json: string;
  /** The text's length in UTF-8 bytes (for the record size limit). */
  readonly bytes: number;
}

/** A record's text for the store: whole (no parts), or with markers where its parts were. */
export interface SerializedRecord {
  readonly text: string;
  /** The distinct parts the text's markers name (none for a whole record). */
  readonly parts: readonly RecordPart[];
  /** The UTF-8 size of the whole record's text (markers replaced by their parts). */
  readonly bytes: number;
}

/** How every marker starts; nothing else in a record stored with parts contains this text. */
const MARKER_START = '{"$part":"';
const MARKER_END = '"}';
const HASH_LENGTH = 64;
const MARKER_BYTES = MARKER_START.length + HASH_LENGTH + MARKER_END.length;

/**
 * Each part serialized and hashed once per process, by identity: a scenario's episodes share the same
 * world object, so its text and hash are made for the first episode only.
 */
const partsByObject = new WeakMap<object, RecordPart>();
const partUse = { made: 0, reused: 0 };

/** How often a part was serialized and hashed, and how often one already made was reused (for measuring). */
export function recordPartUse(): { readonly made: number; readonly reused: number } {
  return { ...partUse };
}

function partOf(value: object): RecordPart {
  const known = partsByObject.get(value);
  if (known) {
    partUse.reused += 1;
    return known;
  }
  const json = JSON.stringify(value);
  const part = {
    hash: crypto().createHash('sha256').update(json).digest('hex'),
    json,
    bytes: Buffer.byteLength(json),
  };
  partsByObject.set(value, part);
  partUse.made += 1;
  return part;
}

/** An object or an array, indexed by its keys or positions. */
type Container = Record<string | number, unknown>;

/** An object or array that `JSON.stringify` writes as it is (no `toJSON` of its own). */
function isPlainContainer(value: unknown): value is Container {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toJSON?: unknown }).toJSON !== 'function' &&
    (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null)
  );
}

/**
 * The record with each part at `paths` replaced by its marker: the objects along each path are copied
 * (shallowly, so keys keep their order and the benchmark's own objects are left as they are); a path
 * that does not lead to an object is skipped. Returns the copy and the parts it names, in path order.
 */
function withMarkers(record: unknown, paths: readonly RecordPartPath[]): { value: unknown; parts: RecordPart[] } {
  const copies = new Map<object, Container>();
  const copyOf = (original: Container): Container => {
    const known = copies.get(original);
    if (known) return known;
    const copy = (Array.isArray(original) ? [...original] : { ...original }) as Container;
    copies.set(original, copy);
    return copy;
  };
  const parts: RecordPart[] = [];
  for (const path of paths) {
    if (path.length === 0 || !isPlainContainer(record)) continue;
    const chain: Container[] = [record];
    let leaf: unknown = record;
    for (const key of path) {
      const parent = chain[chain.length - 1] as Container;
      leaf = Object.hasOwn(parent, key) ? parent[key] : undefined;
      if (!isPlainContainer(leaf)) break;
      chain.push(leaf);
    }
    if (chain.length !== path.length + 1) continue;
    const part = partOf(leaf as object);
    parts.push(part);
    let copy = copyOf(record);
    for (const [depth, key] of path.entries()) {
      if (depth === path.length - 1) copy[key] = { $part: part.hash };
      else {
        const child = copyOf(chain[depth + 1] as Container);
        copy[key] = child;
        copy = child;
      }
    }
  }
  return { value: parts.length === 0 ? record : (copies.get(record as object) ?? record), parts };
}

/** How many times `text` contains the opening of a marker. */
function markerCount(text: string): number {
  let count = 0;
  for (let at = text.indexOf(MARKER_START); at !== -1; at = text.indexOf(MARKER_START, at + 1)) count += 1;
  return count;
}

/**
 * A record's text for the store, with the parts at `paths` apart (see the module's comment). Stored
 * whole when no path leads to a part, or when the record's text already holds a marker's opening.
 */
export function serializeRecord(record: unknown, paths: readonly RecordPartPath[] = []): SerializedRecord {
  const { value, parts } = paths.length === 0 ? { value: record, parts: [] } : withMarkers(record, paths);
  if (parts.length > 0) {
    const text = JSON.stringify(value);
    if (markerCount(text) === parts.length) {
      const extra = parts.reduce((total, part) => total + part.bytes - MARKER_BYTES, 0);
      const distinct = [...new Map(parts.map((part) => [part.hash, part])).values()];
      return { text, parts: distinct, bytes: Buffer.byteLength(text) + extra };
    }
  }
  const text = JSON.stringify(record) ?? 'null';
  return { text, parts: [], bytes: Buffer.byteLength(text) };
}

/** The `episode_records.parts` value of a record: its parts' hashes as a JSON array, or null when whole. */
export function partsColumn(record: SerializedRecord | string): string | null {
  if (typeof record === 'string' || record.parts.length === 0) return null;
  return JSON.stringify(record.parts.map((part) => part.hash));
}

/**
 * The whole text of a record stored with parts: each marker replaced by the text of the part it names.
 * `partText` gives a part's text by hash (undefined when the store lacks it); `where` names the episode
 * in the error for a part that is missing or not listed in the record's `parts` column.
 */
export function joinRecordParts(
  text: string,
  hashes: readonly string[],
  partText: (hash: string) => string | undefined,
  where: () => string,
): string {
  let whole = '';
  let from = 0;
  for (let at = text.indexOf(MARKER_START); at !== -1; at = text.indexOf(MARKER_START, from)) {
    const hash = text.slice(at + MARKER_START.length, at + MARKER_START.length + HASH_LENGTH);
    const end = at + MARKER_START.length + HASH_LENGTH;
    if (!hashes.includes(hash) || text.slice(end, end + MARKER_END.length) !== MARKER_END) {
      throw new StoredRowError(`${where()}: the record has a part marker that its parts column does not list`);
    }
    const json = partText(hash);
    if (json === undefined) {
      throw new StoredRowError(`${where()}: record part ${hash} is missing from the store's record_parts`);
    }
    whole += text.slice(from, at) + json;
    from = end + MARKER_END.length;
  }
  return whole + text.slice(from);
}
