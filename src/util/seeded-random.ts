import { crypto } from './built-ins-on-demand.js';

/**
 * Deterministic ids: the n-th id of an episode is a UUID-shaped hash of the episode's seed and n, so two
 * episodes with the same seed hand out the same ids in the same order, and nothing depends on the
 * machine, the time or other episodes. The counter lives in the world snapshot (`idSequence`).
 */
export function deterministicId(seed: string, sequence: number): string {
  // `hash` is the one-shot form of createHash(…).update(…).digest(…): the same digest at a third of the CPU.
  const hex = crypto().hash('sha256', `${seed}\u0000${sequence}`, 'hex');
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A small seeded pseudo-random generator (mulberry32 over a hash of the seed), for sampling. */
export function seededRandom(seed: string): () => number {
  let state = seedState(seed);
  return () => {
    state = nextState(state);
    return unitOf(state);
  };
}

/** mulberry32's step: the generator's next state. */
function nextState(state: number): number {
  return (state + 0x6d2b79f5) | 0;
}

/** mulberry32's output for a state: a number in [0, 1). */
function unitOf(state: number): number {
  let t = Math.imul(state ^ (state >>> 15), state | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/**
 * Bootstrap means on the {@link seededRandom} sequence: for each of `resamples` rounds, `values.length`
 * draws with replacement (the value at `Math.floor(random() * length)`), summed in draw order and divided
 * by the length. Exactly the numbers of drawing with `seededRandom` one call at a time, in one loop without
 * a closure call per draw (a report's bootstrap draws millions).
 */
export function seededResampleMeans(seed: string, values: Float64Array, resamples: number): Float64Array {
  const count = values.length;
  const means = new Float64Array(resamples);
  let state = seedState(seed);
  for (let resample = 0; resample < resamples; resample++) {
    let sum = 0;
    for (let draw = 0; draw < count; draw++) {
      state = nextState(state);
      sum += values[Math.floor(unitOf(state) * count)] as number;
    }
    means[resample] = sum / count;
  }
  return means;
}

function seedState(seed: string): number {
  return crypto().hash('sha256', seed, 'buffer').readUInt32LE(0);
}
