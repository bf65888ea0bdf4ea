import { seededRandom } from '../util/seeded-random.js';

/**
 * The orders in which to try a batch of `size` calls, the given order first. Up to `exhaustiveLimit`
 * calls every permutation is listed (in lexicographic order); above it, `samples` distinct orders: the
 * given one plus seeded random shuffles, so the same batch in the same episode always tries the same
 * orders.
 */
export function callOrders(
  size: number,
  options: { readonly exhaustiveLimit: number; readonly samples: number; readonly seed: string },
): number[][] {
  const identity = Array.from({ length: size }, (_, index) => index);
  if (size <= options.exhaustiveLimit) return permutations(identity);

  const random = seededRandom(options.seed);
  const wanted = Math.min(options.samples, factorial(size));
  const orders = [identity];
  const seen = new Set([identity.join(',')]);
  while (orders.length < wanted) {
    const order = [...identity];
    for (let index = order.length - 1; index > 0; index -= 1) {
      const other = Math.floor(random() * (index + 1));
      [order[index], order[other]] = [order[other] as number, order[index] as number];
    }
    const key = order.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    orders.push(order);
  }
  return orders;
}

function permutations(items: readonly number[]): number[][] {
  if (items.length <= 1) return [[...items]];
  const result: number[][] = [];
  items.forEach((item, index) => {
    const rest = [...items.slice(0, index), ...items.slice(index + 1)];
    for (const tail of permutations(rest)) result.push([item, ...tail]);
  });
  return result;
}

function factorial(n: number): number {
  let result = 1;
  for (let k = 2; k <= n; k += 1) result *= k;
  return result;
}
