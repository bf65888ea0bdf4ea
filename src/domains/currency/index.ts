import type { Domain } from '../domain.js';
import { convertCurrency } from './convert-currency.js';

export const currencyDomain: Domain = {
  name: 'currency',
  description: 'Currency conversion between ISO 4217 currencies at a fixed snapshot of exchange rates.',
  tables: [],
  tools: [convertCurrency],
};
