/**
 * JSON with object keys sorted at every depth, so that key order never makes two equal values differ:
 * used to compare tool calls, to key the response cache and to hash case sets.
 *
 * The value is copied once with sorted keys and written by the engine's own `JSON.stringify`, which is
 * much faster than a replacer called back for every value. The text is byte for byte the one of
 * `JSON.stringify` with a replacer that sorts every object's entries (the former implementation):
 * `toJSON` applies first, `undefined`, functions and symbols are left out of objects and are `null` in
 * arrays, array-index keys ("0", "12") come first in numeric order, bigints and cycles throw.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortedCopy(value, ''));
}

/** The value as JSON.stringify would see it after `toJSON`, with every object's keys in code-unit order. */
function sortedCopy(value: unknown, key: string): unknown {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return value;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  const inner: unknown = typeof toJSON === 'function' ? toJSON.call(value, key) : value;
  if (inner === null || typeof inner !== 'object') return inner;
  if (Array.isArray(inner)) {
    const copy: unknown[] = new Array(inner.length);
    for (let index = 0; index < inner.length; index++) {
      const item = sortedCopy(inner[index], String(index));
      copy[index] = isLeftOut(item) ? null : item;
    }
    return copy;
  }
  const record = inner as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const name of Object.keys(record).sort()) {
    const item = sortedCopy(record[name], name);
    if (isLeftOut(item)) continue;
    if (name === '__proto__') Object.defineProperty(copy, name, { value: item, enumerable: true, writable: true });
    else copy[name] = item;
  }
  return copy;
}

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
function isLeftOut(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}
