import { seededRandom } from '../../util/seeded-random.js';

/**
 * A copy of `items` in an order fixed by `seed` (Fisher–Yates driven by the project's seeded
 * generator): the same seed and the same items always give the same order, on every machine.
 */
export function seededShuffle<Item>(items: readonly Item[], seed: string): Item[] {
  const positions = permutation(items.length, seed);
  const shuffled: Item[] = [];
  for (let index = 0; index < positions.length; index += 1) shuffled.push(items[positions[index] as number] as Item);
  return shuffled;
}

/**
 * Where each place of the shuffle takes its item from: it depends only on the count and the seed, and
 * the cases of one scenario wording shuffle alike under several augmentations. Remembered; bounded.
 */
function permutation(count: number, seed: string): Int32Array {
  const key = `${count}\u0000${seed}`;
  let positions = permutations.get(key);
  if (!positions) {
    const random = seededRandom(seed);
    positions = new Int32Array(count);
    for (let position = 0; position < count; position += 1) positions[position] = position;
    for (let index = count - 1; index > 0; index -= 1) {
      const other = Math.floor(random() * (index + 1));
      const position = positions[index] as number;
      positions[index] = positions[other] as number;
      positions[other] = position;
    }
    if (permutations.size >= MAX_REMEMBERED_PERMUTATIONS) permutations.clear();
    permutations.set(key, positions);
  }
  return positions;
}

const permutations = new Map<string, Int32Array>();
const MAX_REMEMBERED_PERMUTATIONS = 20_000;
