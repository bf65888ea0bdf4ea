import { describe, expect, it } from 'vitest';
import { NOT_SURE } from '../../engine/compiled-parser-helpers.generated.js';
import { readBuiltInPricesQuickly } from './built-in-prices.js';
import { loadPriceTable, priceTableSchema } from './price-table.js';
import { parsePriceTableFile } from './price-table-parser.generated.js';

describe('the shipped price table read without zod (list models)', () => {
  it('is read exactly as loadPriceTable reads it', () => {
    const quick = readBuiltInPricesQuickly();
    expect(quick).toBeDefined();
    expect(quick).toEqual(loadPriceTable());
  });

  it('is not sure of any table the schema refuses', () => {
    const table = {
      formatVersion: 1,
      version: 'v',
      currency: 'USD',
      models: { m: { inputPerMillion: 1, outputPerMillion: 2 } },
    };
    expect(parsePriceTableFile(table)).toEqual(table);
    for (const broken of [
      { ...table, formatVersion: 2 },
      { ...table, extra: true },
      { ...table, description: 3 },
      { ...table, models: { m: { inputPerMillion: -1, outputPerMillion: 2 } } },
      { ...table, models: { m: { inputPerMillion: 1, outputPerMillion: 2, cached: 0 } } },
      { ...table, models: { m: { inputPerMillion: 1 } } },
    ]) {
      expect(parsePriceTableFile(broken)).toBe(NOT_SURE);
      expect(priceTableSchema.safeParse(broken).success).toBe(false);
    }
  });
});
