/**
 * A fixed snapshot of stock quotes (`data/sandbox/stocks.json`), taken on `asOf`. The reference asked a
 * live finance service; a snapshot keeps every episode reproducible.
 */
import { z } from 'zod';
import { formatVersionField, isoDateField, rejectDuplicates } from './data-fields.js';
import { cachedDataFile } from './data-file.js';

const money = z.number().nonnegative();

const quoteSchema = z.object({
  symbol: z.string().min(1),
  name: z.string().min(1),
  exchange: z.string().min(1),
  /** ISO 4217 code of the trading currency. */
  currency: z.string().regex(/^[A-Z]{3}$/, 'expected an ISO 4217 code such as USD'),
  price: money,
  previousClose: money,
  open: money,
  dayHigh: money,
  dayLow: money,
  volume: z.number().int().nonnegative(),
  marketCap: money,
  /** Other names people use for the company, e.g. `Google` for Alphabet. */
  aliases: z.array(z.string().min(1)),
});

export const stocksFileSchema = z.object({
  formatVersion: formatVersionField,
  asOf: isoDateField,
  quotes: z
    .array(quoteSchema)
    .min(1)
    .superRefine((quotes, context) =>
      rejectDuplicates(quotes, (quote) => quote.symbol.toUpperCase(), 'symbol', context),
    ),
});

export type StockQuote = z.output<typeof quoteSchema>;

/** The stock snapshot, read on first use. */
export const loadStocks = cachedDataFile('stocks.json', stocksFileSchema);
