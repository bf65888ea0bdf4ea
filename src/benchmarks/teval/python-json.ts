/**
 * JSON as Python's `json.loads` reads it: ints stay exact (`bigint`), numbers with a fraction or exponent
 * are floats, `NaN`/`Infinity`/`-Infinity` are accepted, control characters inside strings are refused,
 * a repeated key keeps its first position and its last value, and nothing but white space may follow.
 */
import { PyDict, PyFloat, type PyValue } from './python-value.js';

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} at offset ${offset}`);
  }
}

/** The words a value may be, and what they read as (a number: that float, a fresh PyFloat each time). */
const KEYWORDS: readonly (readonly [string, boolean | null | number])[] = [
  ['true', true],
  ['false', false],
  ['null', null],
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['-Infinity', Number.NEGATIVE_INFINITY],
];
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};
const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?/y;

export function parsePythonJson(text: string): PyValue {
  const reader = new JsonReader(text);
  return reader.document();
}

/**
 * {@link parsePythonJson} of a UTF-8 file's bytes, as of their decoded text (a malformed sequence reads
 * as U+FFFD, offsets count characters). The bytes are read one character each (Latin-1: a one-byte
 * string, a copy) and only the strings with other than ASCII in them are decoded as UTF-8: decoding the
 * whole of a T-Eval file that holds a few accented letters makes a two-byte string of it, at twice the
 * reader's cost (10 ms against 2 for a 1.3 MB file). Every byte of a multi-byte sequence is at least
 * 0x80, so a sequence never straddles the quote, backslash or control character that ends a run.
 */
export function parsePythonJsonBytes(bytes: Buffer): PyValue {
  const reader = new JsonReader(bytes.toString('latin1'), bytes);
  try {
    return reader.document();
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    // The offset in characters of the decoded text, as `parsePythonJson` of it would say.
    const message = error.message.slice(0, error.message.lastIndexOf(' at offset '));
    throw new JsonSyntaxError(message, bytes.toString('utf8', 0, error.offset).length);
  }
}

/** A character beyond ASCII (in a Latin-1 reading of UTF-8 bytes: a byte of a multi-byte sequence). */
const NOT_ASCII = /[\u0080-\uffff]/;

/** Characters a JSON string holds as they are: anything but a quote, a backslash or a control character. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a JSON string may not hold raw.
const PLAIN_RUN = /[^"\\\u0000-\u001f]+/y;

/**
 * How deep arrays and objects may nest: CPython's decoder stops at its recursion limit (1,000 by default)
 * with a RecursionError; this reader stops there too, with an error instead of exhausting the stack.
 */
export const MAX_JSON_DEPTH = 1000;

class JsonReader {
  private position = 0;
  private depth = 0;

  /** `bytes`: the UTF-8 bytes `text` reads one character per byte (see {@link parsePythonJsonBytes}). */
  constructor(
    private readonly text: string,
    private readonly bytes?: Buffer,
  ) {}

  document(): PyValue {
    this.skipSpace();
    const value = this.value();
    this.skipSpace();
    if (this.position < this.text.length) throw new JsonSyntaxError('extra data', this.position);
    return value;
  }

  private skipSpace(): void {
    // By character code: indexing the text makes a one-character string per step.
    let code = this.text.charCodeAt(this.position);
    while (code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09)
      code = this.text.charCodeAt(++this.position);
  }

  private value(): PyValue {
    const character = this.text[this.position];
    if (character === '{' || character === '[') {
      if (++this.depth > MAX_JSON_DEPTH) {
        throw new JsonSyntaxError(`nested deeper than ${MAX_JSON_DEPTH} levels`, this.position);
      }
      const value = character === '{' ? this.object() : this.array();
      this.depth--;
      return value;
    }
    if (character === '"') return this.string();
    // Only a value starting with one of these letters (or `-`) can be a keyword.
    if (character !== undefined && 'tfnNI-'.includes(character)) {
      for (const [word, value] of KEYWORDS) {
        if (this.text.startsWith(word, this.position)) {
          this.position += word.length;
          return typeof value === 'number' ? new PyFloat(value) : value;
        }
      }
    }
    NUMBER.lastIndex = this.position;
    const number = NUMBER.exec(this.text);
    if (number) {
      this.position += number[0].length;
      if (number[1] !== undefined || number[2] !== undefined) return new PyFloat(Number(number[0]));
      return BigInt(number[0]);
    }
    throw new JsonSyntaxError('expecting a value', this.position);
  }

  private object(): PyDict {
    const dict = new PyDict();
    this.position++;
    this.skipSpace();
    if (this.text[this.position] === '}') {
      this.position++;
      return dict;
    }
    while (true) {
      this.skipSpace();
      if (this.text[this.position] !== '"') {
        throw new JsonSyntaxError('expecting a property name in double quotes', this.position);
      }
      const key = this.string();
      this.skipSpace();
      if (this.text[this.position] !== ':') throw new JsonSyntaxError("expecting ':'", this.position);
      this.position++;
      this.skipSpace();
      dict.set(key, this.value());
      this.skipSpace();
      const next = this.text[this.position];
      this.position++;
      if (next === '}') return dict;
      if (next !== ',') throw new JsonSyntaxError("expecting ',' or '}'", this.position - 1);
    }
  }

  private array(): PyValue[] {
    const items: PyValue[] = [];
    this.position++;
    this.skipSpace();
    if (this.text[this.position] === ']') {
      this.position++;
      return items;
    }
    while (true) {
      this.skipSpace();
      items.push(this.value());
      this.skipSpace();
      const next = this.text[this.position];
      this.position++;
      if (next === ']') return items;
      if (next !== ',') throw new JsonSyntaxError("expecting ',' or ']'", this.position - 1);
    }
  }

  private string(): string {
    const start = this.position;
    this.position++;
    let value = '';
    while (true) {
      // A run of plain characters is taken in one slice (one character at a time, a 60 MB string cost
      // gigabytes of intermediate strings).
      PLAIN_RUN.lastIndex = this.position;
      const run = PLAIN_RUN.exec(this.text);
      if (run && run[0].length > 0) {
        const end = this.position + run[0].length;
        value += this.bytes && NOT_ASCII.test(run[0]) ? this.bytes.toString('utf8', this.position, end) : run[0];
        this.position = end;
      }
      const character = this.text[this.position];
      if (character === undefined) throw new JsonSyntaxError('unterminated string', start);
      if (character === '"') {
        this.position++;
        return value;
      }
      if (character.charCodeAt(0) < 0x20) throw new JsonSyntaxError('invalid control character', this.position);
      const escaped = this.text[this.position + 1] ?? '';
      if (escaped === 'u') {
        const digits = this.text.slice(this.position + 2, this.position + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(digits)) throw new JsonSyntaxError('invalid \\uXXXX escape', this.position);
        value += String.fromCharCode(Number.parseInt(digits, 16));
        this.position += 6;
        continue;
      }
      const simple = ESCAPES[escaped];
      if (simple === undefined) throw new JsonSyntaxError('invalid \\escape', this.position);
      value += simple;
      this.position += 2;
    }
  }
}
