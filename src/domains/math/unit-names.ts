/**
 * Turning the unit names people write ("miles", "°F", "sq ft", "kph") into units of a private mathjs
 * instance. mathjs already knows most symbols and many spelled-out plurals; the alias table covers common
 * spellings it does not, and a few units are added.
 */
import { createRequire } from 'node:module';
import type { MathJsInstance, Unit } from 'mathjs';
import { rememberedUpTo } from '../../util/index.js';

/**
 * mathjs is loaded on the first unit conversion, not when the domain is imported: commands that never
 * convert a unit (`--help`, `report`, …) do not pay for it. It is loaded from its one-file bundle, the
 * same code as its ~1,000 modules at a tenth of the load time; the bundle exports mathjs's default
 * instance, whose `create` makes a fresh instance of every function (`create(all)`). The results are
 * the modules' to the last bit (bench/unit-conversion-equivalence.ts compares both on every unit, prefix
 * and alias).
 */
const requireModule = createRequire(import.meta.url);
let instance: MathJsInstance | undefined;
/** The private mathjs instance (exported for the equivalence bench). */
export function unitMath(): MathJsInstance {
  if (!instance) {
    const defaultInstance = requireModule('mathjs/lib/browser/math.js') as { create?: () => MathJsInstance };
    if (typeof defaultInstance.create !== 'function') throw new Error('mathjs did not export its create function');
    const math = defaultInstance.create();
    math.createUnit('knot', { definition: '0.514444 m/s', aliases: ['knots'] });
    math.createUnit('nauticalMile', { definition: '1852 m', aliases: ['nauticalMiles'] });
    math.createUnit('calorie', { definition: '4.184 J', prefixes: 'short', aliases: ['cal'] });
    instance = math;
  }
  return instance;
}

/** Spellings (lower case, single spaces) that mathjs does not read as meant, and the unit they name. */
const ALIASES: Readonly<Record<string, string>> = {
  ...spellings('degF', [
    'f',
    '°f',
    'º f',
    '° f',
    'degf',
    'deg f',
    'fahrenheit',
    'degree fahrenheit',
    'degrees fahrenheit',
  ]),
  ...spellings('degC', [
    'c',
    '°c',
    '° c',
    'degc',
    'deg c',
    'celsius',
    'centigrade',
    'degree celsius',
    'degrees celsius',
  ]),
  ...spellings('K', ['k', 'kelvin', 'kelvins', 'degree kelvin', 'degrees kelvin']),
  ...spellings('m', ['metre', 'metres']),
  ...spellings('km', ['kilometre', 'kilometres', 'kms']),
  ...spellings('cm', ['centimetre', 'centimetres']),
  ...spellings('mm', ['millimetre', 'millimetres']),
  ...spellings('nauticalMile', ['nmi', 'nautical mile', 'nautical miles']),
  ...spellings('mi/h', ['mph', 'mile per hour', 'miles per hour', 'mi/hr']),
  ...spellings('km/h', [
    'kph',
    'kmh',
    'kmph',
    'km/hr',
    'kilometer per hour',
    'kilometers per hour',
    'kilometre per hour',
    'kilometres per hour',
  ]),
  ...spellings('m/s', ['mps', 'meter per second', 'meters per second', 'metre per second', 'metres per second']),
  ...spellings('knot', ['kn', 'kt', 'kts']),
  ...spellings('lb', ['pound', 'pounds', 'lbs']),
  ...spellings('oz', ['ounce', 'ounces']),
  ...spellings('floz', ['fl oz', 'fl. oz.', 'fl. oz', 'fluid ounce', 'fluid ounces']),
  ...spellings('tonne', ['metric ton', 'metric tons', 'tonnes']),
  ...spellings('stone', ['stones', 'st']),
  ...spellings('teaspoon', ['tsp', 'teaspoons']),
  ...spellings('tablespoon', ['tbsp', 'tablespoons']),
  ...spellings('liter', ['l', 'litre', 'litres', 'ltr']),
  ...spellings('ml', ['millilitre', 'millilitres']),
  ...spellings('ft^2', ['sq ft', 'sqft', 'ft2', 'ft²', 'square foot', 'square feet']),
  ...spellings('m^2', ['sq m', 'm2', 'm²', 'square meter', 'square meters', 'square metre', 'square metres']),
  ...spellings('km^2', [
    'sq km',
    'km2',
    'km²',
    'square kilometer',
    'square kilometers',
    'square kilometre',
    'square kilometres',
  ]),
  ...spellings('mi^2', ['sq mi', 'mi2', 'mi²', 'square mile', 'square miles']),
  ...spellings('m^3', ['m3', 'm³', 'cubic meter', 'cubic meters', 'cubic metre', 'cubic metres']),
  ...spellings('ft^3', ['ft3', 'ft³', 'cubic foot', 'cubic feet']),
  ...spellings('cm^3', [
    'cm3',
    'cm³',
    'cubic centimeter',
    'cubic centimeters',
    'cubic centimetre',
    'cubic centimetres',
  ]),
  ...spellings('hectare', ['ha', 'hectares']),
  ...spellings('kcal', ['kilocalorie', 'kilocalories', 'food calorie', 'food calories']),
  ...spellings('calorie', ['calories']),
  ...spellings('kWh', ['kwh', 'kilowatt hour', 'kilowatt hours', 'kilowatt-hour', 'kilowatt-hours']),
  ...spellings('hp', ['horsepower']),
  ...spellings('h', ['hr', 'hrs']),
  ...spellings('min', ['mins']),
  ...spellings('s', ['sec', 'secs']),
  ...spellings('year', ['yr', 'yrs']),
  ...spellings('byte', ['bytes']),
};

