import type { Domain } from '../domain.js';
import { searchStock } from './search-stock.js';

export const stockDomain: Domain = {
  name: 'stock',
  description: 'Stock quotes by ticker symbol or company name, from a fixed snapshot of market data.',
  tables: [],
  tools: [searchStock],
};
