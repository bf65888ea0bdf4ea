/**
 * Python 3.11's view of text that ToolTalk's tools depend on: its whitespace (`\s` in `re`, and what
 * `str.split()` splits on) and its `repr` of a string.
 *
 * `repr`, as CPython 3.11 writes it: single quotes unless the text holds a single
 * quote and no double quote; `\\`, `\t`, `\n`, `\r` escaped; every character `str.isprintable()` rejects
 * written as `\xhh`, `\uhhhh` or `\Uhhhhhhhh`. Python's error texts quote their inputs this way
 * ("time data '2023-09-15\xa010:00' does not match format …").
 *
 * Printable means: not a control, format, surrogate, private-use, unassigned, line or paragraph
 * separator, nor a space other than ' '. Python 3.11 knows Unicode 14; Node's tables are newer, so the
 * characters assigned since (unassigned, hence not printable, for Python) are listed below, measured by
 * comparing CPython 3.11's `str.isprintable` with Node 22's (Unicode 17) tables over every code point.
 */

const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

const ASSIGNED_AFTER_UNICODE_14 =
  '88f 897 c5c cdc cf3 ece 1acf-1add 1ae0-1aeb 1b4e-1b4f 1b7f 1c89-1c8a 20c1 2427-2429 2b96 2ffc-2fff 31e4-31e5 ' +
  '31ef a7cb-a7cf a7d2 a7d4 a7da-a7dc a7f1 fbc3-fbd2 fd90-fd91 fdc8-fdce 105c0-105f3 10940-10959 10d40-10d65 ' +
  '10d69-10d85 10d8e-10d8f 10ec2-10ec7 10ed0-10ed8 10efa-10eff 1123f-11241 11380-11389 1138b 1138e 11390-113b5 ' +
  '113b7-113c0 113c2 113c5 113c7-113ca 113cc-113d5 113d7-113d8 113e1-113e2 116d0-116e3 11b00-11b09 11b60-11b67 ' +
  '11bc0-11be1 11bf0-11bf9 11db0-11ddb 11de0-11de9 11f00-11f10 11f12-11f3a 11f3e-11f5a 1342f 13440-13455 ' +
  '13460-143fa 16100-16139 16d40-16d79 16ea0-16eb8 16ebb-16ed3 16ff2-16ff6 187f8-187ff 18cff 18d09-18d1e ' +
  '18d80-18df2 1b132 1b155 1cc00-1ccfc 1cd00-1ceb3 1ceba-1ced0 1cee0-1cef0 1d2c0-1d2d3 1df25-1df2a 1e030-1e06d ' +
  '1e08f 1e4d0-1e4f9 1e5d0-1e5fa 1e5ff 1e6c0-1e6de 1e6e0-1e6f5 1e6fe-1e6ff 1f6d8 1f6dc 1f774-1f77f 1f7d9 ' +
  '1f8b2-1f8bb 1f8c0-1f8c1 1f8d0-1f8d8 1fa54-1fa57 1fa75-1fa77 1fa87-1fa8a 1fa8e-1fa8f 1faad-1faaf 1fabb-1fabf ' +
  '1fac6 1fac8 1facd-1facf 1fada-1fadc 1fadf 1fae8-1faea 1faef 1faf7-1faf8 1fbcb-1fbef 1fbfa 2b739-2b73f ' +
  '2cea2-2cead 2ebf0-2ee5d 31350-33479';

const NEWER_RANGES: readonly (readonly [number, number])[] = ASSIGNED_AFTER_UNICODE_14.split(' ').map((range) => {
  const [first = '0', last = first] = range.split('-');
  return [Number.parseInt(first, 16), Number.parseInt(last, 16)] as const;
});

/** Python 3.11's `str.isprintable()` of one code point. */
export function isPythonPrintable(codePoint: number): boolean {
  if (codePoint === 0x20) return true;
  if (NEWER_RANGES.some(([first, last]) => codePoint >= first && codePoint <= last)) return false;
  return !NOT_PRINTABLE.test(String.fromCodePoint(codePoint));
}

/** Python's `repr(text)`. */
export function pythonRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let body = '';
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (character === quote || character === '\\') body += `\\${character}`;
    else if (character === '\t') body += '\\t';
    else if (character === '\n') body += '\\n';
    else if (character === '\r') body += '\\r';
    else if (isPythonPrintable(codePoint)) body += character;
    else if (codePoint < 0x100) body += `\\x${codePoint.toString(16).padStart(2, '0')}`;
    else if (codePoint < 0x10000) body += `\\u${codePoint.toString(16).padStart(4, '0')}`;
    else body += `\\U${codePoint.toString(16).padStart(8, '0')}`;
  }
  return `${quote}${body}${quote}`;
}

/**
 * Every character Python 3.11 counts as whitespace (`re`'s `\s` on text, `str.isspace()`, what
 * `str.split()` splits on), as a character-class body. JavaScript's `\s` differs: it adds U+FEFF and
 * lacks U+001C–U+001F and U+0085.
 */
export const PYTHON_WHITESPACE =
  '\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

const WHITESPACE_RUN = new RegExp(`[${PYTHON_WHITESPACE}]+`, 'u');

/** Python's `text.split()`: the words between runs of Python whitespace. */
export function pythonSplit(text: string): string[] {
  return text.split(WHITESPACE_RUN).filter((word) => word !== '');
}

const LEADING_OR_TRAILING = new RegExp(`^[${PYTHON_WHITESPACE}]+|[${PYTHON_WHITESPACE}]+$`, 'gu');

/** Python's `text.strip()`: Python whitespace removed from both ends (JavaScript's `trim` removes others). */
export function pythonStrip(text: string): string {
  return text.replace(LEADING_OR_TRAILING, '');
}
