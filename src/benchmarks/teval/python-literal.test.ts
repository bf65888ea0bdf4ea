import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanReply, lenientLoad } from './lenient-load.js';
import { parsePythonJson } from './python-json.js';
import { parsePythonLiteral } from './python-literal.js';
import { floatRepr, pyRepr, pyStr } from './python-repr.js';
import { fromPlain, PyDict, PyFloat, pyEquals, pyInt } from './python-value.js';

/** Inputs and what CPython 3.11 printed for them (`fixtures/python-parity.py` writes this file). */
const parity = JSON.parse(readFileSync(new URL('./fixtures/python-parity.json', import.meta.url), 'utf8')) as {
  literal: [string, string | null][];
  json: [string, string | null][];
  lenient: [string, string, string, string | null][];
  floats: [string, string][];
};

const UNSUPPORTED = ['1j', '{1, 2}', "b'x'"];

function reprOrNull(parse: () => unknown): string | null {
  try {
    return pyRepr(parse() as never);
  } catch {
    return null;
  }
}

describe('Python parity (fixtures printed by CPython)', () => {
  it.each(parity.literal)('ast.literal_eval(%j) → %j', (input, expected) => {
    // Documented deviations: complex numbers, sets and bytes are refused (never seen in T-Eval replies).
    const refused = UNSUPPORTED.includes(input);
    expect(reprOrNull(() => parsePythonLiteral(input))).toBe(refused ? null : expected);
    if (refused) expect(expected).not.toBeNull();
  });
  it.each(parity.json)('json.loads(%j) → %j', (input, expected) => {
    expect(reprOrNull(() => parsePythonJson(input))).toBe(expected);
  });
  it.each(parity.lenient)('format_load(%j, %j, %j) → %j', (input, start, end, expected) => {
    const loaded = lenientLoad(input, start, end);
    expect(loaded.ok ? pyRepr(loaded.value) : null).toBe(expected);
  });
  it.each(parity.floats)('repr(float.fromhex(%s)) = %s', (hexText, expected) => {
    expect(floatRepr(fromHex(hexText))).toBe(expected);
  });
});

describe('Python values', () => {
  it('compares like == (int/float/bool cross-type, containers, order-free dicts)', () => {
    expect(pyEquals(1n, new PyFloat(1))).toBe(true);
    expect(pyEquals(true, 1n)).toBe(true);
    expect(pyEquals('5', 5n)).toBe(false);
    expect(pyEquals([1n, 'a'], [1n, 'a'])).toBe(true);
    expect(
      pyEquals(
        PyDict.of([
          ['a', 1n],
          ['b', 2n],
        ]),
        PyDict.of([
          ['b', 2n],
          ['a', 1n],
        ]),
      ),
    ).toBe(true);
    expect(pyEquals(PyDict.of([['a', 1n]]), PyDict.of([['a', '1']]))).toBe(false);
    expect(pyEquals(null, false)).toBe(false);
  });
  it('converts ids as int() does', () => {
    expect(pyInt(' 3 ')).toBe(3n);
    expect(pyInt(new PyFloat(2.9))).toBe(2n);
    expect(() => pyInt('3.0')).toThrow();
    expect(() => pyInt(null)).toThrow();
  });
  it('str() leaves strings bare and prints JavaScript objects in key order', () => {
    expect(pyStr('plain')).toBe('plain');
    expect(pyStr(fromPlain({ place: 'Berlin', n: 2, ok: false, rate: 0.5, none: null }))).toBe(
      "{'place': 'Berlin', 'n': 2, 'ok': False, 'rate': 0.5, 'none': None}",
    );
  });
  it('cleans replies as the harness does', () => {
    expect(cleanReply('```json\n{"a": 1}\n```')).toBe('{"a": 1}');
    expect(cleanReply('Answer: A<|im_end|>junk')).toBe('Answer: A');
    expect(cleanReply('B\nuser: more')).toBe('B');
  });
});

function fromHex(text: string): number {
  const match = /^(-?)0x([01])\.([0-9a-f]+)p([+-]\d+)$/.exec(text);
  if (!match) throw new Error(text);
  const [, sign, lead, fraction = '', exponent] = match;
  let mantissa = Number(lead);
  for (let index = 0; index < fraction.length; index++) {
    mantissa += Number.parseInt(fraction[index] as string, 16) / 16 ** (index + 1);
  }
  return (sign ? -1 : 1) * mantissa * 2 ** Number(exponent);
}

describe('surrogate escapes: literal_eval keeps them apart, json.loads joins them', () => {
  it('the literal path is unequal to the joined character and prints as Python does', () => {
    const literal = parsePythonLiteral(String.raw`'\ud83c\udf89'`);
    const json = parsePythonJson(String.raw`"\ud83c\udf89"`);
    expect(pyEquals(literal, json)).toBe(false);
    expect(pyEquals(json, '🎉')).toBe(true);
    expect(pyRepr(literal)).toBe(String.raw`'\ud83c\udf89'`);
    expect(pyStr(literal)).not.toBe('🎉');
    // The lenient loader tries literal_eval first: only text that is not a Python literal reaches JSON.
    const viaJson = lenientLoad(String.raw`{"a": "\ud83c\udf89", "b": true}`);
    const viaLiteral = lenientLoad(String.raw`{"a": "\ud83c\udf89"}`);
    expect(viaJson.ok && pyRepr(viaJson.value)).toBe("{'a': '🎉', 'b': True}");
    expect(viaLiteral.ok && pyRepr(viaLiteral.value)).toBe(String.raw`{'a': '\ud83c\udf89'}`);
  });
});
