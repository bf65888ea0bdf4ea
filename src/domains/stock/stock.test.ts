import { describe, expect, it } from 'vitest';
import { runTool } from '../../testing/run-tool.js';
import { loadStocks } from '../knowledge-data/stocks.js';
import { testPhoneWorld } from '../knowledge-data/test-phone-world.test-helpers.js';
import { searchStock } from './search-stock.js';

async function search(query: string, wifi = true) {
  return (await runTool(searchStock, { query }, testPhoneWorld({ wifi }))).outcome;
}

async function symbolFor(query: string): Promise<string | null> {
  const outcome = await search(query);
  if (outcome.type !== 'result') throw new Error(`expected a result, got ${JSON.stringify(outcome.error)}`);
  return outcome.value === null ? null : (outcome.value as { symbol: string }).symbol;
}

describe('search_stock', () => {
  it('returns the reference keys, with change computed from the previous close', async () => {
    const outcome = await search('AAPL');
    expect(outcome.type).toBe('result');
    if (outcome.type !== 'result') return;
    const apple = loadStocks().quotes.find((quote) => quote.symbol === 'AAPL');
    if (!apple) throw new Error('AAPL missing from stocks.json');
    const result = outcome.value as Record<string, unknown>;
    expect(Object.keys(result).sort()).toEqual(
      [
        'symbol',
        'name',
        'exchange',
        'currency',
        'price',
        'change',
        'percent_change',
        'open',
        'high',
        'low',
        'previous_close',
        'volume',
        'market_cap',
      ].sort(),
    );
    expect(result).toMatchObject({ symbol: 'AAPL', price: apple.price, previous_close: apple.previousClose });
    expect(result.change).toBeCloseTo(apple.price - apple.previousClose, 2);
    expect(result.percent_change).toBeCloseTo(((apple.price - apple.previousClose) / apple.previousClose) * 100, 2);
  });

  it.each([
    ['aapl', 'AAPL'],
    ['NASDAQ:MSFT', 'MSFT'],
    ['Apple', 'AAPL'],
    ['Apple Inc.', 'AAPL'],
    ['google', 'GOOGL'],
    ['Facebook', 'META'],
    ['coca cola', 'KO'],
    ["McDonald's", 'MCD'],
    ['Microsft', 'MSFT'],
    ['Nvidia Corp', 'NVDA'],
    ['v', 'V'],
    ['brk.b', 'BRK.B'],
  ])('finds %s as %s', async (query, symbol) => {
    expect(await symbolFor(query)).toBe(symbol);
  });

  it('returns null when nothing matches reasonably', async () => {
    expect(await symbolFor('Zyxwvut Holdings')).toBeNull();
    expect(await symbolFor('QX')).toBeNull();
  });

  it('rejects an empty query', async () => {
    const outcome = await search('  ');
    expect(outcome.type === 'error' && outcome.error.kind).toBe('invalid-value');
  });

  it('needs wifi', async () => {
    const outcome = await search('AAPL', false);
    expect(outcome.type === 'error' && outcome.error.kind).toBe('connection');
  });
});
