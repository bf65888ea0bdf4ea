/**
 * The reference's (absent) argument checking, for `reference-compatible` mode. The reference's tools are
 * Python functions called with the model's arguments as keywords: nothing checks a type. A value of the
 * wrong type runs as far as the code that uses it allows, so what happens depends on that use:
 *
 * - held, compared with `==` or stored (`any`): the call runs. A number as `new_password` is stored and
 *   the call succeeds; a `receiver` of 42 or null is never read.
 * - looked up in a dict (`key`): a list or an object fails ("unhashable type: 'list'"); anything else is
 *   simply not found.
 * - read as text by `strptime`, `.lower()` or `re.match` (`strptime`, `lower`, `regex`): the call fails
 *   with Python's TypeError or AttributeError text, unless the tool returned before reading it.
 * - iterated (`attendees`, `to`): a list's items are held like `any` values; other values fail or, for
 *   `to`, are iterated as Python iterates them (a text by its characters).
 *
 * A value the tool may run with is handed to toolgauge's tool as a tagged text that equals nothing but
 * the same value, so comparisons and storage behave as in Python (a number stored as a password lets a
 * later login with the same number in). Tags are turned back into the value in the call's response and
 * into Python's `str()` in its exception. Arguments the tool does not declare and missing required ones
 * fail with Python's TypeError texts. `null` for an optional argument is Python's default `None`; only
 * `match_type`, whose default is "any", then fails.
 *
 * A failing argument fails the call before the tool runs. Where the Python tool would have failed
 * earlier for another reason (an unknown event, a wrong password), the call fails either way and only
 * the exception text differs; where it would have returned early with a result, that is reproduced.
 *
 * Not reproduced (the call is refused, as in default mode): attendees given as a text that contains the
 * user's name, or as an object with the user's name as a key, which Python stores as they are. Python
 * also holds `True == 1`; the tags do not.
 */

import { hasOwner, pythonRepr, TABLES, TOOLTALK_TOOLS_BY_NAME } from '../../domains/tooltalk/index.js';
import type { WorldSnapshot } from '../../world/index.js';

type Use = 'any' | 'key' | 'strptime' | 'lower' | 'regex' | 'query' | 'match-type' | 'attendees' | 'to';

const SEARCH: Readonly<Record<string, Use>> = {
  query: 'query',
  match_type: 'match-type',
  sender: 'any',
  start_date: 'strptime',
  end_date: 'strptime',
};

/** How each reference tool uses each argument (read from its `call`). */
const USES: Readonly<Record<string, Readonly<Record<string, Use>>>> = {
  ChangePassword: { old_password: 'any', new_password: 'any' },
  DeleteAccount: { password: 'any' },
  QueryUser: { username: 'key', email: 'any' },
  RegisterUser: { username: 'key', password: 'any', email: 'regex', name: 'any', phone: 'regex' },
  ResetPassword: { username: 'key', verification_code: 'any', new_password: 'any' },
  SendVerificationCode: { username: 'key', email: 'any' },
  UpdateAccountInformation: { password: 'any', new_email: 'regex', new_phone_number: 'regex', new_name: 'any' },
  UserLogin: { username: 'key', password: 'any' },
  AddAlarm: { time: 'strptime' },
  DeleteAlarm: { alarm_id: 'key' },
  FindAlarms: { start_range: 'strptime', end_range: 'strptime' },
  CreateEvent: {
    name: 'any',
    event_type: 'any',
    description: 'any',
    start_time: 'strptime',
    end_time: 'strptime',
    location: 'any',
    attendees: 'attendees',
  },
  DeleteEvent: { event_id: 'key' },
  ModifyEvent: {
    event_id: 'key',
    new_name: 'any',
    new_description: 'any',
    new_start_time: 'strptime',
    new_end_time: 'strptime',
    new_location: 'any',
    new_attendees: 'attendees',
  },
  QueryCalendar: { start_time: 'strptime', end_time: 'strptime' },
  SearchInbox: SEARCH,
  SendEmail: { to: 'to', subject: 'any', body: 'any' },
  SearchMessages: SEARCH,
  SendMessage: { receiver: 'any', message: 'any' },
  AddReminder: { task: 'any', due_date: 'strptime' },
  CompleteReminder: { reminder_id: 'key' },
  DeleteReminder: { reminder_id: 'key' },
  CurrentWeather: { location: 'lower' },
  ForecastWeather: { location: 'lower' },
  HistoricWeather: { location: 'lower', month: 'lower' },
};

