/**
 * Remembered results: values worked out once per key and kept in a `Map` or `WeakMap`. Scoring and tools
 * ask the same pure questions in every case of a scenario (the same texts, rows, places, instants), so
 * they keep the answers here.
 */

/** What a memo table needs: a `Map` or a `WeakMap`. */
interface MemoTable<K, V> {
  get(key: K): V | undefined;
  has(key: K): boolean;
  set(key: K, value: V): unknown;
}

/** The value remembered under `key` in `table`, made by `make` (and remembered) the first time. */
export function remembered<K, V>(table: MemoTable<K, V>, key: K, make: () => V): V {
  const known = table.get(key);
  if (known !== undefined || table.has(key)) return known as V;
  const value = make();
  table.set(key, value);
  return value;
}

/**
 * As {@link remembered}, for a `Map` that forgets everything once it holds `limit` entries: a bound on
 * memory for keys that are not objects (texts, numbers), which a `WeakMap` cannot hold.
 */
export function rememberedUpTo<K, V>(table: Map<K, V>, limit: number, key: K, make: () => V): V {
  const known = table.get(key);
  if (known !== undefined || table.has(key)) return known as V;
  if (table.size >= limit) table.clear();
  const value = make();
  table.set(key, value);
  return value;
}
