/**
 * Python values as T-Eval's reference scorer sees them after `ast.literal_eval` or `json.loads`: ints are
 * arbitrary precision (`bigint`), floats are kept apart from ints (`1.0` is not `1` when printed), tuples
 * are not lists, and dicts keep insertion order and Python's key equality (`1`, `1.0` and `True` are one
 * key). Scoring compares these values with Python's `==` and prints them with Python's `repr`.
 */

/** A Python float, kept apart from ints so that `repr` prints `1.0`. */
export class PyFloat {
  constructor(readonly value: number) {}
}

/** A Python tuple (printed with parentheses; never equal to a list). */
export class PyTuple {
  constructor(readonly items: readonly PyValue[]) {}
}

/** A Python dict: insertion-ordered, keyed by Python equality of hashable keys. */
export class PyDict {
  private readonly slots = new Map<string, { key: PyValue; value: PyValue }>();

  /** Sets a key as Python's `d[k] = v` does: a known key keeps its position and takes the new value. */
  set(key: PyValue, value: PyValue): void {
    const slot = hashKey(key);
    const known = this.slots.get(slot);
    if (known) known.value = value;
    else this.slots.set(slot, { key, value });
  }

  get(key: PyValue): PyValue | undefined {
    return this.slots.get(hashKey(key))?.value;
  }

  has(key: PyValue): boolean {
    return this.slots.has(hashKey(key));
  }

  get size(): number {
    return this.slots.size;
  }

  entries(): [PyValue, PyValue][] {
    return [...this.slots.values()].map((slot) => [slot.key, slot.value]);
  }

  keys(): PyValue[] {
    return [...this.slots.values()].map((slot) => slot.key);
  }

  static of(entries: readonly (readonly [PyValue, PyValue])[]): PyDict {
    const dict = new PyDict();
    for (const [key, value] of entries) dict.set(key, value);
    return dict;
  }
}

export type PyValue = null | boolean | bigint | PyFloat | string | readonly PyValue[] | PyTuple | PyDict;

/**
 * A lone surrogate code point, as Python's string literals make from `\\ud83c` (two escapes of a pair stay
 * two code points in Python; a JavaScript string would join them into one character). It is held as a
 * character of plane 16 (U+10D800–U+10DFFF, private use, which no T-Eval text holds), so it is unequal to
 * the joined character and `repr` prints it as Python does (`\\ud83c`).
 */
export const LONE_SURROGATE_OFFSET = 0x100000;

export function loneSurrogate(code: number): string {
  return String.fromCodePoint(LONE_SURROGATE_OFFSET + code);
}

/** The surrogate a stand-in holds, or undefined for any other code point. */
export function surrogateOf(code: number): number | undefined {
  const surrogate = code - LONE_SURROGATE_OFFSET;
  return surrogate >= 0xd800 && surrogate <= 0xdfff ? surrogate : undefined;
}

/** Raised where Python would raise (an unhashable key, `int()` of a non-number…). */
export class PythonValueError extends Error {}

/** The identity of a hashable key under Python equality; throws for lists and dicts (unhashable). */
export function hashKey(key: PyValue): string {
  if (key === null) return 'None';
  if (typeof key === 'boolean') return key ? 'n:1' : 'n:0';
  if (typeof key === 'bigint') return `n:${key}`;
  if (typeof key === 'string') return `s:${key}`;
  if (key instanceof PyFloat) {
    const value = key.value;
    return Number.isInteger(value) ? `n:${BigInt(value)}` : `f:${value}`;
  }
  if (key instanceof PyTuple) return `t:(${key.items.map(hashKey).join(',')})`;
  throw new PythonValueError(`unhashable type: '${Array.isArray(key) ? 'list' : 'dict'}'`);
}

/** Python's `==`. Numbers compare by value across bool, int and float; containers element by element. */
export function pyEquals(left: PyValue, right: PyValue): boolean {
  const leftNumber = numericOf(left);
  const rightNumber = numericOf(right);
  if (leftNumber !== undefined || rightNumber !== undefined) {
    if (leftNumber === undefined || rightNumber === undefined) return false;
    return numbersEqual(leftNumber, rightNumber);
  }
  if (left === null || right === null) return left === right;
  if (typeof left === 'string' || typeof right === 'string') return left === right;
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
    return left.every((item, index) => pyEquals(item, right[index] as PyValue));
  }
  if (left instanceof PyTuple && right instanceof PyTuple) {
    return (
      left.items.length === right.items.length &&
      left.items.every((item, index) => pyEquals(item, right.items[index] as PyValue))
    );
  }
  if (left instanceof PyDict && right instanceof PyDict) {
    if (left.size !== right.size) return false;
    return left.entries().every(([key, value]) => right.has(key) && pyEquals(value, right.get(key) as PyValue));
  }
  return false;
}

function numericOf(value: PyValue): bigint | number | undefined {
  if (typeof value === 'boolean') return value ? 1n : 0n;
  if (typeof value === 'bigint') return value;
  if (value instanceof PyFloat) return value.value;
  return undefined;
}

function numbersEqual(left: bigint | number, right: bigint | number): boolean {
  if (typeof left === 'bigint' && typeof right === 'bigint') return left === right;
  if (typeof left === 'number' && typeof right === 'number') return left === right;
  const float = (typeof left === 'number' ? left : right) as number;
  const int = (typeof left === 'bigint' ? left : right) as bigint;
  return Number.isInteger(float) && BigInt(float) === int;
}

/** Python's `int(x)` for the values T-Eval passes it (plan step ids). */
export function pyInt(value: PyValue | undefined): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'boolean') return value ? 1n : 0n;
  if (value instanceof PyFloat) {
    if (!Number.isFinite(value.value)) throw new PythonValueError(`cannot convert float ${value.value} to integer`);
    return BigInt(Math.trunc(value.value));
  }
  if (typeof value === 'string') {
    const text = value.trim();
    if (/^[+-]?\d+(?:_\d+)*$/.test(text)) return BigInt(text.replace(/_/g, ''));
    throw new PythonValueError(`invalid literal for int() with base 10: ${JSON.stringify(value)}`);
  }
  throw new PythonValueError('int() argument must be a string or a number');
}

/** A plain JavaScript value (parsed JSON, tool arguments) as Python would hold it after `json.loads`. */
export function fromPlain(value: unknown): PyValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean' || typeof value === 'string' || typeof value === 'bigint') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : new PyFloat(value);
  if (Array.isArray(value)) return value.map(fromPlain);
  if (value instanceof PyFloat || value instanceof PyTuple || value instanceof PyDict) return value;
  if (typeof value === 'object') {
    return PyDict.of(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, fromPlain(item)]));
  }
  throw new PythonValueError(`no Python value for a ${typeof value}`);
}

/**
 * A JSON-safe copy for records and oracles: ints that fit exactly become numbers (others decimal strings),
 * tuples become arrays, dict keys their `str()`.
 */
export function toPlain(value: PyValue): unknown {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof PyFloat) return Number.isFinite(value.value) ? value.value : String(value.value);
  if (Array.isArray(value)) return value.map(toPlain);
  if (value instanceof PyTuple) return value.items.map(toPlain);
  if (value instanceof PyDict) {
    const plain: Record<string, unknown> = {};
    for (const [key, item] of value.entries()) {
      Object.defineProperty(plain, typeof key === 'string' ? key : String(toPlain(key)), {
        value: toPlain(item),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return plain;
  }
  return null;
}

export function isDict(value: PyValue | undefined): value is PyDict {
  return value instanceof PyDict;
}

export function isList(value: PyValue | undefined): value is readonly PyValue[] {
  return Array.isArray(value);
}
