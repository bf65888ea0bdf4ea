import { type $ZodType, compileFn, util } from 'zod/v4/core';

/**
 * The source of a module of parsers compiled by zod's own compiler (`compileFn`, the code `zod/compile`
 * runs on first parse) from zod schemas, so that a command can check the common value without importing
 * zod (~80 ms of start-up). Each parser returns the value exactly as the schema's parse would, or
 * `NOT_SURE` where zod's compiled code would hand the value to zod's runtime parser: then the schema
 * itself decides, and names the field that is wrong. `helpers` is the import path of the module
 * {@link compiledParserHelpersSource} writes, relative to this one.
 *
 * Only tests call this (a test keeps each generated module equal to what its schemas compile to now).
 */
export function compiledParsersSource(
  header: readonly string[],
  parsers: Readonly<Record<string, $ZodType>>,
  helpers: string,
): string {
  const used = new Set<string>(['NOT_SURE']);
  const bodies = Object.entries(parsers).map(([name, schema]) => {
    const { names, values, code } = compiledCode(schema);
    const constants = values.map((value, index) => constantSource(value, names[index] as string, used));
    return [`export const ${name} = ((${names.join(', ')}) => (input) => {`, code, `})(${constants.join(', ')});`].join(
      '\n',
    );
  });
  return [
    '// @ts-nocheck',
    ...header.map((line) => `// ${line}`),
    `import { ${[...used].sort().join(', ')} } from '${helpers}';`,
    '',
    bodies.join('\n\n'),
    '',
  ].join('\n');
}

/** The module of what every compiled parser uses: `NOT_SURE`, and zod's helpers as zod defines them. */
export function compiledParserHelpersSource(header: readonly string[]): string {
  return [
    '// @ts-nocheck',
    ...header.map((line) => `// ${line}`),
    '',
    '/** What a parser returns when it is not sure the value fits: the zod schema decides (and names the field). */',
    "export const NOT_SURE = Symbol('not sure');",
    '',
    util.isObject.toString(),
    '',
    `export ${util.isPlainObject.toString()}`,
    '',
  ].join('\n');
}

/** The names, values and body of the function zod builds (with `new Function`) for the schema. */
function compiledCode(schema: $ZodType): { names: string[]; values: unknown[]; code: string } {
  const BuiltIn = globalThis.Function;
  type Captured = { names: string[]; code: string; values?: unknown[] };
  let seen: Captured | undefined;
  // zod builds its parser as `new Function(...constantNames, body)(...constantValues)`: both are caught here.
  globalThis.Function = new Proxy(BuiltIn, {
    construct(target, args: string[]) {
      const body = args.pop() as string;
      const found: Captured = { names: args, code: body };
      seen = found;
      const factory = new target(...args, body);
      return (...values: unknown[]) => {
        found.values = values;
        return factory(...values);
      };
    },
  });
  try {
    compileFn(schema);
  } finally {
    globalThis.Function = BuiltIn;
  }
  if (!seen?.values) throw new Error('zod did not compile the schema through new Function');
  const body = /^return \(input\) => \{\n([\s\S]*)\n\}$/.exec(seen.code)?.[1];
  if (body === undefined) throw new Error(`zod's compiled code has an unexpected form: ${seen.code.slice(0, 80)}`);
  return { names: seen.names, values: seen.values, code: body };
}

/** A constant of zod's compiled code as source; the helpers it imports are added to `used`. */
function constantSource(value: unknown, name: string, used: Set<string>): string {
  if (name === 'INVALID') return 'NOT_SURE';
  if (value === util.isPlainObject) {
    used.add('isPlainObject');
    return 'isPlainObject';
  }
  if (value === Object.prototype.propertyIsEnumerable) return 'Object.prototype.propertyIsEnumerable';
  if (value === Object.prototype.hasOwnProperty) return 'Object.prototype.hasOwnProperty';
  if (value instanceof Set && [...value].every((item) => typeof item === 'string' || typeof item === 'number')) {
    return `new Set(${JSON.stringify([...value])})`;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return JSON.stringify(value);
  throw new Error(`zod's compiled code uses a constant ${name} that cannot be written as source: ${String(value)}`);
}