/**
 * Tools that return before reading their text arguments when the user has nothing to search: FindAlarms
 * (no alarms entry), SearchMessages (no messages entry), SearchInbox (no inbox entry, or an empty one).
 */
function returnsEarly(tool: string, world: WorldSnapshot, username: string | null): boolean {
  if (username === null) return false;
  if (tool === 'FindAlarms') return !hasOwner(world, 'Alarm', username);
  if (tool === 'SearchMessages') return !hasOwner(world, 'Message', username);
  if (tool === 'SearchInbox') {
    return !hasOwner(world, 'Email', username) || !world.rows(TABLES.emails).some((row) => row.owner === username);
  }
  return false;
}

export type PythonArguments =
  | { readonly ok: true; readonly arguments: Record<string, unknown> }
  | { readonly ok: false; readonly exception: string };

/** Tags are wrapped in two private-use characters, which no tool, data file or comparator gives meaning to. */
const OPEN = '\ue000';
const CLOSE = '\ue001';
const TAGGED = /\ue000(.*?)\ue001/gsu;

/** A tagged text standing for a non-text value: equal only to the same value's tag. */
export function tagged(value: unknown): string {
  return `${OPEN}${JSON.stringify(value)}${CLOSE}`;
}

/** The value in a response with every tag turned back into the value it stands for. */
export function untagResponse(value: unknown): unknown {
  if (typeof value === 'string') {
    const whole = /^\ue000(.*)\ue001$/su.exec(value);
    return whole ? JSON.parse(whole[1] ?? 'null') : value;
  }
  if (Array.isArray(value)) return value.map(untagResponse);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, untagResponse(item)]));
  }
  return value;
}

/** An exception text with every tag written as Python's `str()` of its value (as an f-string would). */
export function untagText(text: string): string {
  return text.replace(TAGGED, (_tag, json: string) => pythonStr(JSON.parse(json)));
}

/** Python's type name of a JSON value. */
function pythonType(value: unknown): string {
  if (value === null) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'string') return 'str';
  return Array.isArray(value) ? 'list' : 'dict';
}

/** Python's `str()` of a JSON value. */
function pythonStr(value: unknown): string {
  if (typeof value === 'string') return value;
  return pythonReprOf(value);
}

