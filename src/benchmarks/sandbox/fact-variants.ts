import { type AnswerFact, datesIn, type FactClock, factKind, numbersIn, timesIn } from '../../scoring/index.js';
import { SWITCHES } from '../../scoring/statement-readers.js';
import { addDays, e164, localDate, localMinutes } from '../../scoring/value-readers.js';

/** A month's English name (1 = January). */
function monthName(month: number | undefined): string {
  return new Date(Date.UTC(2000, (month ?? 1) - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
}

/**
 * The other renderings of a fact that `validate --prove` plays (each must keep the answer at least
 * `REWORDED_FLOOR`): every usual format of the value — a phone number with dots, parentheses or a
 * country code; a time in 12 or 24 hours or relative to now; a count in digits or words; a date with
 * its weekday or as "tomorrow" — and the first and last of a list of accepted words.
 */
export function renderings(fact: AnswerFact, clock: FactClock): string[] {
  const plain = reword(fact);
  const more = otherRenderings(fact, clock);
  return [...new Set([plain, ...more])].filter((text) => text !== '' || factKind(fact) === 'absent');
}

/**
 * Wrong versions of an answer, one fact changed each way a careless agent would (each must drop the
 * answer milestone to `PERTURBED_LIMIT` or less): a neighbouring value, the day before, the opposite
 * state, the other side of a comparison, another area code, one more item counted.
 */
export function mutations(text: string, fact: AnswerFact, clock: FactClock): string[] {
  const found = [perturb(text, fact), ...otherMutations(text, fact, clock)].filter(
    (mutated): mutated is string => mutated !== undefined && mutated !== text,
  );
  return [...new Set(found)];
}

/** For a number with a unit: a unit of the same kind to render it in, and how an answer writes that unit. */
const SIBLING_UNITS: Readonly<Record<string, readonly [string, string]>> = {
  km: ['mi', 'miles'],
  mi: ['km', 'kilometers'],
  degC: ['degF', 'degrees Fahrenheit'],
  degF: ['degC', 'degrees Celsius'],
  kg: ['lb', 'lbs'],
  lb: ['kg', 'kg'],
  m: ['ft', 'feet'],
  ft: ['m', 'meters'],
};

function otherRenderings(fact: AnswerFact, clock: FactClock): string[] {
  switch (factKind(fact)) {
    case 'number': {
      // In another unit of its kind, converted, with two decimals.
      const { number, unit, convert } = fact as { number: number | string; unit?: string; convert?: boolean };
      // Not where the user asked for the unit (`convert: false`): there another unit is a mutation.
      const sibling = unit && convert !== false ? SIBLING_UNITS[unit] : undefined;
      const converted = sibling && unit ? clock.convert?.(Number(number), unit, sibling[0]) : undefined;
      return converted === undefined || !sibling ? [] : [`About ${converted.toFixed(2)} ${sibling[1]}.`];
    }
    case 'phone': {
      const digits = e164((fact as { phone: string }).phone).replace(/\D/g, '');
      const local = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : '';
      return local
        ? [
            `Number: ${local.slice(0, 3)}.${local.slice(3, 6)}.${local.slice(6)}.`,
            `Number: +1 ${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}.`,
            `Number: ${local.slice(0, 3)}-${local.slice(3, 6)}-${local.slice(6)}.`,
          ]
        : [];
    }
    case 'count': {
      const { count, of } = fact as { count: number | string; of: readonly string[] };
      const value = Number(count);
      const noun = (of.at(-1) ?? 'item').replace(/s$/, '');
      return [`${value} ${value === 1 ? noun : `${noun}s`}.`, ...(value === 2 ? [`${noun}s: twice.`] : [])];
    }
    case 'duration': {
      const seconds = Number((fact as { duration: number | string }).duration);
      return seconds >= 3600 && seconds % 3600 === 0 ? [`About ${seconds / 3600} hours.`] : [];
    }
    case 'time': {
      const { time, date } = fact as { time: string; date?: string };
      const minutes = timesIn(time)[0] ?? 0;
      const hour = Math.floor(minutes / 60);
      const minute = String(minutes % 60).padStart(2, '0');
      const twelve = `${hour % 12 || 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
      const today = localDate(clock.now, clock.timeZone);
      const day = date === undefined || date === today ? 'today' : dayWords(date, today);
      const forms = [`${day} at ${twelve}.`, `At ${hour}:${minute} ${day}.`];
      const ago = date === today ? localMinutes(clock.now, clock.timeZone) - minutes : undefined;
      if (ago !== undefined && ago > 0 && ago < 600) forms.push(`${ago} minutes ago.`);
      return forms;
    }
    case 'date': {
      const date = (fact as { date: string }).date;
      const [year, month, day] = date.split('-').map(Number);
      const weekday = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)).toLocaleDateString('en-US', {
        weekday: 'long',
        timeZone: 'UTC',
      });
      return [`${weekday}, ${monthName(month)} ${day}.`, `On ${month}/${day}.`, `${date}.`];
    }
    case 'weekday':
      return [`On ${(fact as { weekday: string }).weekday.slice(0, 3)}.`];
    case 'state': {
      const { state, on } = fact as { state: string; on: boolean };
      const names = SWITCHES.find((thing) => thing.id === state)?.names ?? [state];
      return [`${names[0]} is switched ${on ? 'on' : 'off'}.`, `${names.at(-1) ?? names[0]}: ${on ? 'on' : 'off'}.`];
    }
    case 'compare': {
      const { higher, lower } = fact as { higher: string | readonly string[]; lower: string | readonly string[] };
      const first = (value: string | readonly string[]) => (Array.isArray(value) ? value[0] : value) as string;
      return [`${first(higher)} is higher than ${first(lower)}.`];
    }
    case 'name':
    case 'words': {
      const value: unknown = 'name' in fact ? fact.name : (fact as { words: unknown }).words;
      return Array.isArray(value) && value.length > 1 ? [`${String(value.at(-1))}.`] : [];
    }
    default:
      return [];
  }
}

function otherMutations(text: string, fact: AnswerFact, clock: FactClock): (string | undefined)[] {
  switch (factKind(fact)) {
    case 'time': {
      // The day before: "today" said "yesterday".
      const { date } = fact as { date?: string };
      if (!date) return [];
      const today = localDate(clock.now, clock.timeZone);
      if (date === today && /\btoday\b|\bthis (?:morning|afternoon|evening)\b/i.test(text)) {
        return [text.replace(/\btoday\b|\bthis (?:morning|afternoon|evening)\b/i, 'yesterday')];
      }
      return [];
    }
    case 'date': {
      // The day before.
      const [, month, day] = (fact as { date: string }).date.split('-').map(Number);
      if (!datesIn(text).some((found) => found.month === month && found.day === day) || (day ?? 1) <= 1) return [];
      return [text.replace(new RegExp(`\\b${day}(st|nd|rd|th)?\\b`), `${(day ?? 2) - 1}`)];
    }
    case 'name': {
      // Another entity of the same kind: the first other contact the world knows.
      const names = (
        Array.isArray((fact as { name: unknown }).name)
          ? ((fact as { name: string[] }).name as string[])
          : [String((fact as { name: unknown }).name)]
      ).sort((a, b) => b.length - a.length);
      const other = clock.names?.find(
        (name) =>
          !names.some(
            (own) => own.toLowerCase().includes(name.toLowerCase()) || name.toLowerCase().includes(own.toLowerCase()),
          ),
      );
      if (!other) return [];
      let changed = text;
      for (const own of names)
        changed = changed.replace(new RegExp(`\\b${own.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'gi'), other);
      return [changed];
    }
    case 'phone':
      // The last digit changed.
      return [text.replace(/(\d)(?!.*\d)/s, (digit: string) => String((Number(digit) + 1) % 10))];
    case 'amount':
    case 'number': {
      // Where the user asked for a unit: the same amount given in another unit of its kind.
      const { unit, convert } = fact as { unit?: string; convert?: boolean };
      const sibling = unit && convert === false ? SIBLING_UNITS[unit] : undefined;
      const inOther =
        sibling && unit
          ? clock.convert?.(Number((fact as { number: number | string }).number), unit, sibling[0])
          : undefined;
      const unitMutation = inOther === undefined || !sibling ? [] : [`About ${inOther.toFixed(2)} ${sibling[1]}.`];
      // Ten times the value (a slipped decimal point).
      const raw = 'amount' in fact ? fact.amount : (fact as { number: number | string }).number;
      const value = Number(raw);
      const target = numbersIn(text).find(
        (number) => Math.abs(number.value - value) <= 0.5 * 10 ** -number.decimals + 1e-9,
      );
      if (!target || target.value === 0) return unitMutation;
      return [
        replaceNumber(text, target.value, target.decimals, (target.value * 10).toFixed(target.decimals)),
        ...unitMutation,
      ];
    }
    default:
      return [];
  }
}

function dayWords(date: string, today: string): string {
  if (date === addDays(today, -1)) return 'yesterday';
  if (date === addDays(today, 1)) return 'tomorrow';
  const [, month, day] = date.split('-').map(Number);
  return `on ${monthName(month)} ${day}`;
}

/** A fact written plainly, in a format other than the usual one where there is a choice. */
function reword(fact: AnswerFact): string {
  switch (factKind(fact)) {
    case 'amount': {
      const { amount, currency } = fact as { amount: number | string; currency: string };
      return `Amount: ${currency.toUpperCase()} ${Number(amount).toFixed(2)}.`;
    }
    case 'number':
      return `Figure: ${String((fact as { number: number | string }).number)}.`;
    case 'time': {
      const minutes = timesIn(String((fact as { time: string }).time))[0] ?? 0;
      return `Time: ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}.`;
    }
    case 'date': {
      const [, month, day] = (fact as { date: string }).date.split('-').map(Number);
      return `Date: ${day} ${monthName(month)}.`;
    }
    case 'name':
    case 'words': {
      const value: unknown = 'name' in fact ? fact.name : (fact as { words: unknown }).words;
      return `${String(Array.isArray(value) ? value[0] : value)}.`;
    }
    case 'yes':
      return (fact as { yes: boolean }).yes ? 'Yes.' : 'No.';
    case 'absent':
      // What the answer must not state is left out.
      return '';
    case 'phone': {
      const digits = e164((fact as { phone: string }).phone).replace(/\D/g, '');
      const local = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
      return local.length === 10
        ? `Number: (${local.slice(0, 3)}) ${local.slice(3, 6)}-${local.slice(6)}.`
        : `Number: +${digits}.`;
    }
    case 'count': {
      const { count, of } = fact as { count: number | string; of: readonly string[] };
      const value = Number(count);
      const noun = of[0] ?? 'item';
      return `${COUNT_WORDS[value] ?? String(value)} ${value === 1 ? noun : `${noun.replace(/s$/, '')}s`} in all.`;
    }
    case 'duration':
      return `Length: ${spelledDuration(Number((fact as { duration: number | string }).duration))}.`;
    case 'weekday':
      return `It is a ${(fact as { weekday: string }).weekday}.`;
    case 'state': {
      const { state, on } = fact as { state: string; on: boolean };
      const names = SWITCHES.find((thing) => thing.id === state)?.names ?? [state];
      return `${names[1] ?? names[0]} is ${on ? 'enabled' : 'disabled'}.`;
    }
    case 'compare': {
      const { higher, lower } = fact as { higher: string | readonly string[]; lower: string | readonly string[] };
      const first = (value: string | readonly string[]) => (Array.isArray(value) ? value[0] : value) as string;
      return `${first(lower)} is lower than ${first(higher)}.`;
    }
    case 'did':
      return DID_SENTENCES[(fact as { did: string }).did] ?? 'Done.';
  }
}

/** A plain report of each action, for the proofs' renderings. */
const DID_SENTENCES: Readonly<Record<string, string>> = {
  'sent-message': "I've sent it; they have your text now.",
  'created-reminder': "I've set the reminder.",
  'changed-reminder': "I've moved the reminder.",
  'saved-contact': "I've saved the contact.",
  'changed-contact': "I've updated the contact.",
};

const COUNT_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** Seconds as "1 day, 3 hours and 5 minutes". */
function spelledDuration(seconds: number): string {
  const parts: string[] = [];
  let rest = Math.round(seconds);
  for (const [name, size] of [
    ['day', 86_400],
    ['hour', 3600],
    ['minute', 60],
    ['second', 1],
  ] as const) {
    const amount = Math.floor(rest / size);
    rest -= amount * size;
    if (amount > 0) parts.push(`${amount} ${name}${amount === 1 ? '' : 's'}`);
  }
  return parts.length <= 1 ? (parts[0] ?? '0 seconds') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** The answer with one fact changed, or undefined when the fact cannot be found in it. */
function perturb(text: string, fact: AnswerFact): string | undefined {
  switch (factKind(fact)) {
    case 'amount':
    case 'number': {
      const raw = 'amount' in fact ? fact.amount : (fact as { number: number | string }).number;
      const value = Number(raw);
      const tolerance = (fact as { tolerance?: number }).tolerance ?? 0;
      const target = numbersIn(text).find(
        (number) => Math.abs(number.value - value) <= Math.max(tolerance, 0.5 * 10 ** -number.decimals) + 1e-9,
      );
      if (!target) return undefined;
      const changed = (target.value + Math.max(7, Math.abs(target.value) * 0.37, tolerance * 3)).toFixed(
        target.decimals,
      );
      return replaceNumber(text, target.value, target.decimals, changed);
    }
    case 'time': {
      const target = timesIn(String((fact as { time: string }).time))[0];
      for (const match of text.matchAll(/\b(\d{1,2})([:.]\d{2})?(\s?[ap]\.?m\.?)?(?=\W|$)/gi)) {
        const [whole, hour = '', rest = '', suffix = ''] = match;
        if ((!rest && !suffix) || timesIn(whole)[0] !== target) continue;
        const shifted = ((Number(hour) + 2) % (suffix ? 12 : 24) || (suffix ? 12 : 0)).toString();
        const start = match.index ?? 0;
        const written = `${hour.length === 2 ? shifted.padStart(2, '0') : shifted}${rest}${suffix}`;
        // The same moment said relative to now ("90 minutes from now") moves with it.
        return `${text.slice(0, start)}${written}${text.slice(start + whole.length)}`
          .replace(
            /\b(\d+)(\s+(?:minutes?|mins?|hours?))(?=\s+(?:from now|ago|away|later|earlier))/gi,
            (_all, amount: string, unit: string) => `${Number(amount) + (/h/i.test(unit) ? 2 : 120)}${unit}`,
          )
          .replace(
            /\b(in\s+(?:about\s+)?)(\d+)(\s+(?:minutes?|mins?|hours?))/gi,
            (_all, lead: string, amount: string, unit: string) =>
              `${lead}${Number(amount) + (/h/i.test(unit) ? 2 : 120)}${unit}`,
          );
      }
      return undefined;
    }
    case 'date': {
      const [, month, day] = (fact as { date: string }).date.split('-').map(Number);
      const found = datesIn(text).some((date) => date.month === month && date.day === day);
      if (!found) return undefined;
      const newDay = ((day ?? 1) + 8) % 28 || 1;
      return text
        .replace(new RegExp(`\\b${day}(st|nd|rd|th)?\\b`), `${newDay}`)
        .replace(/-(\d{2})\b/, `-${String(newDay).padStart(2, '0')}`);
    }
    case 'name':
    case 'words': {
      const value: unknown = 'name' in fact ? fact.name : (fact as { words: unknown }).words;
      let changed = text;
      const options = (Array.isArray(value) ? value : [value]).map(String);
      for (const option of options.sort((a, b) => b.length - a.length)) {
        changed = changed.replace(
          new RegExp(`(^|[^A-Za-z0-9])${escapeRegExp(option)}(?=$|[^A-Za-z0-9])`, 'gi'),
          '$1someone',
        );
      }
      return changed === text ? undefined : changed;
    }
    case 'yes':
      return (fact as { yes: boolean }).yes
        ? `No. ${text.replace(/^\s*(yes|yeah|yep)[,.!]?\s*/i, '')}`
        : `Yes. ${text.replace(/^\s*(no|nope)[,.!]?\s*/i, '').replace(/\b(not|n't)\b/g, '')}`;
    case 'absent': {
      // The gold answer plus the item it must not state.
      const value: unknown = (fact as { absent: unknown }).absent;
      return `${text} Also: ${String(Array.isArray(value) ? value[0] : value)}.`;
    }
    case 'phone': {
      // Another area code (the neighbouring number a careless answer gives).
      const match = /(\+?1[\s.-]?)?\(?(\d)(\d)(\d)\)?([\s.-]?\d{3}[\s.-]?\d{4})/.exec(text);
      if (!match) return undefined;
      const [whole, country = '', a = '', b = '', c = '', rest = ''] = match;
      const changed = `${country}${whole.includes('(') ? '(' : ''}${a}${(Number(b) + 3) % 10}${c}${whole.includes(')') ? ')' : ''}${rest}`;
      return text.replace(whole, changed);
    }
    case 'count': {
      const { count, of } = fact as { count: number | string; of: readonly string[] };
      const value = Number(count);
      const nouns = of.map((noun) => escapeRegExp(noun.replace(/s$/, '')));
      const pattern = new RegExp(
        `\\b(\\d+|${COUNT_WORDS.join('|')}|twice|once)\\b(?=\\s+(?:\\w+\\s+)?(?:${nouns.join('|')})|)`,
        'i',
      );
      const match = pattern.exec(text);
      if (!match) return undefined;
      const word = match[1] ?? '';
      const replacement = /twice|once/i.test(word) ? 'three times' : String(value + 1);
      return `${text.slice(0, match.index)}${replacement}${text.slice(match.index + word.length)}`;
    }
    case 'duration': {
      const target = Number((fact as { duration: number | string }).duration);
      return text.replace(
        /\b(\d+)(\s*(?:days?|hours?|hrs?|minutes?|mins?))/i,
        (_whole, amount: string, unit: string) => `${Number(amount) + (target >= 7200 ? 2 : 9)}${unit}`,
      );
    }
    case 'weekday': {
      const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
      const target = (fact as { weekday: string }).weekday.toLowerCase().slice(0, 3);
      const index = days.findIndex((day) => day.toLowerCase().startsWith(target));
      const next = days[(index + 2) % 7] ?? 'Monday';
      const changed = text.replace(new RegExp(`\\b${days[index] ?? ''}\\b`, 'gi'), next);
      return changed === text ? undefined : changed;
    }
    case 'state': {
      // The opposite state: every on said off and every off said on.
      const changed = text.replace(
        /\b(on|off|enabled|disabled)\b/gi,
        (word: string) =>
          ({ on: 'off', off: 'on', enabled: 'disabled', disabled: 'enabled' })[word.toLowerCase()] ?? word,
      );
      return changed === text ? undefined : changed;
    }
    case 'compare': {
      // The conclusion turned round: the two sides' names swapped.
      const { higher, lower } = fact as { higher: string | readonly string[]; lower: string | readonly string[] };
      const list = (value: string | readonly string[]) => (Array.isArray(value) ? [...value] : [value as string]);
      const all = [
        ...list(higher).map((name) => ({ name, to: list(lower)[0] ?? '' })),
        ...list(lower).map((name) => ({ name, to: list(higher)[0] ?? '' })),
      ].sort((a, b) => b.name.length - a.name.length);
      const pattern = new RegExp(`\\b(${all.map((entry) => escapeRegExp(entry.name)).join('|')})\\b`, 'gi');
      const changed = text.replace(
        pattern,
        (name: string) => all.find((entry) => entry.name.toLowerCase() === name.toLowerCase())?.to ?? name,
      );
      return changed === text ? undefined : changed;
    }
    case 'did':
      // The answer that does not report it done.
      return 'I could not finish that.';
  }
}

function replaceNumber(text: string, value: number, decimals: number, changed: string): string | undefined {
  for (const match of text.matchAll(/(?<![\w.])([-−]?)(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?/g)) {
    const parsed = Number(`${match[1] ? '-' : ''}${(match[2] ?? '').replaceAll(',', '')}${match[3] ?? ''}`);
    const shown = Math.max(0, (match[3] ?? '').length - 1);
    if (parsed === value && shown === decimals) {
      const start = match.index ?? 0;
      return `${text.slice(0, start)}${changed}${text.slice(start + match[0].length)}`;
    }
  }
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
