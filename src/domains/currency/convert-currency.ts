import { z } from 'zod';
import { defineTool, fail } from '../../tools/index.js';
import { type Currency, loadCurrencies } from '../knowledge-data/currencies.js';
import { requireSetting } from '../settings/index.js';

/**
 * Deliberate difference from the reference: rates are a fixed snapshot (`data/sandbox/currencies.json`)
 * instead of a live service, and the result is rounded to the target currency's minor unit.
 */
export const convertCurrency = defineTool({
  name: 'convert_currency',
  description:
    'Converts an amount of money from one currency to another at current exchange rates. Currencies must be ' +
    'given as ISO 4217 codes (e.g. USD, EUR, JPY), not names or symbols. Needs wifi.',
  parameters: z.object({
    amount: z.number().describe('The amount of money, in from_currency_code.'),
    from_currency_code: z.string().describe('ISO 4217 code of the currency the amount is in, e.g. "USD".'),
    to_currency_code: z.string().describe('ISO 4217 code of the currency to convert to, e.g. "EUR".'),
  }),
  returns: "The converted amount in to_currency_code, as a float rounded to that currency's smallest unit.",
  kind: 'read',
  domain: 'currency',
  dependsOn: ['wifi'],
  run({ amount, from_currency_code, to_currency_code }, context) {
    const from = requireCurrency(from_currency_code, 'from_currency_code');
    const to = requireCurrency(to_currency_code, 'to_currency_code');
    requireSetting(context.world, 'wifi', 'convert_currency');
    return roundToMinorUnit((amount / from.unitsPerUSD) * to.unitsPerUSD, to.decimals);
  },
});

function requireCurrency(code: string, argument: string): Currency {
  const wanted = code.trim().toUpperCase();
  const { currencies } = loadCurrencies();
  const currency = currencies.find((candidate) => candidate.code === wanted);
  if (currency) return currency;
  const byName = currencies.find(
    (candidate) => candidate.name.toLowerCase() === code.trim().toLowerCase() || candidate.symbol === code.trim(),
  );
  const looksLikeCode = /^[A-Z]{3}$/.test(wanted);
  throw fail(
    'invalid-value',
    looksLikeCode
      ? `${argument} "${code}" is not a currency code with a known exchange rate.`
      : `${argument} "${code}" is not an ISO 4217 currency code; it must be three letters like EUR.`,
    byName
      ? `Use the code ${byName.code} for ${byName.name}.`
      : `Use an ISO 4217 code such as USD, EUR, GBP, JPY, CNY or INR (${currencies.length} currencies are known).`,
    { argument, value: code },
  );
}

/** Rounds half away from zero to `decimals` digits, immune to binary representation (1.005 → 1.01). */
export function roundToMinorUnit(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  const scaled = Number((Math.abs(value) * scale).toPrecision(15));
  return (Math.sign(value) * Math.round(scaled)) / scale;
}
