/**
 * CPython's `random.Random` (MT19937) for the small part ToolTalk's tools use: seeding with a
 * non-negative integer and `randint`. ToolTalk's recorded data depends on it: every tool seeds its own
 * generator with 489, so the first session token a login hands out, the first alarm id, the first event
 * id… are fixed strings that the ground truth records and later calls refer to.
 *
 * Seeding follows CPython's `init_by_array` over the 32-bit words of the seed's absolute value;
 * `randint(a, b)` is `a + _randbelow(b - a + 1)`, where `_randbelow(n)` draws `getrandbits(k)` with
 * `k = n.bit_length()` until the value is below n; `getrandbits(k)` fills 32-bit words from the lowest,
 * the last one keeping its top `k mod 32` bits.
 */
const N = 624;
const M = 397;

export class PythonRandom {
  private readonly state = new Uint32Array(N);
  private index = N + 1;

  constructor(seed: number) {
    if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError(`python random: seed ${seed} is not supported`);
    const key: number[] = [];
    let rest = seed;
    do {
      key.push(rest % 0x100000000);
      rest = Math.floor(rest / 0x100000000);
    } while (rest > 0);
    this.initByArray(key);
  }

  /** A whole number in [low, high], both ends included. */
  randint(low: number, high: number): number {
    return low + this.randbelow(high - low + 1);
  }

  private randbelow(n: number): number {
    if (n <= 0) throw new RangeError('python random: empty range');
    const bits = Math.floor(Math.log2(n)) + 1;
    for (;;) {
      const value = this.getrandbits(bits);
      if (value < n) return value;
    }
  }

  /** Up to 53 bits, as a safe integer. */
  private getrandbits(bits: number): number {
    if (bits <= 32) return this.next() >>> (32 - bits);
    let value = 0;
    let scale = 1;
    let remaining = bits;
    while (remaining > 0) {
      let word = this.next();
      if (remaining < 32) word >>>= 32 - remaining;
      value += word * scale;
      scale *= 0x100000000;
      remaining -= 32;
    }
    return value;
  }

  private initGenrand(seed: number): void {
    const mt = this.state;
    mt[0] = seed >>> 0;
    for (let i = 1; i < N; i += 1) {
      const previous = (mt[i - 1] ?? 0) ^ ((mt[i - 1] ?? 0) >>> 30);
      mt[i] = (Math.imul(1812433253, previous) + i) >>> 0;
    }
    this.index = N;
  }

  private initByArray(key: readonly number[]): void {
    const mt = this.state;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k -= 1) {
      const previous = (mt[i - 1] ?? 0) ^ ((mt[i - 1] ?? 0) >>> 30);
      mt[i] = (((mt[i] ?? 0) ^ Math.imul(previous, 1664525)) + (key[j] ?? 0) + j) >>> 0;
      i += 1;
      j += 1;
      if (i >= N) {
        mt[0] = mt[N - 1] ?? 0;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k -= 1) {
      const previous = (mt[i - 1] ?? 0) ^ ((mt[i - 1] ?? 0) >>> 30);
      mt[i] = (((mt[i] ?? 0) ^ Math.imul(previous, 1566083941)) - i) >>> 0;
      i += 1;
      if (i >= N) {
        mt[0] = mt[N - 1] ?? 0;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  private next(): number {
    const mt = this.state;
    if (this.index >= N) {
      for (let k = 0; k < N; k += 1) {
        const y = ((mt[k] ?? 0) & 0x80000000) | ((mt[(k + 1) % N] ?? 0) & 0x7fffffff);
        mt[k] = (mt[(k + M) % N] ?? 0) ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.index = 0;
    }
    let y = mt[this.index] ?? 0;
    this.index += 1;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }
}

const hex = (value: number, width: number): string => value.toString(16).padStart(width, '0');

/** How each ToolTalk tool spells a new id or code from its generator (one generator per tool). */
export const ID_SHAPES = {
  sessionToken: (random: PythonRandom) =>
    `${hex(random.randint(0, 0xffffffff), 8)}-${hex(random.randint(0, 0xffff), 4)}-${hex(random.randint(0, 0xffff), 4)}`,
  event: (random: PythonRandom) => `${hex(random.randint(0, 0xffffffff), 8)}-${hex(random.randint(0, 0xffff), 4)}`,
  alarm: (random: PythonRandom) => `${hex(random.randint(0, 0xffff), 4)}-${hex(random.randint(0, 0xffff), 4)}`,
  reminder: (random: PythonRandom) => `${hex(random.randint(0, 0xff), 2)}-${hex(random.randint(0, 0xffff), 4)}`,
  email: (random: PythonRandom) =>
    `${hex(random.randint(0, 0xff), 2)}-${hex(random.randint(0, 0xffff), 4)}-${hex(random.randint(0, 0xffffffff), 8)}`,
  message: (random: PythonRandom) =>
    `${hex(random.randint(0, 0xffffffff), 8)}-${hex(random.randint(0, 0xffffffff), 8)}`,
  verificationCode: (random: PythonRandom) => String(random.randint(0, 999999)).padStart(6, '0'),
} as const;

export type IdShape = keyof typeof ID_SHAPES;

/** The seed every ToolTalk tool gives its generator. */
export const TOOL_SEED = 489;

const idCache = new Map<string, readonly string[]>();

/** The `draw`-th (0-based) id a fresh tool generator seeded with 489 produces in the given shape. */
export function nthToolId(shape: IdShape, draw: number): string {
  let ids = idCache.get(shape);
  if (!ids || ids.length <= draw) {
    const random = new PythonRandom(TOOL_SEED);
    const generated: string[] = [];
    for (let k = 0; k <= Math.max(draw, 15); k += 1) generated.push(ID_SHAPES[shape](random));
    ids = generated;
    idCache.set(shape, ids);
  }
  return ids[draw] ?? '';
}
