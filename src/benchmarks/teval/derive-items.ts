/**
 * T-Eval for any tool corpus: step items derived from solutions played on toolgauge's own engine.
 * From a gold solution: PLAN (its calls, with dependencies where a call's arguments come from an earlier
 * result), REASON/RETRIEVE/UNDERSTAND for every call given the history before it, INSTRUCT for every call.
 * From every played solution, gold or wrong: REVIEW of each real tool response or error, plus an
 * "irrelevant response" item pairing a call with another call's response.
 */
import type { Message, ToolCall, ToolOutcome, ToolSchema } from '../../spec/index.js';
import {
  ASK_ARGUMENTS,
  ASK_NEXT_STEP_JSON,
  ASK_THOUGHT,
  ASK_TOOL_NAME,
  INSTRUCT_JSON_TEMPLATE,
  INSTRUCT_STRING_TEMPLATE,
  instructSystem,
  planJsonSystem,
  planStringSystem,
  REVIEW_SYSTEM,
  stepSystem,
} from './derived-prompts.js';
import { pyRepr } from './python-repr.js';
import { fromPlain, PyDict, type PyValue } from './python-value.js';
import type { TevalCase, TevalFormat, TevalPromptMessage, TevalSubset } from './teval-case.js';

/** A solution of a corpus case, played on the engine. */
export interface PlayedSolution {
  /** e.g. `sandbox`. */
  readonly corpus: string;
  readonly caseId: string;
  /** `gold`, or `wrong-<n>`. */
  readonly solution: string;
  /** The tools the agent was shown. */
  readonly tools: readonly ToolSchema[];
  /** The episode's messages (the trajectory's bus). */
  readonly messages: readonly Message[];
}

interface PlayedStep {
  readonly call: ToolCall;
  readonly args: PyDict;
  readonly outcome: ToolOutcome | undefined;
  /** Texts from the user that came before this call. */
  readonly userTexts: readonly string[];
  /** Where the call is on the bus. */
  readonly messageIndex: number;
}

function stepsOf(played: PlayedSolution): PlayedStep[] {
  const steps: PlayedStep[] = [];
  const userTexts: string[] = [];
  for (const message of played.messages) {
    if (message.type === 'text' && message.sender === 'user' && message.recipient === 'agent')
      userTexts.push(message.text);
    if (message.type !== 'tool-call' || message.sender !== 'agent') continue;
    const result = played.messages.find((other) => other.type === 'tool-result' && other.callId === message.call.id);
    const rawArgs = typeof message.call.arguments === 'string' ? {} : message.call.arguments;
    const args = fromPlain(rawArgs);
    steps.push({
      call: message.call,
      args: args instanceof PyDict ? args : new PyDict(),
      outcome: result?.type === 'tool-result' ? result.outcome : undefined,
      userTexts: [...userTexts],
      messageIndex: message.index,
    });
  }
  return steps;
}

/** What a step sets out to do, in words: the gold thought of REASON and the goal of REVIEW. */
export function thoughtFor(
  step: { readonly call: ToolCall; readonly args: PyDict },
  tools: readonly ToolSchema[],
): string {
  const tool = tools.find((candidate) => candidate.name === step.call.name);
  const purpose = (tool?.description ?? `call ${step.call.name}`).split(/(?<=\.)\s/)[0]?.replace(/\.$/, '') ?? '';
  const given =
    step.args.size === 0
      ? 'no arguments'
      : step.args
          .entries()
          .map(([key, value]) => `${String(key)} ${pyRepr(value)}`)
          .join(', ');
  return `Call ${step.call.name} (${lowerFirst(purpose)}) with ${given}.`;
}

function lowerFirst(text: string): string {
  return text.length > 0 ? text[0]?.toLowerCase() + text.slice(1) : text;
}

function renderResponse(outcome: ToolOutcome | undefined): string {
  if (!outcome) return '(no response)';
  if (outcome.type === 'result') return JSON.stringify(outcome.value) ?? 'null';
  return `Error (${outcome.error.kind}): ${outcome.error.message}`;
}

function callText(step: PlayedStep): string {
  return `${step.call.name}(${pyRepr(step.args)})`;
}

function makeCase(
  played: PlayedSolution,
  suffix: string,
  subset: TevalSubset,
  format: TevalFormat,
  prompt: TevalPromptMessage[],
  groundTruth: PyValue,
  extra: { apiList?: readonly string[]; template?: PyValue } = {},
): TevalCase {
  const id = `${played.corpus}/${played.caseId}/${suffix}`;
  return {
    id,
    labels: {
      ability: subset === 'rru' ? ['reason', 'retrieve', 'understand'] : subset,
      format,
      subset,
      source: `built-in:${played.corpus}`,
    },
    subset,
    format,
    prompt,
    groundTruth,
    apiList: extra.apiList ?? [],
    template: extra.template ?? null,
    origin: `built-in:${played.corpus}/${played.caseId}#${played.solution}`,
  };
}

