/**
 * Python's `repr()` and `str()` of the values in `python-value.ts`, character for character: the reference
 * scorer embeds `str(args)` of dicts and compares `str()` of argument values, so quote choice, escapes,
 * float formatting and key order all change scores.
 */
import { PyDict, PyFloat, PyTuple, type PyValue, surrogateOf } from './python-value.js';

/** Python's `str(value)`: a string as it is, anything else as its `repr`. */
export function pyStr(value: PyValue): string {
  return typeof value === 'string' ? value : pyRepr(value);
}

/** Python's `repr(value)`. */
export function pyRepr(value: PyValue): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return stringRepr(value);
  if (value instanceof PyFloat) return floatRepr(value.value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(', ')}]`;
  if (value instanceof PyTuple) {
    if (value.items.length === 1) return `(${pyRepr(value.items[0] as PyValue)},)`;
    return `(${value.items.map(pyRepr).join(', ')})`;
  }
  if (value instanceof PyDict) {
    return `{${value
      .entries()
      .map(([key, item]) => `${pyRepr(key)}: ${pyRepr(item)}`)
      .join(', ')}}`;
  }
  return 'None';
}

/**
 * `repr(float)`: the shortest digits that round-trip (as JavaScript also finds them), written in fixed
 * notation when the decimal exponent is in [-4, 16), else as `1e-05` / `1.5e+16`; integral values keep `.0`.
 */
export function floatRepr(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (value === Number.POSITIVE_INFINITY) return 'inf';
  if (value === Number.NEGATIVE_INFINITY) return '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const sign = value < 0 ? '-' : '';
  const [mantissa = '', exponentText = '0'] = Math.abs(value).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const decimalPoint = Number(exponentText) + 1;
  if (decimalPoint > -4 && decimalPoint <= 16) {
    if (decimalPoint <= 0) return `${sign}0.${'0'.repeat(-decimalPoint)}${digits}`;
    if (decimalPoint >= digits.length) return `${sign}${digits}${'0'.repeat(decimalPoint - digits.length)}.0`;
    return `${sign}${digits.slice(0, decimalPoint)}.${digits.slice(decimalPoint)}`;
  }
  const exponent = decimalPoint - 1;
  const head = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const magnitude = String(Math.abs(exponent)).padStart(2, '0');
  return `${sign}${head}e${exponent < 0 ? '-' : '+'}${magnitude}`;
}

const PLAIN_ASCII = /^[\x20-\x5b\x5d-\x7e]*$/;
const NOT_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;

/** `repr(str)`: single quotes unless the text has a `'` and no `"`; escapes as CPython writes them. */
export function stringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  // Printable ASCII without a backslash needs no escape, unless it holds the quote (both quotes).
  if (PLAIN_ASCII.test(text) && (quote === '"' || !text.includes("'"))) return quote + text + quote;
  const quoteCode = quote.charCodeAt(0);
  let out = quote;
  let plainFrom = 0;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    // Runs of printable ASCII other than the quote and the backslash are copied in one slice.
    if (unit >= 0x20 && unit < 0x7f && unit !== 0x5c && unit !== quoteCode) continue;
    out += text.slice(plainFrom, index);
    const code = text.codePointAt(index) ?? 0;
    const character = String.fromCodePoint(code);
    index += character.length - 1;
    plainFrom = index + 1;
    if (character === quote || character === '\\') out += `\\${character}`;
    else if (character === '\t') out += '\\t';
    else if (character === '\n') out += '\\n';
    else if (character === '\r') out += '\\r';
    else if (code < 0x20 || code === 0x7f) out += `\\x${hex(code, 2)}`;
    else if (surrogateOf(code) !== undefined) out += `\\u${hex(surrogateOf(code) as number, 4)}`;
    else if (character !== ' ' && NOT_PRINTABLE.test(character)) {
      if (code <= 0xff) out += `\\x${hex(code, 2)}`;
      else if (code <= 0xffff) out += `\\u${hex(code, 4)}`;
      else out += `\\U${hex(code, 8)}`;
    } else out += character;
  }
  return out + text.slice(plainFrom) + quote;
}

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, '0');
}
