/**
 * Proves that the unit domain's lean mathjs instance (the one-file bundle, unit functions only) reads and
 * converts units exactly as the full instance (`create(all)` from the package's modules): every unit,
 * every prefix of it, every alias and plural, converted into every unit of the same kind.
 *
 *   node bench/unit-conversion-equivalence.ts        (after `npm run build`)
 */
import { createRequire } from 'node:module';
import type { MathJsInstance, Unit } from 'mathjs';
import { unitAliases, unitMath } from '../dist/domains/math/unit-names.js';

const requireModule = createRequire(import.meta.url);
const { all, create } = requireModule('mathjs') as typeof import('mathjs');
if (!all) throw new Error('mathjs did not export its function set');
const full = create(all);
full.createUnit('knot', { definition: '0.514444 m/s', aliases: ['knots'] });
full.createUnit('nauticalMile', { definition: '1852 m', aliases: ['nauticalMiles'] });
full.createUnit('calorie', { definition: '4.184 J', prefixes: 'short', aliases: ['cal'] });
const lean = unitMath();

interface UnitTable {
  readonly UNITS: Record<string, { prefixes: Record<string, unknown> }>;
}
const units = (full.Unit as unknown as UnitTable).UNITS;
const texts = new Set<string>();
const plain: string[] = [];
for (const [name, definition] of Object.entries(units)) {
  plain.push(name);
  for (const prefix of Object.keys(definition.prefixes)) texts.add(`${prefix}${name}`);
}
for (const [alias, name] of Object.entries(unitAliases())) {
  plain.push(name);
  texts.add(alias);
}
const compounds = ['m/s', 'km/h', 'mi/h', 'ft^2', 'm^2', 'km^2', 'mi^2', 'm^3', 'ft^3', 'cm^3', 'kWh', 'J/s', 'N m'];
for (const text of [...plain, ...compounds]) texts.add(text);
for (const text of [...texts]) {
  texts.add(text.toLowerCase());
  texts.add(text.toUpperCase());
  if (text.endsWith('s')) texts.add(text.slice(0, -1));
  texts.add(`${text}s`);
}

/** What an instance makes of a text: the unit, or the error it throws. */
function read(math: MathJsInstance, text: string): Unit | string {
  try {
    return math.unit(1, text);
  } catch (error) {
    return `error: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** An amount converted by an instance, or the error it throws. */
function convert(math: MathJsInstance, amount: number, from: string, to: string): number | string {
  try {
    return math.unit(amount, from).toNumber(to);
  } catch (error) {
    return `error: ${error instanceof Error ? error.message : String(error)}`;
  }
}

let differences = 0;
function differ(what: string, a: unknown, b: unknown): void {
  differences += 1;
  if (differences <= 20) console.log(`differs: ${what}: full ${String(a)}, lean ${String(b)}`);
}

const readable: string[] = [];
for (const text of texts) {
  const a = read(full, text);
  const b = read(lean, text);
  if (typeof a === 'string' || typeof b === 'string') {
    if (a !== b) differ(`reading "${text}"`, a, b);
    continue;
  }
  if (a.toString() !== b.toString()) differ(`reading "${text}"`, a, b);
  readable.push(text);
}

// Every readable text into every other of the same kind (prefixed ones into their plain units only).
const amounts = [1, 0, -40, 3.7, 1234.5678, 1e-9];
const plainReadable = new Set(readable.filter((text) => plain.includes(text) || compounds.includes(text)));
let conversions = 0;
for (const from of readable) {
  const fromUnit = full.unit(1, from);
  for (const to of plainReadable) {
    const toUnit = full.unit(1, to);
    const same = fromUnit.equalBase(toUnit);
    if (same !== lean.unit(1, from).equalBase(lean.unit(1, to))) differ(`equalBase ${from} ${to}`, same, !same);
    if (!same) continue;
    for (const amount of amounts) {
      const a = convert(full, amount, from, to);
      const b = convert(lean, amount, from, to);
      conversions += 1;
      if (!Object.is(a, b)) differ(`${amount} ${from} in ${to}`, a, b);
    }
  }
}
console.log(`${texts.size} spellings read (${readable.length} units), ${conversions} conversions compared`);
console.log(differences === 0 ? 'identical' : `${differences} differences`);
process.exitCode = differences === 0 ? 0 : 1;
