import { z } from 'zod';
import { defineTool, fail } from '../../tools/index.js';
import { loadStocks, type StockQuote } from '../knowledge-data/stocks.js';
import { requireSetting } from '../settings/index.js';
import { matchStock } from './stock-matching.js';

/**
 * Deliberate difference from the reference: quotes come from a fixed snapshot (`data/sandbox/stocks.json`)
 * instead of a live finance service, so every episode sees the same prices.
 */
export const searchStock = defineTool({
  name: 'search_stock',
  description:
    'Looks up a stock by ticker symbol (e.g. AAPL) or company name (e.g. Apple) and gives its latest ' +
    'price and trading figures. Needs wifi.',
  parameters: z.object({
    query: z.string().describe('A ticker symbol such as "AAPL", or a company name such as "Apple".'),
  }),
  returns:
    'An object { symbol, name, exchange, currency, price, change, percent_change, open, high, low, ' +
    'previous_close, volume, market_cap } for the best matching stock (change is price minus the previous ' +
    'close; percent_change is in percent), or null when no stock matches.',
  kind: 'read',
  domain: 'stock',
  dependsOn: ['wifi'],
  run({ query }, context) {
    requireSetting(context.world, 'wifi', 'search_stock');
    if (!query.trim()) {
      throw fail(
        'invalid-value',
        'query is empty.',
        'Give a ticker symbol like "AAPL" or a company name like "Apple".',
      );
    }
    const quote = matchStock(query, loadStocks().quotes);
    return quote ? describeQuote(quote) : null;
  },
});

function describeQuote(quote: StockQuote) {
  const change = quote.price - quote.previousClose;
  return {
    symbol: quote.symbol,
    name: quote.name,
    exchange: quote.exchange,
    currency: quote.currency,
    price: quote.price,
    change: round(change, 2),
    percent_change: quote.previousClose > 0 ? round((change / quote.previousClose) * 100, 2) : 0,
    open: quote.open,
    high: quote.dayHigh,
    low: quote.dayLow,
    previous_close: quote.previousClose,
    volume: quote.volume,
    market_cap: quote.marketCap,
  };
}

function round(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(Number((value * scale).toPrecision(12))) / scale;
}
