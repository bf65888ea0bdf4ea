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
      if (facts.some((fact) => fact === undefined || !statesFact(message.text, fact))) {
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
        if (perturbed === undefined || statesFact(perturbed, fact)) {
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
  }
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
        return `${text.slice(0, start)}${written}${text.slice(start + whole.length)}`;
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
