import { z } from 'zod';
import { defineTool, fail } from '../../tools/index.js';
import { convertAmount, describeQuantity, type ResolvedUnit, resolveUnit } from './unit-names.js';

const UNIT_EXAMPLES = '"km", "miles", "kg", "pounds", "celsius", "fahrenheit", "liters", "gallons", "mph"';

/** Significant digits kept in a result, enough for any use and free of binary noise (26.85, not 26.850000000000023). */
const SIGNIFICANT_DIGITS = 12;

export const unitConversion = defineTool({
  name: 'unit_conversion',
  description:
    'Converts an amount from one unit to another of the same kind: length, mass, temperature, volume, ' +
    'area, speed, time, energy and more. Units may be written as symbols or in plain English, singular or ' +
    'plural (e.g. "km", "kilometers", "°F", "fahrenheit", "lbs", "square feet").',
  parameters: z.object({
    amount: z.number().describe('The amount, in from_unit.'),
    from_unit: z.string().describe('The unit the amount is in, e.g. "celsius" or "miles".'),
    to_unit: z.string().describe('The unit to convert to, e.g. "fahrenheit" or "km".'),
  }),
  returns: 'The converted amount in to_unit, as a float.',
  kind: 'read',
  domain: 'math',
  run({ amount, from_unit, to_unit }) {
    const from = requireUnit(from_unit, 'from_unit');
    const to = requireUnit(to_unit, 'to_unit');
    if (!from.unit.equalBase(to.unit)) {
      throw fail(
        'invalid-value',
        `Cannot convert from "${from_unit}" (${describeQuantity(from.unit)}) to "${to_unit}" (${describeQuantity(to.unit)}): they measure different things.`,
        'Choose two units of the same kind, e.g. both lengths or both temperatures.',
        { from_unit, to_unit },
      );
    }
    return Number(convertAmount(amount, from, to).toPrecision(SIGNIFICANT_DIGITS));
  },
});

function requireUnit(text: string, argument: string): ResolvedUnit {
  const unit = resolveUnit(text);
  if (unit) return unit;
  throw fail(
    'invalid-value',
    `${argument} "${text}" is not a unit this tool knows.`,
    `Use a common unit name or symbol, e.g. ${UNIT_EXAMPLES}.`,
    { argument, value: text },
  );
}