function pythonReprOf(value: unknown): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return pythonRepr(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `[${value.map(pythonReprOf).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return `{${entries.map(([key, item]) => `${pythonRepr(key)}: ${pythonReprOf(item)}`).join(', ')}}`;
}

const truthy = (value: unknown) =>
  !(
    value === null ||
    value === false ||
    value === 0 ||
    value === '' ||
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === 'object' && value !== null && Object.keys(value).length === 0)
  );

const EMAIL = /^[\w\-.]+@[\w\-.]+$/u;

/** Python's list of arguments, e.g. `'a'`, `'a' and 'b'`, `'a', 'b', and 'c'`. */
function pythonNames(names: readonly string[]): string {
  const quoted = names.map((name) => `'${name}'`);
  if (quoted.length <= 2) return quoted.join(' and ');
  return `${quoted.slice(0, -1).join(', ')}, and ${quoted.at(-1)}`;
}

function declaredType(tool: string, name: string): string | undefined {
  const schema = TOOLTALK_TOOLS_BY_NAME.get(tool)?.tool.parameters as
    | { properties?: Record<string, { type?: string }> }
    | undefined;
  return schema?.properties?.[name]?.type;
}

function hasDeclaredType(value: unknown, type: string | undefined): boolean {
  if (type === 'string') return typeof value === 'string';
  if (type === 'array') return Array.isArray(value) && value.every((item) => typeof item === 'string');
  return true;
}

/**
 * What the reference does with these arguments before its tool's own checks: fail with Python's text,
 * or run with arguments toolgauge's tool accepts (tagged texts for values of another type).
 * `username` is the logged-in user, for the tools that return early.
 */
export function pythonArguments(
  tool: string,
  args: Readonly<Record<string, unknown>>,
  world: WorldSnapshot,
  username: string | null,
): PythonArguments {
  const entry = TOOLTALK_TOOLS_BY_NAME.get(tool);
  if (!entry) return { ok: true, arguments: { ...args } };
  const schema = entry.tool.parameters as { properties?: Record<string, unknown>; required?: readonly string[] };
  const declared = Object.keys(schema.properties ?? {});
  const unknown = Object.keys(args).find((name) => !declared.includes(name));
  if (unknown !== undefined) {
    return { ok: false, exception: `${tool}.call() got an unexpected keyword argument '${unknown}'` };
  }
  const missing = (schema.required ?? []).filter((name) => !Object.hasOwn(args, name));
  if (missing.length > 0) {
    const plural = missing.length === 1 ? 'argument' : 'arguments';
    return {
      ok: false,
      exception: `${tool}.call() missing ${missing.length} required positional ${plural}: ${pythonNames(missing)}`,
    };
  }

  const uses = USES[tool] ?? {};
  const early = returnsEarly(tool, world, username);
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    const use = uses[name] ?? 'any';
    const optional = !(schema.required ?? []).includes(name);
    if (value === null && optional && use !== 'match-type') continue; // Python's default None
    if (use === 'match-type') {
      if (value === 'any' || value === 'all') result[name] = value;
      else if (!early) return { ok: false, exception: 'match_type must be either "any" or "all".' };
      continue;
    }
    if (hasDeclaredType(value, declaredType(tool, name))) {
      result[name] = value;
      continue;
    }
    const type = pythonType(value);
    switch (use) {
      case 'any':
        result[name] = tagged(value);
        break;
      case 'key':
        if (type === 'list' || type === 'dict') return { ok: false, exception: `unhashable type: '${type}'` };
        result[name] = tagged(value);
        break;
      case 'strptime':
        if (early) break;
        return {
          ok: false,
          exception: `strptime() argument 1 must be str, not ${type === 'NoneType' ? 'None' : type}`,
        };
      case 'lower':
        return { ok: false, exception: `'${type}' object has no attribute 'lower'` };
      case 'regex':
        return { ok: false, exception: `expected string or bytes-like object, got '${type}'` };
      case 'query':
        if (early) break;
        if (truthy(value)) return { ok: false, exception: `'${type}' object has no attribute 'lower'` };
        result[name] = ''; // a falsy query is given but searches for no keywords, as an empty text does
        break;
      case 'attendees': {
        if (type !== 'list') {
          const reason =
            type === 'str' || type === 'dict'
              ? `attendees given as a ${type} are not reproduced`
              : `argument of type '${type}' is not iterable`;
          return { ok: false, exception: reason };
        }
        result[name] = (value as unknown[]).map((item) => (typeof item === 'string' ? item : tagged(item)));
        break;
      }
      case 'to': {
        const items =
          type === 'list'
            ? (value as unknown[])
            : type === 'str'
              ? [...(value as string)]
              : type === 'dict'
                ? Object.keys(value as object)
                : undefined;
        if (!items) return { ok: false, exception: `'${type}' object is not iterable` };
        for (const item of items) {
          if (typeof item !== 'string') {
            return { ok: false, exception: `expected string or bytes-like object, got '${pythonType(item)}'` };
          }
          if (!EMAIL.test(item)) return { ok: false, exception: `${item} is not a valid email address.` };
        }
        result[name] = items;
        break;
      }
    }
  }
  return { ok: true, arguments: result };
}
