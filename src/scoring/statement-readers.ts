/**
 * Readers of statements in free text: the on/off state a text gives named things ("Wi-Fi is the only
 * thing switched on; cellular, location and low battery mode are off") and the comparisons it draws
 * ("you'd pay more for an Oracle share", "Microsoft is cheaper"). A statement is read per clause; a
 * clause that only suggests or supposes ("turning wifi on would fix it", "if you switch cellular on")
 * states nothing.
 */
import { escapeRegExp } from './value-readers.js';

/** A named thing with the words a text may call it by. */
export interface NamedThing {
  readonly id: string;
  readonly names: readonly string[];
}

/** The phone's switches as people name them (the sandbox's `settings` columns). */
export const SWITCHES: readonly NamedThing[] = [
  { id: 'wifi', names: ['wifi', 'wi-fi', 'wi fi', 'wireless', 'wlan'] },
  {
    id: 'cellular',
    names: [
      'cellular',
      'cell service',
      'cellular service',
      'cellular data',
      'mobile data',
      'mobile network',
      'mobile service',
      'cell data',
      'cell signal',
    ],
  },
  { id: 'location_service', names: ['location service', 'location services', 'location', 'gps', 'location sharing'] },
  {
    id: 'low_battery_mode',
    names: [
      'low battery mode',
      'low-battery mode',
      'low battery',
      'battery saver',
      'low power mode',
      'low-power mode',
      'power saving',
      'power-saving mode',
      'power saver',
    ],
  },
];

