import { seededRandom } from '../../world/index.js';

/**
 * A copy of `items` in an order fixed by `seed` (Fisher–Yates driven by the project's seeded
 * generator): the same seed and the same items always give the same order, on every machine.
 */
export function seededShuffle<Item>(items: readonly Item[], seed: string): Item[] {
  const random = seededRandom(seed);
  const shuffled = [...items];
  for (let index = shuffled.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    const item = shuffled[index] as Item;
    shuffled[index] = shuffled[other] as Item;
    shuffled[other] = item;
  }
  return shuffled;
}
