/**
 * A parser for Python literals, accepting what `ast.literal_eval` accepts for the values T-Eval meets:
 * strings (all quote styles, prefixes r/u, escapes, adjacent concatenation), ints (decimal, hex, octal,
 * binary, underscores), floats, `True`/`False`/`None`, lists, tuples, dicts, one unary sign on a number
 * (which may be parenthesised: `-(1)`),
 * comments and implicit line joining inside brackets. Text is parsed, never run. Not supported (they fail
 * to parse, where Python would succeed): bytes, complex numbers, sets, `\N{name}` escapes.
 */
import { loneSurrogate, PyDict, PyFloat, PyTuple, type PyValue } from './python-value.js';

export class LiteralSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} at offset ${offset}`);
  }
}

type Token =
  | { readonly kind: 'punct'; readonly text: string; readonly offset: number }
  | { readonly kind: 'string'; readonly value: string; readonly offset: number }
  | { readonly kind: 'number'; readonly value: bigint | PyFloat; readonly offset: number }
  | { readonly kind: 'name'; readonly text: string; readonly offset: number }
  | { readonly kind: 'newline'; readonly offset: number }
  | { readonly kind: 'end'; readonly offset: number };

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

/** `ast.literal_eval(text)` (which first strips leading spaces and tabs). */
export function parsePythonLiteral(text: string): PyValue {
  const tokens = tokenize(text.replace(/^[ \t]+/, ''));
  const parser = new LiteralParser(tokens);
  return parser.parseAll();
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  let depth = 0;
  let atLineStart = true;
  while (position < source.length) {
    const character = source[position] as string;
    if (atLineStart) {
      // Python measures indentation on each logical line outside brackets; blank lines do not count.
      const lineEnd = source.indexOf('\n', position);
      const line = source.slice(position, lineEnd === -1 ? source.length : lineEnd);
      if (/^[ \t\f]*(#.*)?\r?$/.test(line)) {
        position = lineEnd === -1 ? source.length : lineEnd + 1;
        continue;
      }
      if (/^[ \t\f]/.test(line) && tokens.length > 0) throw new LiteralSyntaxError('unexpected indent', position);
      if (/^[ \t\f]/.test(line)) throw new LiteralSyntaxError('unexpected indent', position);
      atLineStart = false;
      continue;
    }
    if (character === ' ' || character === '\t' || character === '\f') {
      position++;
      continue;
    }
    if (character === '#') {
      while (position < source.length && source[position] !== '\n') position++;
      continue;
    }
    if (character === '\\' && (source[position + 1] === '\n' || source.startsWith('\r\n', position + 1))) {
      position += source[position + 1] === '\n' ? 2 : 3;
      continue;
    }
    if (character === '\n' || character === '\r') {
      position++;
      if (depth === 0) {
        tokens.push({ kind: 'newline', offset: position - 1 });
        atLineStart = true;
      }
      continue;
    }
    if ('([{'.includes(character)) depth++;
    if (')]}'.includes(character)) depth = Math.max(0, depth - 1);
    if ('()[]{}:,+-'.includes(character)) {
      tokens.push({ kind: 'punct', text: character, offset: position });
      position++;
      continue;
    }
    const stringStart = /^([rRuUbBfF]{0,2})(['"])/.exec(source.slice(position, position + 3));
    if (stringStart && isStringPrefix(stringStart[1] as string)) {
      const [value, next] = readString(source, position, stringStart[1] as string);
      tokens.push({ kind: 'string', value, offset: position });
      position = next;
      continue;
    }
    if (/[0-9.]/.test(character) && (character !== '.' || /[0-9]/.test(source[position + 1] ?? ''))) {
      const [value, next] = readNumber(source, position);
      tokens.push({ kind: 'number', value, offset: position });
      position = next;
      continue;
    }
    const name = /^[A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*/.exec(source.slice(position));
    if (name) {
      tokens.push({ kind: 'name', text: name[0], offset: position });
      position += name[0].length;
      continue;
    }
    throw new LiteralSyntaxError(`unexpected character ${JSON.stringify(character)}`, position);
  }
  tokens.push({ kind: 'end', offset: source.length });
  return tokens;
}

function isStringPrefix(prefix: string): boolean {
  const lower = prefix.toLowerCase();
  return ['', 'r', 'u', 'b', 'br', 'rb', 'f', 'fr', 'rf'].includes(lower);
}

function readString(source: string, start: number, prefix: string): [string, number] {
  const lower = prefix.toLowerCase();
  if (lower.includes('b')) throw new LiteralSyntaxError('bytes literals are not supported', start);
  if (lower.includes('f')) throw new LiteralSyntaxError('f-strings are not literals', start);
  const raw = lower.includes('r');
  let position = start + prefix.length;
  const quoteCharacter = source[position] as string;
  const triple = source.startsWith(quoteCharacter.repeat(3), position);
  const quote = triple ? quoteCharacter.repeat(3) : quoteCharacter;
  position += quote.length;
  let value = '';
  while (true) {
    if (position >= source.length) throw new LiteralSyntaxError('unterminated string literal', start);
    if (source.startsWith(quote, position)) return [value, position + quote.length];
    const character = source[position] as string;
    if (!triple && (character === '\n' || character === '\r')) {
      throw new LiteralSyntaxError('unterminated string literal', start);
    }
    if (character !== '\\') {
      value += character;
      position++;
      continue;
    }
    const next = source[position + 1];
    if (next === undefined) throw new LiteralSyntaxError('unterminated string literal', start);
    if (raw) {
      // A raw string keeps the backslash; it still cannot end on an escaped quote.
      value += character + next;
      position += 2;
      continue;
    }
    const [text, length] = readEscape(source, position);
    value += text;
    position += length;
  }
}

/** One escape sequence at `position` (a backslash): its text and how many characters it spans. */
function readEscape(source: string, position: number): [string, number] {
  const next = source[position + 1] as string;
  if (next === '\n') return ['', 2];
  if (next === '\r') return ['', source[position + 2] === '\n' ? 3 : 2];
  const simple = SIMPLE_ESCAPES[next];
  if (simple !== undefined) return [simple, 2];
  if (/[0-7]/.test(next)) {
    const octal = /^[0-7]{1,3}/.exec(source.slice(position + 1))?.[0] ?? next;
    return [String.fromCodePoint(Number.parseInt(octal, 8)), 1 + octal.length];
  }
  const width = next === 'x' ? 2 : next === 'u' ? 4 : next === 'U' ? 8 : 0;
  if (width > 0) {
    const digits = source.slice(position + 2, position + 2 + width);
    if (!new RegExp(`^[0-9a-fA-F]{${width}}$`).test(digits)) {
      throw new LiteralSyntaxError(`truncated \\${next} escape`, position);
    }
    const code = Number.parseInt(digits, 16);
    if (code > 0x10ffff) throw new LiteralSyntaxError('illegal Unicode character', position);
    // Python keeps each escaped surrogate as its own code point ('\\ud83c\\udf89' is two, unlike JSON's
    // one); JavaScript would join a pair, so each is held as its stand-in (python-value.ts).
    if (code >= 0xd800 && code <= 0xdfff) return [loneSurrogate(code), 2 + width];
    return [String.fromCodePoint(code), 2 + width];
  }
  if (next === 'N') throw new LiteralSyntaxError('\\N{name} escapes are not supported', position);
  // An unknown escape keeps its backslash (Python only warns).
  return [`\\${next}`, 2];
}

function readNumber(source: string, start: number): [bigint | PyFloat, number] {
  const rest = source.slice(start);
  const radix = /^0([xX](?:_?[0-9a-fA-F])+|[oO](?:_?[0-7])+|[bB](?:_?[01])+)/.exec(rest);
  if (radix)
    return [BigInt(`0${radix[1]?.replace(/_/g, '').toLowerCase()}`), checkEnd(source, start + radix[0].length)];
  const digits = '[0-9](?:_?[0-9])*';
  const float = new RegExp(
    `^(?:(?:${digits})?\\.${digits}|${digits}\\.)(?:[eE][+-]?${digits})?|^${digits}[eE][+-]?${digits}`,
  ).exec(rest);
  if (float) {
    const end = checkEnd(source, start + float[0].length);
    return [new PyFloat(Number(float[0].replace(/_/g, ''))), end];
  }
  const integer = new RegExp(`^${digits}`).exec(rest)?.[0] ?? '';
  const clean = integer.replace(/_/g, '');
  if (/^0+[1-9]/.test(clean)) throw new LiteralSyntaxError('leading zeros in a decimal integer', start);
  return [BigInt(clean), checkEnd(source, start + integer.length)];
}

function checkEnd(source: string, end: number): number {
  const after = source[end] ?? '';
  if (after === 'j' || after === 'J') throw new LiteralSyntaxError('complex numbers are not supported', end);
  if (/[\w.]/.test(after)) throw new LiteralSyntaxError('invalid number literal', end);
  return end;
}

class LiteralParser {
  private index = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  parseAll(): PyValue {
    this.skipNewlines();
    const value = this.parseValue();
    this.skipNewlines();
    const token = this.peek();
    if (token.kind !== 'end') throw new LiteralSyntaxError('unexpected text after the literal', token.offset);
    return value;
  }

  private skipNewlines(): void {
    while (this.peek().kind === 'newline') this.index++;
  }

  private peek(): Token {
    return this.tokens[this.index] ?? (this.tokens[this.tokens.length - 1] as Token);
  }

  private take(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.index++;
    return token;
  }

  private isPunct(text: string): boolean {
    const token = this.peek();
    return token.kind === 'punct' && token.text === text;
  }

  private expect(text: string): void {
    const token = this.take();
    if (token.kind !== 'punct' || token.text !== text) {
      throw new LiteralSyntaxError(`expected ${JSON.stringify(text)}`, token.offset);
    }
  }

  private parseValue(): PyValue {
    const token = this.take();
    switch (token.kind) {
      case 'string': {
        let value = token.value;
        while (this.peek().kind === 'string') value += (this.take() as { value: string }).value;
        return value;
      }
      case 'number':
        return token.value;
      case 'name':
        if (token.text === 'True') return true;
        if (token.text === 'False') return false;
        if (token.text === 'None') return null;
        throw new LiteralSyntaxError(`malformed node: the name ${token.text}`, token.offset);
      case 'punct':
        return this.parseFromPunct(token.text, token.offset);
      default:
        throw new LiteralSyntaxError('unexpected end of the literal', token.offset);
    }
  }

  /**
   * The operand of a unary sign: a number, possibly in parentheses (they make no node in Python's AST, so
   * `-(1)` is `-1`); a bool, string, tuple or second sign is refused as `literal_eval` refuses it.
   */
  private parseSignedOperand(): bigint | PyFloat {
    const operand = this.take();
    if (operand.kind === 'number') return operand.value;
    if (operand.kind === 'punct' && operand.text === '(') {
      const inner = this.parseSignedOperand();
      this.expect(')');
      return inner;
    }
    throw new LiteralSyntaxError('a sign must be followed by a number', operand.offset);
  }

  private parseFromPunct(text: string, offset: number): PyValue {
    if (text === '+' || text === '-') return negateIf(text === '-', this.parseSignedOperand());
    if (text === '[') return this.parseSequence(']');
    if (text === '(') {
      if (this.isPunct(')')) {
        this.take();
        return new PyTuple([]);
      }
      const first = this.parseValue();
      if (this.isPunct(')')) {
        this.take();
        return first;
      }
      this.expect(',');
      const rest = this.isPunct(')') ? [] : this.parseSequence(')', false);
      if (rest.length === 0) this.expect(')');
      return new PyTuple([first, ...rest]);
    }
    if (text === '{') return this.parseDict();
    throw new LiteralSyntaxError(`unexpected ${JSON.stringify(text)}`, offset);
  }

  /** Items up to `close` (consumed), allowing a trailing comma. */
  private parseSequence(close: string, allowEmpty = true): PyValue[] {
    const items: PyValue[] = [];
    if (this.isPunct(close)) {
      if (!allowEmpty) throw new LiteralSyntaxError('empty sequence', this.peek().offset);
      this.take();
      return items;
    }
    while (true) {
      items.push(this.parseValue());
      if (this.isPunct(close)) {
        this.take();
        return items;
      }
      this.expect(',');
      if (this.isPunct(close)) {
        this.take();
        return items;
      }
    }
  }

  private parseDict(): PyDict {
    const dict = new PyDict();
    if (this.isPunct('}')) {
      this.take();
      return dict;
    }
    while (true) {
      const key = this.parseValue();
      if (!this.isPunct(':')) throw new LiteralSyntaxError('sets are not supported; expected ":"', this.peek().offset);
      this.take();
      const value = this.parseValue();
      try {
        dict.set(key, value);
      } catch (error) {
        throw new LiteralSyntaxError(error instanceof Error ? error.message : String(error), this.peek().offset);
      }
      if (this.isPunct('}')) {
        this.take();
        return dict;
      }
      this.expect(',');
      if (this.isPunct('}')) {
        this.take();
        return dict;
      }
    }
  }
}

function negateIf(negate: boolean, value: bigint | PyFloat): bigint | PyFloat {
  if (!negate) return value;
  return typeof value === 'bigint' ? -value : new PyFloat(-value.value);
}