/** Items from a gold solution: PLAN, REASON/RETRIEVE/UNDERSTAND, INSTRUCT, and REVIEW of its responses. */
export function deriveFromGold(played: PlayedSolution): TevalCase[] {
  const steps = stepsOf(played);
  if (steps.length === 0) return [];
  const items: TevalCase[] = [];
  const query = steps[steps.length - 1]?.userTexts.join('\n') ?? '';
  // Longest names first: the string parser takes the first API found, so a name that contains another wins.
  const apiList = [...played.tools.map((tool) => tool.name)].sort((left, right) => right.length - left.length);
  const plan = steps.map((step, index) =>
    PyDict.of([
      ['id', BigInt(index)],
      ['prev', dependencies(steps, index).map((before) => BigInt(before))],
      ['name', step.call.name],
      ['args', step.args],
    ]),
  );
  plan.push(
    PyDict.of([
      ['id', BigInt(steps.length)],
      ['prev', steps.length > 0 ? [BigInt(steps.length - 1)] : []],
      ['name', 'FinishAction'],
      ['args', new PyDict()],
    ]),
  );
  const ask = { role: 'user', content: query } as const;
  items.push(
    makeCase(
      played,
      'plan-json',
      'plan',
      'json',
      [{ role: 'system', content: planJsonSystem(played.tools) }, ask],
      plan,
      { apiList },
    ),
  );
  items.push(
    makeCase(
      played,
      'plan-str',
      'plan',
      'str',
      [{ role: 'system', content: planStringSystem(played.tools) }, ask],
      plan,
      { apiList },
    ),
  );

  const system = { role: 'system', content: stepSystem(played.tools) } as const;
  steps.forEach((step, index) => {
    const history: TevalPromptMessage[] = [system, ...historyBefore(played, steps, step.messageIndex)];
    const thought = thoughtFor(step, played.tools);
    const gold = PyDict.of([
      ['thought', thought],
      ['name', step.call.name],
      ['args', step.args],
    ]);
    const at = `step-${index}`;
    items.push(
      makeCase(
        played,
        `${at}/next-json`,
        'rru',
        'json',
        [...history, { role: 'user', content: ASK_NEXT_STEP_JSON }],
        gold,
      ),
    );
    const askedThought: TevalPromptMessage[] = [...history, { role: 'user', content: ASK_THOUGHT }];
    items.push(makeCase(played, `${at}/reason-str`, 'reason', 'str', askedThought, gold));
    const withThought: TevalPromptMessage[] = [...askedThought, { role: 'assistant', content: thought }];
    items.push(
      makeCase(
        played,
        `${at}/retrieve-str`,
        'retrieve',
        'str',
        [...withThought, { role: 'user', content: ASK_TOOL_NAME }],
        gold,
      ),
    );
    items.push(
      makeCase(
        played,
        `${at}/understand-str`,
        'understand',
        'str',
        [
          ...withThought,
          { role: 'user', content: ASK_TOOL_NAME },
          { role: 'assistant', content: step.call.name },
          { role: 'user', content: ASK_ARGUMENTS },
        ],
        gold,
      ),
    );
    const tool = played.tools.find((candidate) => candidate.name === step.call.name);
    if (tool) {
      const instruction = `Call ${tool.name} with ${
        step.args.size === 0
          ? 'no arguments'
          : `these arguments: ${step.args
              .entries()
              .map(([key, value]) => `'${String(key)}' is ${pyRepr(value)}`)
              .join('; ')}`
      }.`;
      const instructGold = PyDict.of([
        ['thought', thought],
        ['action', step.call.name],
        ['args', step.args],
      ]);
      for (const format of ['json', 'str'] as const) {
        items.push(
          makeCase(
            played,
            `${at}/instruct-${format}`,
            'instruct',
            format,
            [
              { role: 'system', content: instructSystem(tool, format) },
              { role: 'user', content: instruction },
            ],
            instructGold,
            { template: fromPlain(format === 'json' ? INSTRUCT_JSON_TEMPLATE : INSTRUCT_STRING_TEMPLATE) },
          ),
        );
      }
    }
  });
  items.push(...deriveReviews(played, steps));
  return items;
}

/** REVIEW items of a wrong solution's responses. */
export function deriveFromWrong(played: PlayedSolution): TevalCase[] {
  return deriveReviews(played, stepsOf(played));
}

const INPUT_ERRORS = new Set([
  'unknown-tool',
  'unparsable-arguments',
  'unknown-argument',
  'missing-argument',
  'invalid-argument-type',
  'invalid-arguments',
  'invalid-value',
  'duplicate',
]);

