import { once } from 'node:events';
import type { Writable } from 'node:stream';

/**
 * `JSON.stringify(value, null, 2)` in pieces: exactly the same text, produced element by element, so a
 * large report is written without ever being one string (V8 caps a string at ~512 MB). Arrays and plain
 * objects are walked down to `depth` levels; anything deeper, and any value with a `toJSON`, is one
 * `JSON.stringify` re-indented to its place (stringify writes line breaks only between tokens, never
 * inside a string, so re-indenting is exact).
 */
export function* jsonTextChunks(value: unknown, depth = 4, level = 0): Generator<string> {
  const walk = depth > 0 && value !== null && typeof value === 'object' && !hasToJson(value);
  if (!walk) {
    yield indented(JSON.stringify(value, null, 2), level);
    return;
  }
  const inner = `\n${'  '.repeat(level + 1)}`;
  if (Array.isArray(value)) {
    if (value.length === 0) {
      yield '[]';
      return;
    }
    yield '[';
    if (depth === 1 && !value.some(hasOwnJsonForm)) {
      yield* leafBatches(value, level);
      yield `\n${'  '.repeat(level)}]`;
      return;
    }
    for (let index = 0; index < value.length; index += 1) {
      yield index === 0 ? inner : `,${inner}`;
      const item: unknown = value[index];
      // In an array, what JSON cannot hold (undefined, functions, symbols) is written as null.
      if (isOmitted(item)) yield 'null';
      else yield* jsonTextChunks(item, depth - 1, level + 1);
    }
    yield `\n${'  '.repeat(level)}]`;
    return;
  }
  // In an object, such properties are left out (also one whose toJSON gives undefined).
  const entries = Object.entries(value).filter(
    ([key, item]) =>
      !isOmitted(item !== null && typeof item === 'object' && hasToJson(item) ? toJson(item, key) : item),
  );
  if (entries.length === 0) {
    yield '{}';
    return;
  }
  yield '{';
  for (const [index, [key, item]] of entries.entries()) {
    yield `${index === 0 ? '' : ','}${inner}${JSON.stringify(key)}: `;
    yield* jsonTextChunks(item, depth - 1, level + 1);
  }
  yield `\n${'  '.repeat(level)}}`;
}

/** Whole items (not walked) per `JSON.stringify`: one call per item made a long array cost twice as much. */
const LEAF_BATCH = 256;

/**
 * The items of an array whose items are not walked, as the item loop would write them (each on its line at
 * `level + 1`, commas between): a batch stringified as an array is exactly its items so joined, one level in.
 */
function* leafBatches(items: readonly unknown[], level: number): Generator<string> {
  for (let start = 0; start < items.length; start += LEAF_BATCH) {
    const text = JSON.stringify(items.slice(start, start + LEAF_BATCH), null, 2);
    // "[\n  a,\n  b\n]" → "\n  a,\n  b", then moved to this array's level.
    const body = indented(text.slice(1, -2), level);
    yield start === 0 ? body : `,${body}`;
  }
}

/** A `toJSON` the item loop would call with the key '' and an array stringify with the item's index. */
function hasOwnJsonForm(item: unknown): boolean {
  return item !== null && typeof item === 'object' && hasToJson(item);
}

/** Writes `JSON.stringify(value, null, 2)` and a line break to a stream in pieces, honouring backpressure. */
export async function writeJsonText(value: unknown, out: Writable): Promise<void> {
  let pending = '';
  for (const chunk of jsonTextChunks(value)) {
    pending += chunk;
    if (pending.length >= 1 << 16) {
      if (!out.write(pending)) await once(out, 'drain');
      pending = '';
    }
  }
  if (!out.write(`${pending}\n`)) await once(out, 'drain');
}

function hasToJson(value: object): boolean {
  return typeof (value as { toJSON?: unknown }).toJSON === 'function';
}

function toJson(value: object, key: string): unknown {
  return (value as { toJSON: (key: string) => unknown }).toJSON(key);
}

function isOmitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

function indented(text: string | undefined, level: number): string {
  // Only a top-level undefined (or function) stringifies to nothing; JSON.stringify returns undefined then.
  if (text === undefined) return 'null';
  return level === 0 ? text : text.replaceAll('\n', `\n${'  '.repeat(level)}`);
}
