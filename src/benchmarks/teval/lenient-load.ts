/**
 * How T-Eval reads a model's reply: first the harness cleans the raw text (cut at chat-template stop
 * markers, strip a ```json fence), then each evaluator loads it leniently — cut after a ```json marker,
 * optionally slice from the first opening bracket to the last closing one, then try a Python literal, JSON,
 * and JSON with every `'` turned into `"`. The reply is parsed, never run.
 */
import { parsePythonJson } from './python-json.js';
import { parsePythonLiteral } from './python-literal.js';
import type { PyValue } from './python-value.js';

const STOP_MARKERS = [
  '<eoa>',
  '<TOKENS_UNUSED_1>',
  '<|im_end|>',
  '\nuser',
  '\nassistant',
  '\nUSER',
  '[INST]',
  '<|user|>',
];

/** The reference harness's clean-up of a raw reply before any evaluator sees it. */
export function cleanReply(raw: string): string {
  let text = raw;
  for (const marker of STOP_MARKERS) text = text.split(marker)[0] as string;
  text = pyStrip(text);
  if (text.startsWith('```json')) text = text.slice('```json'.length);
  return pyStrip(stripCharacters(text, '`'));
}

export type LoadResult =
  | { readonly ok: true; readonly value: PyValue }
  | { readonly ok: false; readonly error: string };

/**
 * The lenient loader. With `start`/`end` (e.g. `[` and `]`) the text is sliced as Python slices it: from
 * the first `start` (or, when absent, from the last character) to the last `end` inclusive (or to nothing).
 */
export function lenientLoad(raw: string, start = '', end = ''): LoadResult {
  let text = raw;
  const fence = text.indexOf('```json');
  if (fence !== -1) text = stripCharacters(text.slice(fence + '```json'.length), '`');
  if (start !== '') text = pySlice(text, text.indexOf(start));
  if (end !== '') text = text.slice(0, Math.max(0, pyEnd(text, text.lastIndexOf(end), end.length)));
  const errors: string[] = [];
  for (const [label, attempt] of [
    ['Python literal', () => parsePythonLiteral(text)],
    ['JSON', () => parsePythonJson(text)],
    ['JSON with \' as "', () => parsePythonJson(text.replaceAll("'", '"'))],
  ] as const) {
    try {
      return { ok: true, value: attempt() };
    } catch (error) {
      errors.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { ok: false, error: `cannot parse the reply (${errors.join('; ')})` };
}

/** `text[index:]` with Python's negative index (find's -1 keeps only the last character). */
function pySlice(text: string, index: number): string {
  return index < 0 ? text.slice(Math.max(0, text.length + index)) : text.slice(index);
}

/** The end of `text[:rfind(end) + len(end)]`: -1 + len(end) counts from the back when negative. */
function pyEnd(text: string, index: number, length: number): number {
  const stop = index + length;
  return stop < 0 ? text.length + stop : stop;
}

/** Python's `str.strip()` (white space). */
export function pyStrip(text: string): string {
  let startIndex = 0;
  let endIndex = text.length;
  while (startIndex < endIndex && isPythonSpace(text.charCodeAt(startIndex))) startIndex++;
  while (endIndex > startIndex && isPythonSpace(text.charCodeAt(endIndex - 1))) endIndex--;
  return text.slice(startIndex, endIndex);
}

/** `str.isspace()`: JavaScript's white space plus the separators 0x1c–0x1f and 0x85 (not U+FEFF). */
function isPythonSpace(code: number): boolean {
  if ((code >= 0x1c && code <= 0x1f) || code === 0x85) return true;
  if (code === 0xfeff) return false;
  return /\s/.test(String.fromCharCode(code));
}

/** Python's `str.strip(characters)`. */
export function stripCharacters(text: string, characters: string): string {
  let startIndex = 0;
  let endIndex = text.length;
  while (startIndex < endIndex && characters.includes(text[startIndex] as string)) startIndex++;
  while (endIndex > startIndex && characters.includes(text[endIndex - 1] as string)) endIndex--;
  return text.slice(startIndex, endIndex);
}
