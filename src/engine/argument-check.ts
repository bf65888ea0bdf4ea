import type { ToolCall, ToolError } from '../spec/index.js';
import type { Tool } from '../tools/define-tool.js';

export type ArgumentCheck =
  | { readonly ok: true; readonly arguments: Readonly<Record<string, unknown>> }
  | { readonly ok: false; readonly error: ToolError; readonly arguments: Readonly<Record<string, unknown>> | string };

interface PropertySchema {
  readonly type?: string | readonly string[];
  readonly anyOf?: readonly PropertySchema[];
  readonly enum?: readonly unknown[];
}

/**
 * Checks a call's arguments against the tool before it runs, in a fixed order, and says what is wrong
 * and how to fix it:
 * 1. the arguments must parse as a JSON object (`unparsable-arguments`) — this must come first, since
 *    names cannot be checked in text that does not parse;
 * 2. every argument name must be declared (`unknown-argument`, listing the valid names);
 * 3. every required argument must be present (`missing-argument`, naming them);
 * 4. every argument must have the declared JSON type (`invalid-argument-type`, saying the expected type);
 * 5. anything else the schema rejects, such as an enum or a range (`invalid-arguments`).
 *
 * `null` given for an optional argument counts as leaving it out: models often write `null` for "not
 * given", and punishing that would measure serialisation habits rather than tool use.
 */
export function checkArguments(
  tool: Tool,
  shownName: string,
  raw: ToolCall['arguments'],
  argumentNames?: ReadonlyMap<string, string>,
): ArgumentCheck {
  const parsedAsShown = parseArguments(raw);
  const parsed = parsedAsShown && argumentNames ? renameKeys(parsedAsShown, argumentNames) : parsedAsShown;
  const shown = shownNames(argumentNames);
  if (parsed === undefined) {
    return {
      ok: false,
      arguments: typeof raw === 'string' ? raw : String(raw),
      error: {
        kind: 'unparsable-arguments',
        message: `The arguments of "${shownName}" are not a JSON object: ${preview(raw)}`,
        hint: 'Send the arguments as one JSON object, e.g. {"name": "value"}; use {} when there are none.',
      },
    };
  }

  const schema = tool.parameters as { properties?: Record<string, PropertySchema>; required?: readonly string[] };
  const properties = schema.properties ?? {};
  const declared = Object.keys(properties);
  const required = new Set(schema.required ?? []);
  // Own properties only, everywhere: an argument named `constructor`, `valueOf` or `__proto__` is unknown
  // unless the tool declares it, and never reaches (or replaces) an object's prototype.
  const isDeclared = (name: string) => Object.hasOwn(properties, name);
  const args: Record<string, unknown> = Object.fromEntries(
    Object.entries(parsed).filter(([name, value]) => !(value === null && isDeclared(name) && !required.has(name))),
  );

  const unmapped = new Set(
    argumentNames && parsedAsShown ? Object.keys(parsedAsShown).filter((name) => !argumentNames.has(name)) : [],
  );
  const unknown = Object.keys(args).filter((name) => !isDeclared(name) || unmapped.has(name));
  if (unknown.length > 0) {
    const valid = declared.map(shown);
    const unknownShown = unknown.map((name) => (unmapped.has(name) ? name : shown(name)));
    return fail(args, 'unknown-argument', `"${shownName}" has no argument ${names(unknownShown)}.`, {
      hint: valid.length > 0 ? `Valid arguments: ${names(valid)}.` : `"${shownName}" takes no arguments.`,
      details: { unknownArguments: unknownShown, validArguments: valid },
    });
  }

  const missing = [...required].filter((name) => !Object.hasOwn(args, name)).map(shown);
  if (missing.length > 0) {
    return fail(
      args,
      'missing-argument',
      `"${shownName}" needs ${names(missing)}, which ${missing.length === 1 ? 'is' : 'are'} missing.`,
      {
        hint: `Add ${names(missing)} to the call.`,
        details: { missingArguments: missing },
      },
    );
  }

  const wrongTypes = Object.entries(args).flatMap(([name, value]) => {
    const expected = expectedTypes(isDeclared(name) ? properties[name] : undefined);
    return expected.length === 0 || expected.some((type) => hasJsonType(value, type))
      ? []
      : [{ name: shown(name), expected, actual: jsonTypeOf(value) }];
  });
  if (wrongTypes.length > 0) {
    const described = wrongTypes.map(
      ({ name, expected, actual }) => `"${name}" must be ${article(expected.join(' or '))}, not ${article(actual)}`,
    );
    return fail(args, 'invalid-argument-type', `Wrong argument type for "${shownName}": ${described.join('; ')}.`, {
      hint: 'Send each argument as the JSON type its schema declares.',
      details: { wrongTypes },
    });
  }

  const result = tool.parametersSchema.safeParse(args);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const path =
        issue.path.length > 0 ? `"${issue.path.map((part) => shown(String(part))).join('.')}"` : 'the arguments';
      return `${path}: ${issue.message}`;
    });
    return fail(args, 'invalid-arguments', `Invalid arguments for "${shownName}": ${problems.join('; ')}.`, {
      hint: 'Fix the values named above and call again.',
      details: { problems },
    });
  }
  return { ok: true, arguments: result.data as Record<string, unknown> };
}

/** Renames shown argument names to real ones; a shown name the map does not know is kept as is. */
function renameKeys(args: Record<string, unknown>, realNameOf: ReadonlyMap<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).map(([name, value]) => [realNameOf.get(name) ?? name, value]));
}

function shownNames(realNameOf: ReadonlyMap<string, string> | undefined): (realName: string) => string {
  if (!realNameOf) return (name) => name;
  const shownOf = new Map([...realNameOf].map(([shownName, realName]) => [realName, shownName]));
  return (name) => shownOf.get(name) ?? name;
}

function parseArguments(raw: ToolCall['arguments']): Record<string, unknown> | undefined {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    const text = raw.trim();
    if (text === '') return {};
    try {
      value = JSON.parse(text);
    } catch {
      return undefined;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function fail(
  args: Readonly<Record<string, unknown>>,
  kind: ToolError['kind'],
  message: string,
  extra: { hint: string; details: Record<string, unknown> },
): ArgumentCheck {
  return { ok: false, arguments: args, error: { kind, message, hint: extra.hint, details: extra.details } };
}

function expectedTypes(property: PropertySchema | undefined): string[] {
  if (!property) return [];
  if (typeof property.type === 'string') return [property.type];
  if (Array.isArray(property.type)) return [...property.type];
  if (property.anyOf) return property.anyOf.flatMap((option) => expectedTypes(option));
  if (property.enum) return [...new Set(property.enum.map((value) => jsonTypeOf(value)))];
  return [];
}

function hasJsonType(value: unknown, type: string): boolean {
  switch (type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isInteger(value)) return 'integer';
  return typeof value;
}

function names(list: readonly string[]): string {
  return list.map((name) => `"${name}"`).join(', ');
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function preview(raw: unknown): string {
  const text = typeof raw === 'string' ? raw : JSON.stringify(raw);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
