/**
 * Checks of parsed JSON against a shape, for the store's own small JSON columns (labels, metrics, model
 * calls, config, manifest). Written out rather than built with zod so that reading a store — `list runs`,
 * `report` — does not load zod, whose classic API costs more start-up time than the rest of those commands.
 * A value that does not fit is a {@link ShapeError} naming where in the value it failed, worded as zod words
 * its issues ("Invalid input: expected number, received string").
 */

/** Where in the value a check failed, and why. */
export class ShapeError extends Error {
  override readonly name = 'ShapeError';
  constructor(
    readonly path: readonly (string | number)[],
    message: string,
  ) {
    super(message);
  }
}

/** Checks a value (at `path` inside the whole) and returns it as `T`, or throws a {@link ShapeError}. */
export type Shape<T> = (value: unknown, path: readonly (string | number)[]) => T;

/** The JSON type of a value, as the error messages name it. */
function received(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function fail(path: readonly (string | number)[], expected: string, value: unknown): never {
  throw new ShapeError(path, `Invalid input: expected ${expected}, received ${received(value)}`);
}

export const string: Shape<string> = (value, path) => (typeof value === 'string' ? value : fail(path, 'string', value));

export const number: Shape<number> = (value, path) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fail(path, 'number', value);

export const boolean: Shape<boolean> = (value, path) =>
  typeof value === 'boolean' ? value : fail(path, 'boolean', value);

/** Any value (`undefined` included). */
export const unknown: Shape<unknown> = (value) => value;

export function nullable<T>(shape: Shape<T>): Shape<T | null> {
  return (value, path) => (value === null ? null : shape(value, path));
}

/** Absent (`undefined`) or of the shape. */
export function optional<T>(shape: Shape<T>): Shape<T | undefined> {
  return (value, path) => (value === undefined ? undefined : shape(value, path));
}

/** Absent (`undefined`, then `fallback`) or of the shape. */
export function withDefault<T>(shape: Shape<T>, fallback: T): Shape<T> {
  return (value, path) => (value === undefined ? fallback : shape(value, path));
}

/** One of the shapes, the first that fits; `expected` names them for the error. */
export function either<A, B>(first: Shape<A>, second: Shape<B>, expected: string): Shape<A | B> {
  return (value, path) => {
    for (const shape of [first, second]) {
      try {
        return shape(value, path);
      } catch (error) {
        if (!(error instanceof ShapeError)) throw error;
      }
    }
    return fail(path, expected, value);
  };
}

export function array<T>(item: Shape<T>): Shape<T[]> {
  return (value, path) => {
    if (!Array.isArray(value)) return fail(path, 'array', value);
    return value.map((entry, index) => item(entry, [...path, index]));
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object whose every value has the shape (keys are strings, as JSON's are). */
export function record<T>(entry: Shape<T>): Shape<Record<string, T>> {
  return (value, path) => {
    if (!isRecord(value)) return fail(path, 'record', value);
    const checked: Record<string, T> = {};
    for (const [key, inner] of Object.entries(value)) checked[key] = entry(inner, [...path, key]);
    return checked;
  };
}

/**
 * An object with these fields (an absent optional field stays absent); fields not declared are dropped,
 * as zod's `z.object` drops them.
 */
export function object<T extends object>(fields: { readonly [K in keyof T]: Shape<T[K]> }): Shape<T> {
  return (value, path) => {
    if (!isRecord(value)) return fail(path, 'object', value);
    const checked: Record<string, unknown> = {};
    for (const key of Object.keys(fields) as (keyof T & string)[]) {
      const field = fields[key](value[key], [...path, key]);
      if (field !== undefined) checked[key] = field;
    }
    return checked as T;
  };
}
