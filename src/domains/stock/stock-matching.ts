/**
 * Finding the stock a query means: an exact ticker symbol first ("aapl", "NASDAQ:AAPL"), then an exact
 * company name or alias ("Google", "Coca Cola"), then the closest name by fuzzy matching, so that slips like
 * "Microsft" still work. Anything less similar finds nothing.
 */
import { WRatio } from 'fuzzball';
import { normalizeSearchText } from '../knowledge-data/search-text.js';
import type { StockQuote } from '../knowledge-data/stocks.js';

/** Lowest fuzzball WRatio (0–100) between the query and a company name or alias. */
export const STOCK_MATCH_THRESHOLD = 85;

/** Words that do not tell companies apart ("Apple Inc." is "Apple"). */
const LEGAL_WORDS = new Set([
  'the',
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'ltd',
  'limited',
  'plc',
  'holding',
  'holdings',
  'group',
  'sa',
  'se',
  'nv',
  'ag',
  'trust',
]);

export function matchStock(query: string, quotes: readonly StockQuote[]): StockQuote | undefined {
  const symbols = query.split(':').map((part) => part.trim().toUpperCase());
  for (const symbol of symbols) {
    const bySymbol = quotes.find((quote) => quote.symbol.toUpperCase() === symbol);
    if (bySymbol) return bySymbol;
  }
  const wanted = companyName(query);
  if (!wanted) return undefined;
  const byName = quotes.find((quote) => namesOf(quote).includes(wanted));
  if (byName) return byName;
  if (wanted.length < 3) return undefined;
  let best: { quote: StockQuote; score: number } | undefined;
  for (const quote of quotes) {
    const score = Math.max(...namesOf(quote).map((name) => WRatio(wanted, name, { full_process: false })));
    if (score >= STOCK_MATCH_THRESHOLD && (!best || score > best.score)) best = { quote, score };
  }
  return best?.quote;
}

function namesOf(quote: StockQuote): string[] {
  return [quote.name, ...quote.aliases].map(companyName).filter((name) => name.length > 0);
}

/** The distinctive part of a company name: normalised, without legal words like "Inc." or "Corporation". */
function companyName(text: string): string {
  return normalizeSearchText(text)
    .split(' ')
    .filter((word) => !LEGAL_WORDS.has(word))
    .join(' ');
}
