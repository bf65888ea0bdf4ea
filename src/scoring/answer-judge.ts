import type { ModelAdapter } from '../spec/index.js';
import { type AnswerFact, factKind } from './answer-facts.js';

/**
 * An optional model judge of answers: given what the user wanted, the facts a correct answer states
 * (as values, in words) and the agent's answer, a model says whether the answer is correct. Offline,
 * the typed checker (`factVerdict`) decides; a judge is a second opinion that runs record beside it and
 * `validate --prove --judge` measures against it.
 */
export interface JudgeRequest {
  /** What the user wanted, in the scenario's words. */
  readonly goal: string;
  readonly facts: readonly AnswerFact[];
  readonly answer: string;
  /** The local date and time the answer was given at ("2026-09-29 11:40, America/Los_Angeles"). */
  readonly now?: string;
}

export interface JudgeVerdict {
  readonly correct: boolean;
  /** The judge's reason, in its words (cut to 300 characters). */
  readonly reason: string;
}

/** What the judge is told: the rubric, with no hint of how the typed checker works. */
export const JUDGE_INSTRUCTIONS = [
  "You grade an assistant's final answer to a user of a phone assistant.",
  'You are given what the user wanted, the facts a correct answer must convey, and the answer.',
  'A fact may be stated in any wording or format (12- or 24-hour times, "yesterday", "48 minutes ago",',
  'numbers in words, phone numbers with any separators, rounding to the precision the answer shows).',
  'The answer is correct only if it conveys every fact and states nothing that contradicts one',
  '(another value of the same kind, the opposite conclusion, the wrong day). Extra true detail is fine.',
  'Reply with one line of JSON and nothing else: {"correct": true|false, "reason": "<short reason>"}',
].join('\n');

/** A fact as the judge reads it. */
export function describeFact(fact: AnswerFact): string {
  const record = fact as Record<string, unknown>;
  const list = (value: unknown) => (Array.isArray(value) ? value.map(String).join(' / ') : String(value));
  switch (factKind(fact)) {
    case 'number':
      return `the number ${record.number}${record.tolerance ? ` (±${record.tolerance})` : ''}${record.absolute ? ' (its size; the sign may be either)' : ''}`;
    case 'amount':
      return `the amount ${record.amount} ${record.currency}${record.tolerance ? ` (±${record.tolerance})` : ''}`;
    case 'time':
      return `the time ${record.time}${record.date ? ` on ${record.date}` : ''}`;
    case 'date':
      return `the date ${record.date}`;
    case 'name':
      return `the name ${list(record.name)}`;
    case 'yes':
      return record.yes ? 'the answer to the question is yes' : 'the answer to the question is no';
    case 'words':
      return `mentions ${list(record.words)}`;
    case 'absent':
      return `does not state ${list(record.absent)}`;
    case 'phone':
      return `the phone number ${record.phone}`;
    case 'count':
      return `the count ${record.count} (of ${list(record.of)})`;
    case 'duration':
      return `the duration ${record.duration} seconds`;
    case 'weekday':
      return `the weekday ${record.weekday}`;
    case 'state':
      return `${String(record.state).replaceAll('_', ' ')} is ${record.on ? 'on' : 'off'}`;
    case 'compare':
      return `${list(record.higher)} is higher (more, pricier, warmer, farther) than ${list(record.lower)}`;
    case 'did':
      return `reports that it did this: ${String(record.did).replaceAll('-', ' ')}`;
  }
}

/** Asks the judge model about one answer. A reply that is not the requested JSON reads as "incorrect". */
export async function judgeAnswer(
  model: ModelAdapter,
  request: JudgeRequest,
  signal?: AbortSignal,
): Promise<JudgeVerdict> {
  const prompt = [
    `What the user wanted: ${request.goal}`,
    ...(request.now ? [`When the answer was given: ${request.now}`] : []),
    'Facts a correct answer conveys:',
    ...request.facts.map((fact) => `- ${describeFact(fact)}`),
    `The answer: ${JSON.stringify(request.answer)}`,
  ].join('\n');
  const response = await model.generate({
    messages: [
      { role: 'system', text: JUDGE_INSTRUCTIONS },
      { role: 'user', text: prompt },
    ],
    tools: [],
    settings: { temperature: 0, maxOutputTokens: 200 },
    ...(signal ? { signal } : {}),
  });
  return parseVerdict(response.text);
}

/** The verdict in a judge's reply: the first JSON object with a boolean `correct`. */
export function parseVerdict(text: string): JudgeVerdict {
  for (const match of text.matchAll(/\{[^{}]*\}/g)) {
    try {
      const parsed = JSON.parse(match[0]) as { correct?: unknown; reason?: unknown };
      if (typeof parsed.correct === 'boolean') {
        return { correct: parsed.correct, reason: String(parsed.reason ?? '').slice(0, 300) };
      }
    } catch {
      // not JSON: try the next braces
    }
  }
  return { correct: false, reason: `unreadable verdict: ${text.slice(0, 200)}` };
}
