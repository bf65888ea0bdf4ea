/**
 * A map that forgets its oldest entries beyond a size, for values that are cheap to recompute but
 * computed again and again (tokens of the same texts). Bounded so a long run cannot grow it.
 */
export class BoundedCache<Key, Value> {
  private readonly entries = new Map<Key, Value>();

  constructor(private readonly capacity: number) {}

  get(key: Key, compute: (key: Key) => Value): Value {
    let value = this.entries.get(key);
    if (value === undefined) {
      value = compute(key);
      if (this.entries.size >= this.capacity) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.entries.delete(oldest.value);
      }
      this.entries.set(key, value);
    }
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}
