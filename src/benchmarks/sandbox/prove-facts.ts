import { SolutionAgent } from '../../agents/index.js';
import {
  type AnswerFact,
  datesIn,
  EpisodeView,
  factKind,
  numbersIn,
  statesFact,
  timesIn,
} from '../../scoring/index.js';
import { SWITCHES } from '../../scoring/statement-readers.js';
import { e164 } from '../../scoring/value-readers.js';
import type { Trajectory, Turn } from '../../spec/index.js';
import type { SandboxCase } from './cases.js';
import { type EpisodeScore, fillFact, type MatchContext } from './milestones/index.js';
import { runSandboxCase } from './play.js';
import { sandboxToolkit } from './sandbox-toolkit.js';

/** A perturbed answer (one key fact changed) must score at most this on its milestone. */
export const PERTURBED_LIMIT = 0.5;
/** The answer's facts in other words must score at least this. */
export const REWORDED_FLOOR = 0.95;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * Proves each answer milestone with facts both ways, on the gold trajectory: the gold answer with one
 * fact changed (a number moved, a time or date shifted, a name or word dropped, yes turned to no, an
 * `absent` item added) must
 * score ≤ `PERTURBED_LIMIT` on that milestone, and the facts alone, written in other formats, ≥
 * `REWORDED_FLOOR`. Returns the number of answers checked and the problems.
 */
export async function proveFacts(
  sandboxCase: SandboxCase,
  gold: readonly Turn[],
  goldRun: { readonly trajectory: Trajectory; readonly score: EpisodeScore },
): Promise<{ checked: number; lowestReworded: number; highestPerturbed: number; problems: string[] }> {
  const problems: string[] = [];
  let checked = 0;
  let lowestReworded = 1;
  let highestPerturbed = 0;
  const view = new EpisodeView(goldRun.trajectory, sandboxToolkit().schema);
  const matchedAt = new Map(goldRun.score.milestones.map((match) => [match.milestone, match.messageIndex]));
  const context: MatchContext = { predecessorIndex: view.startIndex, matched: (id) => matchedAt.get(id) ?? -1 };
  const agentTexts = goldRun.trajectory.messages
    .filter((message) => message.type === 'text' && message.sender === 'agent')
    .map((message) => message.index);
  const sayTurns = gold.flatMap((turn, index) => (turn.type === 'text' ? [index] : []));

  for (const milestone of sandboxCase.scenario.milestones.milestones) {
    for (const constraint of milestone.constraints) {
      if (constraint.type !== 'message' || constraint.from !== 'agent' || !constraint.facts?.length) continue;
      const messageIndex = matchedAt.get(milestone.id) ?? -1;
      const message = goldRun.trajectory.messages[messageIndex];
      const turnIndex = sayTurns[agentTexts.indexOf(messageIndex)];
      if (message?.type !== 'text' || turnIndex === undefined) {
        problems.push(`answer milestone "${milestone.id}" is not matched to a gold answer`);
        continue;
      }
      const facts = constraint.facts.map((fact) => fillFact(fact, view, context));
      if (facts.some((fact) => fact === undefined || !statesFact(message.text, fact, goldRun.trajectory.clock))) {
        problems.push(`the gold answer for "${milestone.id}" does not state all its facts`);
        continue;
      }
      const filled = facts as AnswerFact[];
      const play = async (text: string) => {
        const turns = gold.map((turn, index) => (index === turnIndex ? { type: 'text' as const, text } : turn));
        const { score } = await runSandboxCase({ sandboxCase, agent: new SolutionAgent(turns, 'facts') });
        return score.milestones.find((match) => match.milestone === milestone.id)?.similarity ?? 0;
      };
      checked += 1;
      const reworded = filled
        .map(reword)
        .filter((sentence) => sentence !== '')
        .join(' ');
      const rewordedScore = await play(reworded);
      lowestReworded = Math.min(lowestReworded, rewordedScore);
      if (rewordedScore < REWORDED_FLOOR) {
        problems.push(
          `"${milestone.id}": the facts in other words ("${reworded}") score ${rewordedScore.toFixed(3)} < ${REWORDED_FLOOR}`,
        );
      }
      for (const [position, fact] of filled.entries()) {
        const perturbed = perturb(message.text, fact);
        if (perturbed === undefined || statesFact(perturbed, fact, goldRun.trajectory.clock)) {
          problems.push(
            `"${milestone.id}": cannot change fact ${position} (${JSON.stringify(fact)}) in the gold answer`,
          );
          continue;
        }
        const perturbedScore = await play(perturbed);
        highestPerturbed = Math.max(highestPerturbed, perturbedScore);
        if (perturbedScore > PERTURBED_LIMIT) {
          problems.push(
            `"${milestone.id}": the gold answer with fact ${position} changed ("${perturbed}") scores ${perturbedScore.toFixed(3)} > ${PERTURBED_LIMIT}`,
          );
        }
      }
    }
  }
  return { checked, lowestReworded, highestPerturbed, problems };
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
      return `Date: ${day} ${MONTHS[(month ?? 1) - 1]}.`;
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
      return `${names[1] ?? names[0]}: ${on ? 'enabled' : 'disabled'}.`;
    }
    case 'compare': {
      const { higher, lower } = fact as { higher: string | readonly string[]; lower: string | readonly string[] };
      const first = (value: string | readonly string[]) => (Array.isArray(value) ? value[0] : value) as string;
      return `${first(lower)} is lower than ${first(higher)}.`;
    }
  }
}

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
        return `${text.slice(0, start)}${written}${text.slice(start + whole.length)}`.replace(
          /\b(\d+)(\s+(?:minutes?|mins?|hours?))(?=\s+(?:from now|ago|away|later|earlier))/gi,
          (_all, amount: string, unit: string) => `${Number(amount) + (/h/i.test(unit) ? 2 : 120)}${unit}`,
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
