import { readFileSync } from 'node:fs';
import { NOT_SURE } from '../../engine/compiled-parser-helpers.generated.js';
import type { PriceTable } from './price-table.js';
import { parsePriceTableFile } from './price-table-parser.generated.js';

/** The price table toolgauge ships. */
export const BUILT_IN_PRICES = new URL('../../../data/prices.json', import.meta.url);

/**
 * The shipped price table as `loadPriceTable()` (price-table.ts) reads it, without importing zod (`list
 * models`): checked by the parser zod's compiler makes of the table's schema
 * (`price-table-parser.generated.ts`), or undefined when that is not sure it fits; then `loadPriceTable`
 * checks it with the schema, which names the field that is wrong.
 */
export function readBuiltInPricesQuickly(): PriceTable | undefined {
  const parsed: unknown = parsePriceTableFile(JSON.parse(readFileSync(BUILT_IN_PRICES, 'utf8')));
  if (parsed === NOT_SURE) return undefined;
  const { version, currency, models } = parsed as PriceTable;
  return { version, currency, models };
}