/** The REVIEW answer a response deserves: A success, B internal, C input, E unable (D is built by pairing). */
export function reviewAnswer(outcome: ToolOutcome): 'A' | 'B' | 'C' | 'E' {
  if (outcome.type === 'result') return isEmpty(outcome.value) ? 'E' : 'A';
  const kind = outcome.error.kind;
  if (kind === 'internal' || kind === 'connection') return 'B';
  if (INPUT_ERRORS.has(kind)) return 'C';
  return 'E';
}

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value as object).length === 0;
}

function reviewCase(
  played: PlayedSolution,
  suffix: string,
  step: PlayedStep,
  response: string,
  answer: string,
  why: string,
): TevalCase {
  const user = `Goal: ${thoughtFor(step, played.tools)}\nName: ${step.call.name}\nArgs: ${pyRepr(step.args)}\nResponse: ${response}`;
  return makeCase(
    played,
    suffix,
    'review',
    'str',
    [
      { role: 'system', content: REVIEW_SYSTEM },
      { role: 'user', content: user },
    ],
    PyDict.of([
      ['answer', answer],
      ['thought', why],
    ]),
  );
}

function deriveReviews(played: PlayedSolution, steps: readonly PlayedStep[]): TevalCase[] {
  const items: TevalCase[] = [];
  steps.forEach((step, index) => {
    if (!step.outcome) return;
    const answer = reviewAnswer(step.outcome);
    const why =
      step.outcome.type === 'error'
        ? `The tool reported a ${step.outcome.error.kind} error.`
        : answer === 'E'
          ? 'The tool returned nothing.'
          : 'The tool returned what the call asked for.';
    items.push(
      reviewCase(played, `${played.solution}/review-${index}`, step, renderResponse(step.outcome), answer, why),
    );
  });
  if (played.solution === 'gold') {
    // D: a call shown with the (successful, non-empty) response of a different tool, of another shape than
    // the call's own response, so the item shows what makes it irrelevant: two tools that both answer
    // `false` would give a D item identical to an A item of the first tool.
    const answered = steps.filter((step) => step.outcome?.type === 'result' && !isEmpty(step.outcome.value));
    const first = answered[0];
    const firstShape = first?.outcome?.type === 'result' ? resultShape(first.outcome.value) : '';
    const other = answered.find(
      (step) =>
        step.call.name !== first?.call.name &&
        step.outcome?.type === 'result' &&
        resultShape(step.outcome.value) !== firstShape,
    );
    if (first && other) {
      items.push(
        reviewCase(
          played,
          'gold/review-irrelevant',
          first,
          renderResponse(other.outcome),
          'D',
          `The response is what ${other.call.name} returns, not ${first.call.name}.`,
        ),
      );
    }
  }
  return items;
}

/**
 * A result's shape: its type, an object's sorted keys, a list's first element's shape. Two tools whose
 * results share a shape (both a boolean, both a `{name, phone}` card) cannot be told apart by a response.
 */
export function resultShape(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length > 0 ? resultShape(value[0]) : ''}]`;
  if (value !== null && typeof value === 'object') return `{${Object.keys(value).sort().join(',')}}`;
  return value === null ? 'null' : typeof value;
}

/** The conversation before a call, in T-Eval's roles: user and agent texts, earlier calls and responses. */
function historyBefore(
  played: PlayedSolution,
  steps: readonly PlayedStep[],
  messageIndex: number,
): TevalPromptMessage[] {
  const history: TevalPromptMessage[] = [];
  for (const message of played.messages) {
    if (message.index >= messageIndex) break;
    if (message.type === 'text' && message.sender === 'user' && message.recipient === 'agent') {
      history.push({ role: 'user', content: message.text });
    } else if (message.type === 'text' && message.sender === 'agent' && message.recipient === 'user') {
      history.push({ role: 'assistant', content: message.text });
    } else if (message.type === 'tool-call' && message.sender === 'agent') {
      const step = steps.find((candidate) => candidate.call.id === message.call.id);
      if (step) history.push({ role: 'assistant', content: callText(step) });
    } else if (message.type === 'tool-result' && message.recipient === 'agent') {
      history.push({ role: 'function', content: renderResponse(message.outcome) });
    }
  }
  return history;
}

/** Earlier steps whose result text holds one of this step's argument values (a data dependency). */
function dependencies(steps: readonly PlayedStep[], index: number): number[] {
  const values = (steps[index]?.args.entries() ?? [])
    .map(([, value]) => (typeof value === 'string' ? value : pyRepr(value)))
    .filter((text) => text.length >= 3);
  const found: number[] = [];
  for (let before = 0; before < index; before++) {
    const outcome = steps[before]?.outcome;
    const text = outcome?.type === 'result' ? (JSON.stringify(outcome.value) ?? '') : '';
    if (values.some((value) => text.includes(value))) found.push(before);
  }
  return found;
}
