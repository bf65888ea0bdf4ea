import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';
import { seededRandom } from './seeded-random.js';

/** The former implementation, kept as the reference the faster one must match byte for byte. */
function replacerCanonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );
}

const KEYS = [
  'a',
  'b',
  'Z',
  'é',
  '10',
  '9',
  '0',
  '01',
  '-1',
  '1e3',
  '4294967295',
  '4294967294',
  '',
  ' ',
  'a"b',
  '\n',
  '__proto__',
];
const STRINGS = ['', 'x', 'quote " and \\ back', 'line\nbreak', '\u0000\u001f', '\ud800', '😀', 'ünï'];
const NUMBERS = [0, -0, 1, -1.5, 1e21, 1e-7, Number.MAX_SAFE_INTEGER, Number.NaN, Number.POSITIVE_INFINITY, 0.1 + 0.2];

/** A random JSON-ish value with the awkward parts JSON.stringify treats specially. */
function randomValue(random: () => number, depth: number): unknown {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const roll = random();
  if (depth <= 0 || roll < 0.35) {
    return pick<unknown>([
      pick(STRINGS),
      pick(NUMBERS),
      true,
      false,
      null,
      undefined,
      () => 1,
      Symbol('s'),
      new Date(Math.floor(random() * 2e12)),
    ]);
  }
  if (roll < 0.55) return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth - 1));
  if (roll < 0.6) {
    const inner = randomValue(random, depth - 1);
    return { toJSON: (key: string) => ({ key, inner }) };
  }
  if (roll < 0.63) return new String('ab');
  const object: Record<string, unknown> = {};
  for (let count = Math.floor(random() * 6); count > 0; count--) {
    Object.defineProperty(object, pick(KEYS), {
      value: randomValue(random, depth - 1),
      enumerable: random() < 0.9,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

describe('canonicalJson', () => {
  it('sorts keys at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ f: 1, e: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[{"e":2,"f":1}]},"b":1}',
    );
  });

  it('writes exactly what the replacer implementation wrote, on random values', () => {
    const random = seededRandom('canonical-json');
    for (let round = 0; round < 3000; round++) {
      const value = randomValue(random, 4);
      expect(canonicalJson(value), `round ${round}`).toBe(replacerCanonicalJson(value));
    }
  });

  it('treats the edges like JSON.stringify: indices first, undefined left out, toJSON first, bigint refused', () => {
    const edges: unknown[] = [
      undefined,
      { '10': 1, '9': 2, b: 3, a: 4, '01': 5 },
      [undefined, () => 1, Symbol('s')],
      { a: undefined, b: () => 1 },
      { when: new Date(0) },
      Object.assign(() => 1, { toJSON: () => 'from toJSON' }),
      { __proto__: null, z: 1, y: 2 },
      JSON.parse('{"__proto__":{"b":1,"a":2}}'),
      new Map([['a', 1]]),
      new Uint8Array([3, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11]),
    ];
    for (const value of edges) expect(canonicalJson(value)).toBe(replacerCanonicalJson(value));
    expect(() => canonicalJson({ a: 1n })).toThrow(TypeError);
  });
});
