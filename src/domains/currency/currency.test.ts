import { describe, expect, it } from 'vitest';
import { runTool } from '../../testing/run-tool.js';
import { loadCurrencies } from '../knowledge-data/currencies.js';
import { testPhoneWorld } from '../knowledge-data/test-phone-world.test-helpers.js';
import { convertCurrency, roundToMinorUnit } from './convert-currency.js';

function rate(code: string): number {
  const currency = loadCurrencies().currencies.find((candidate) => candidate.code === code);
  if (!currency) throw new Error(`${code} missing from currencies.json`);
  return currency.unitsPerUSD;
}

async function convert(amount: number, from_currency_code: string, to_currency_code: string, wifi = true) {
  const args = { amount, from_currency_code, to_currency_code };
  return (await runTool(convertCurrency, args, testPhoneWorld({ wifi }))).outcome;
}

describe('convert_currency', () => {
  it('converts through the dollar and rounds to cents', async () => {
    const outcome = await convert(100, 'USD', 'EUR');
    expect(outcome).toEqual({ type: 'result', value: roundToMinorUnit(100 * rate('EUR'), 2) });
    if (outcome.type === 'result') expect(Number.isInteger((outcome.value as number) * 100)).toBe(true);
  });

  it('rounds to whole units for a currency without a minor unit', async () => {
    const outcome = await convert(100, 'EUR', 'JPY');
    expect(outcome).toEqual({ type: 'result', value: Math.round((100 / rate('EUR')) * rate('JPY')) });
  });

  it('keeps three decimals for a currency with fils', async () => {
    const outcome = await convert(10, 'USD', 'KWD');
    expect(outcome).toEqual({ type: 'result', value: roundToMinorUnit(10 * rate('KWD'), 3) });
  });

  it('accepts codes in lower case and with spaces', async () => {
    expect(await convert(5, ' usd', 'gbp ')).toEqual(await convert(5, 'USD', 'GBP'));
  });

  it('converts a currency to itself unchanged', async () => {
    expect(await convert(12.34, 'CHF', 'CHF')).toEqual({ type: 'result', value: 12.34 });
  });

  it('rejects a currency name, pointing at its code', async () => {
    const outcome = await convert(10, 'Euro', 'USD');
    expect(outcome.type).toBe('error');
    if (outcome.type !== 'error') return;
    expect(outcome.error.kind).toBe('invalid-value');
    expect(outcome.error.message).toContain('ISO 4217');
    expect(outcome.error.message).toContain('like EUR');
    expect(outcome.error.hint).toContain('EUR');
  });

  it('rejects an unknown three-letter code, naming the argument', async () => {
    const outcome = await convert(10, 'USD', 'XYZ');
    expect(outcome.type).toBe('error');
    if (outcome.type !== 'error') return;
    expect(outcome.error.kind).toBe('invalid-value');
    expect(outcome.error.message).toContain('to_currency_code "XYZ"');
    expect(outcome.error.hint).toContain('ISO 4217');
  });

  it('needs wifi', async () => {
    const outcome = await convert(10, 'USD', 'EUR', false);
    expect(outcome.type === 'error' && outcome.error.kind).toBe('connection');
  });
});

describe('roundToMinorUnit', () => {
  it('rounds half away from zero despite binary floating point', () => {
    expect(roundToMinorUnit(1.005, 2)).toBe(1.01);
    expect(roundToMinorUnit(-1.005, 2)).toBe(-1.01);
    expect(roundToMinorUnit(2.5, 0)).toBe(3);
    expect(roundToMinorUnit(0.30720000000000003, 3)).toBe(0.307);
  });
});