/** Every spelling of the alias table and the unit it names (for the equivalence bench). */
export function unitAliases(): Readonly<Record<string, string>> {
  return ALIASES;
}

function spellings(unit: string, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, unit]));
}

/**
 * What a unit name may look like: words, symbols, powers and ratios. Anything else (digits first,
 * operators, brackets) is refused before mathjs parses it, so a "unit" cannot smuggle in an expression.
 */
const UNIT_TEXT = /^[\p{L}°º²³µ][\p{L}\d°º²³µ^/.\- ]*$/u;

/** A physical quantity, identified by a unit of it, for error messages ("a length", "a mass"). */
const QUANTITIES: readonly (readonly [string, string])[] = [
  ['length', 'm'],
  ['mass', 'kg'],
  ['time', 's'],
  ['temperature', 'K'],
  ['area', 'm^2'],
  ['volume', 'm^3'],
  ['speed', 'm/s'],
  ['energy', 'J'],
  ['power', 'W'],
  ['pressure', 'Pa'],
  ['force', 'N'],
  ['amount of data', 'B'],
  ['angle', 'rad'],
  ['frequency', 'Hz'],
  ['electric current', 'A'],
];

/** A unit as mathjs reads it: the spelling it accepted and the unit of value 1. */
export interface ResolvedUnit {
  readonly spelling: string;
  readonly unit: Unit;
}

/**
 * Readings per text, remembered (the same unit names come back in every case of a scenario, and a
 * reading that is not a unit costs mathjs an exception); bounded. Units are only ever read.
 */
const readings = new Map<string, ResolvedUnit | null>();
const MAX_REMEMBERED_READINGS = 10_000;

/** The unit `text` names, or undefined when no reading of it is a unit. */
export function resolveUnit(text: string): ResolvedUnit | undefined {
  return rememberedUpTo(readings, MAX_REMEMBERED_READINGS, text, () => resolveUnitAfresh(text) ?? null) ?? undefined;
}

function resolveUnitAfresh(text: string): ResolvedUnit | undefined {
  const trimmed = text.trim();
  const key = trimmed.toLowerCase().replace(/\s+/g, ' ');
  if (!UNIT_TEXT.test(trimmed)) return undefined;
  const candidates = [ALIASES[key], trimmed, key, ...singulars(key)];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      return { spelling: candidate, unit: unitMath().unit(1, candidate) };
    } catch {
      // Not this reading; try the next one.
    }
  }
  return undefined;
}

/** `amount` in `from` expressed in `to`; the two must measure the same kind of quantity. */
export function convertAmount(amount: number, from: ResolvedUnit, to: ResolvedUnit): number {
  return unitMath().unit(amount, from.spelling).toNumber(to.spelling);
}

/** "a length", "a speed", or "a unit of that kind" when the quantity has no common name. */
export function describeQuantity(unit: Unit): string {
  for (const [name, reference] of QUANTITIES) {
    if (unit.equalBase(unitMath().unit(1, reference))) return `a ${name}`;
  }
  return 'a quantity of another kind';
}

/** "watts" → "watt", then "boxes" → "box": plurals mathjs does not know itself. */
function singulars(key: string): string[] {
  const forms: string[] = [];
  if (key.endsWith('s') && key.length > 2) forms.push(key.slice(0, -1));
  if (key.endsWith('es') && key.length > 3) forms.push(key.slice(0, -2));
  return forms;
}