/** A clause suggests, supposes or instructs rather than states. */
const SUPPOSING =
  /\b(?:would|could|should|can(?!'t|not)|might|may|if|once|unless|whether|try|want|need to|needs to|have to|to fix|you'll|you will|i'll|i will|turning|turn|switch|switching|enable|enabling|disable|disabling|let me|shall|do you|to get)\b/;
/** A clause about an earlier state ("low battery mode was on"), not the current one. */
const PAST = /\b(?:was|were|had(?! to)|used to|previously|before|earlier)\b/;
const NEGATED = /\b(?:not|isn't|aren't|wasn't|weren't|never|no longer)\b/;

/** The clauses of a text for reading statements, lower-cased with plain apostrophes. */
export function statementClauses(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .split(
      /(?<=[.!?])\s+|[;\n]|\s[–—-]\s|,\s*(?:and|but|so|which|while|whereas)\s+|\s+(?:but|because|since|while|whereas|so that|so)\s+|,\s*(?=it\b)/,
    )
    .map((clause) => clause.trim())
    .filter((clause) => clause !== '');
}

interface Mention {
  readonly id: string;
  readonly index: number;
  readonly end: number;
}

function mentionsIn(clause: string, things: readonly NamedThing[]): Mention[] {
  const mentions: Mention[] = [];
  for (const thing of things) {
    const names = [...thing.names].sort((a, b) => b.length - a.length);
    const pattern = new RegExp(`(^|[^a-z0-9])(${names.map(escapeRegExp).join('|')})(?![a-z0-9])`, 'g');
    for (const match of clause.matchAll(pattern)) {
      const index = (match.index ?? 0) + (match[1] ?? '').length;
      mentions.push({ id: thing.id, index, end: index + (match[2] ?? '').length });
    }
  }
  // A shorter name inside a longer one ("location" in "location services") is one mention.
  return mentions
    .sort((a, b) => a.index - b.index || b.end - a.end)
    .filter((mention, position, all) => !all.slice(0, position).some((other) => other.end > mention.index));
}

/** A state set by a verb placed before the thing: "turned off X", "switched on X", "enabled X". */
const LEADING_STATE =
  /(?:\b(?:turned|switched|put|set|flipped|toggled|kept|left)\s+(on|off)|\b(enabled|disabled|activated|deactivated))\s+(?:the\s+|your\s+)?$/;

/** A verb of causing placed before a thing's name: the clause explains, it does not report a state. */
const MECHANISM = /\b(?:keeps|holds|forces|makes|blocks|prevents|stops|locks)\s+(?:the\s+|your\s+)?$/;

/** What may stand between a thing's name and its state word: copulas, adverbs, list joints. */
const LINKING =
  /^(?:\s|,|:|'s\b|'re\b|\b(?:and|or|is|are|'s|'re|stays?|remains?|now|still|currently|both|all|also|already|been|has|have|switched|turned|set|kept|left|not|isn't|aren't|no longer|back|totally|fully|completely|the|only|one|thing|things|radio|setting|mode|that's|which|that|it's|'s)\b)*$/;

/** The text between two positions with the other things' names taken out. */
function withoutMentions(clause: string, from: number, to: number, mentions: readonly Mention[]): string {
  let text = '';
  let position = from;
  for (const mention of mentions) {
    if (mention.index < from || mention.index >= to) continue;
    text += clause.slice(position, mention.index);
    position = mention.end;
  }
  return text + clause.slice(position, to);
}

const ON = /\b(?:on(?! (?:your|the|my|a|an|this|that|it)\b)|enabled|active|activated|working|connected|up)\b/g;
const OFF = /\b(?:off|disabled|inactive|deactivated|disconnected|down)\b/g;

/**
 * The states a text gives each thing: for every mention in a clause that states (not supposes, not
 * about the past), the nearest on/off word after it (else before it), flipped by a negation between
 * them. "The only thing on" and "everything else is off" set every other thing off; "everything is
 * off" / "nothing is on" set all off.
 */
export function statesIn(text: string, things: readonly NamedThing[] = SWITCHES): Map<string, boolean[]> {
  const states = new Map<string, boolean[]>();
  const say = (id: string, on: boolean) => {
    const list = states.get(id) ?? [];
    list.push(on);
    states.set(id, list);
  };
  const onThings = new Set<string>();
  // The thing last named: what "it" stands for in a later clause ("Cellular was off. It's on now.").
  let lastNamed: string | undefined;
  for (const clause of statementClauses(text)) {
    const named = mentionsIn(clause, things);
    const previous = lastNamed;
    if (named.length > 0) lastNamed = named.at(-1)?.id;
    if (clause.endsWith('?') || SUPPOSING.test(clause) || PAST.test(clause)) continue;
    const mentions =
      named.length === 0 && previous !== undefined
        ? [...clause.matchAll(/\bit\b/g)].map((match) => ({
            id: previous,
            index: match.index ?? 0,
            end: (match.index ?? 0) + 2,
          }))
        : named;
    const words = [
      ...[...clause.matchAll(ON)].map((match) => ({ on: true, index: match.index ?? 0 })),
      ...[...clause.matchAll(OFF)].map((match) => ({ on: false, index: match.index ?? 0 })),
    ].sort((a, b) => a.index - b.index);
    let listed: { readonly end: number; readonly on: boolean } | undefined;
    // "Everything except wifi is off": the things after "except" are the other way round.
    const exceptAt = /\b(?:everything|all)\b/.test(clause)
      ? clause.search(/\b(?:except|other than|apart from|but|besides)\b/)
      : -1;
    // "Your phone is in low battery mode": that mode is on.
    if (/\bin (?:low battery|low-battery|low power|battery saver|power saving|power-saving) mode\b/.test(clause)) {
      say('low_battery_mode', true);
      onThings.add('low_battery_mode');
    }
    for (const mention of mentions) {
      // "turned off low battery mode": a verb's particle right before the name is its state, and the
      // state of the names listed after it ("turned on location service and wifi").
      const leading = LEADING_STATE.exec(clause.slice(Math.max(0, mention.index - 24), mention.index));
      const inList = listed && /^\s*(?:,|and|,\s*and)\s*(?:the\s+)?$/.test(clause.slice(listed.end, mention.index));
      if (leading || inList) {
        const on = leading ? /on|enabled|activated/.test(leading[1] ?? leading[2] ?? '') : (listed?.on ?? false);
        say(mention.id, on);
        if (on) onThings.add(mention.id);
        listed = { end: mention.end, on };
        continue;
      }
      listed = undefined;
      // "it keeps cellular off": how one switch works on another, not a state reported.
      if (MECHANISM.test(clause.slice(Math.max(0, mention.index - 20), mention.index))) continue;
      // The state word after the name, with only a copula, other names or "the only thing" between
      // ("cellular, location and low battery mode are off"); not one that belongs to another verb
      // ("low battery mode keeps it off" says nothing of low battery mode).
      const word = words.find((candidate) => candidate.index >= mention.end);
      if (!word) continue;
      const between = withoutMentions(clause, mention.end, word.index, mentions);
      if (!LINKING.test(between)) continue;
      const stated = NEGATED.test(between) ? !word.on : word.on;
      const on = exceptAt >= 0 && mention.index > exceptAt && word.index > mention.index ? !stated : stated;
      say(mention.id, on);
      if (on) onThings.add(mention.id);
    }
    const everythingOff =
      (!/\b(?:else|other|others|rest)\b/.test(clause) &&
        /\b(?:everything|all (?:of them|the (?:radios|switches|settings))|all)\b.*\b(?:is |are )?off\b/.test(clause)) ||
      /\bnothing\b.*\bon\b/.test(clause);
    const othersOff =
      (onThings.size > 0 && /\bonly\b/.test(clause)) ||
      /\b(?:everything else|all (?:the )?others|the rest|the others|all else)\b.*\boff\b/.test(clause);
    if (everythingOff && mentions.length === 0) for (const thing of things) say(thing.id, false);
    if (othersOff) {
      for (const thing of things)
        if (!onThings.has(thing.id) && !mentions.some((m) => m.id === thing.id)) say(thing.id, false);
    }
  }
  return states;
}

const HIGHER =
  'more expensive|most expensive|pricier|priciest|costlier|dearer|costs? more|pay more|higher|highest|warmer|warmest|hotter|hottest|bigger|biggest|larger|largest|greater|farther|further|longer|heavier|more'.split(
    '|',
  );
const LOWER =
  'less expensive|least expensive|cheaper|cheapest|costs? less|pay less|lower|lowest|colder|coldest|cooler|coolest|chillier|smaller|smallest|closer|nearer|shorter|lighter|less'.split(
    '|',
  );

/** A comparison a text draws: which thing it says is higher (more, warmer, pricier) than which. */
export interface Comparison {
  readonly higher?: string;
  readonly lower?: string;
}

/**
 * The comparisons a text draws between the things: per clause, each comparative word ("cheaper", "pay
 * more", "warmer") with the thing nearest before it as its subject (else the first after it that does
 * not follow "than") and the thing after "than" as its object; a negation before the word turns it.
 */
export function comparisonsIn(text: string, things: readonly NamedThing[]): Comparison[] {
  const comparisons: Comparison[] = [];
  const words = [...HIGHER.map((word) => ({ word, up: true })), ...LOWER.map((word) => ({ word, up: false }))].sort(
    (a, b) => b.word.length - a.word.length,
  );
  const pattern = new RegExp(`\\b(${words.map((entry) => escapeRegExp(entry.word)).join('|')})\\b`, 'g');
  for (const clause of statementClauses(text)) {
    if (clause.endsWith('?') || /\b(?:if|whether|unless)\b/.test(clause)) continue;
    const mentions = mentionsIn(clause, things);
    if (mentions.length === 0) continue;
    for (const match of clause.matchAll(pattern)) {
      const index = match.index ?? 0;
      const end = index + (match[0] ?? '').length;
      const found = words.find((entry) => new RegExp(`^${entry.word}$`).test(match[1] ?? ''));
      if (!found) continue;
      const thanAt = clause.indexOf(' than ', end);
      const object = thanAt >= 0 ? mentions.find((mention) => mention.index > thanAt) : undefined;
      let subject = mentions.findLast((mention) => mention.end <= index);
      if (!subject) subject = mentions.find((mention) => mention.index >= end && mention !== object);
      if (!subject) continue;
      const negated = NEGATED.test(clause.slice(subject.end < index ? subject.end : 0, index));
      const up = negated ? !found.up : found.up;
      const other = object && object.id !== subject.id ? object.id : undefined;
      comparisons.push(
        up
          ? { higher: subject.id, ...(other ? { lower: other } : {}) }
          : { lower: subject.id, ...(other ? { higher: other } : {}) },
      );
    }
  }
  return comparisons;
}
