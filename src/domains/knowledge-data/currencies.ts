/**
 * Fixed exchange rates (`data/sandbox/currencies.json`), all against the US dollar, taken on `asOf`.
 */
import { z } from 'zod';
import { formatVersionField, isoDateField, rejectDuplicates } from './data-fields.js';
import { cachedDataFile } from './data-file.js';

const currencySchema = z.object({
  /** ISO 4217 code, e.g. `EUR`. */
  code: z.string().regex(/^[A-Z]{3}$/, 'expected an ISO 4217 code such as EUR'),
  name: z.string().min(1),
  symbol: z.string().min(1),
  /** How many units of this currency one US dollar buys. */
  unitsPerUSD: z.number().positive(),
  /** Digits after the decimal point of the minor unit (2 for cents, 0 for the yen). */
  decimals: z.number().int().min(0).max(4),
  countries: z.array(z.string().min(1)),
});

export const currenciesFileSchema = z
  .object({
    formatVersion: formatVersionField,
    asOf: isoDateField,
    base: z.literal('USD'),
    currencies: z
      .array(currencySchema)
      .min(1)
      .superRefine((currencies, context) => rejectDuplicates(currencies, (currency) => currency.code, 'code', context)),
  })
  .superRefine((file, context) => {
    const dollar = file.currencies.findIndex((currency) => currency.code === 'USD');
    if (dollar < 0) {
      context.addIssue({ code: 'custom', path: ['currencies'], message: 'the base currency USD is missing' });
    } else if (file.currencies[dollar]?.unitsPerUSD !== 1) {
      context.addIssue({ code: 'custom', path: ['currencies', dollar, 'unitsPerUSD'], message: 'USD must be 1' });
    }
  });

export type Currency = z.output<typeof currencySchema>;

/** The exchange rates, read on first use. */
export const loadCurrencies = cachedDataFile('currencies.json', currenciesFileSchema);
