/**
 * How a ToolScan episode is played. The query is the only user message; the agent acts, one turn per
 * step, until it calls `finish` with its answer or answers in text, within a step budget (10 by
 * default, as the paper). Every call goes through the executor's checks first — format (arguments that
 * parse), function name (listing the available ones), argument names (listing the valid ones), required
 * arguments, types, then values — and a call that fails them is not run: the feedback is returned
 * instead. With feedback off, such a call gets a bare failure that says nothing about what was wrong.
 */
import { z } from 'zod';
import { findEnvironment, type ToolscanEnvironment } from '../../domains/toolscan/index.js';
import { endConversationTool, runEpisode } from '../../engine/index.js';
import { PRE_RUN_ERROR_KINDS } from '../../scoring/call-patterns.js';
import type {
  Agent,
  EpisodeInput,
  EpisodeResult,
  Message,
  RescoreInput,
  ToolCall,
  Trajectory,
  Turn,
  TurnRequest,
} from '../../spec/index.js';
import { defineTool, type Tool, ToolSet } from '../../tools/index.js';
import { ScriptedUser } from '../../users/index.js';
import { defineWorldSchema, EpisodeClock, WorldSnapshot } from '../../world/index.js';
import { brokenCall, isMalformedName, UNNAMED_CALL } from './broken-calls.js';
import type { ToolscanCase } from './load-cases.js';
import { type OutputFormat, settingsFrom, type ToolscanSettings } from './options.js';
import { TOOLSCAN_RECORD_VERSION, type ToolscanRecord } from './record.js';
import { scoreEpisode } from './score.js';

/** The error kinds of the executor's pre-run checks: the feedback mechanism. */
export const CHECK_ERROR_KINDS = PRE_RUN_ERROR_KINDS;

export const finishTool: Tool = defineTool({
  name: 'finish',
  description: 'Give the final answer to the task and stop. Call it once, when you know the answer.',
  parameters: z.object({
    answer: z
      .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
      .describe('Only the answer: a number, a short text, or a list of strings. No explanation.'),
  }),
  returns: 'Nothing more to do: the task is over.',
  kind: 'action',
  domain: 'toolscan',
  run: ({ answer }, context) => {
    context.endConversation();
    return { answer };
  },
});

const FORMAT_INSTRUCTIONS: Record<OutputFormat, string> = {
  native: '',
  json: 'Write every tool call as a single JSON object and nothing else: {"name": "<tool>", "arguments": {<arguments as JSON>}}.',
  text: 'Write every tool call as two plain lines and nothing else:\nAction: <tool>\nAction Input: <arguments as a JSON object>',
};

/** The system prompt: the task rules, never anything about the query. */
export function systemPrompt(settings: ToolscanSettings): string {
  return [
    'You solve one task by calling the tools (APIs) you are given. Call one tool per step and read its result before the next.',
    `When you know the answer, call the tool "finish" with only the answer (a number, a short text, or a list of strings). You have at most ${settings.steps} steps.`,
    FORMAT_INSTRUCTIONS[settings.output],
  ]
    .filter(Boolean)
    .join('\n');
}

export function requireEnvironment(id: string): ToolscanEnvironment {
  const environment = findEnvironment(id);
  if (!environment) throw new Error(`toolscan: unknown environment "${id}"`);
  return environment;
}

const toolSets = new Map<string, ToolSet>();

/** The agent's tools for an environment: its APIs plus `finish`. */
export function agentToolSet(environmentId: string): ToolSet {
  let set = toolSets.get(environmentId);
  if (!set) {
    const tools = [...requireEnvironment(environmentId).tools, finishTool];
    set = new ToolSet(
      'agent',
      tools.map((tool) => ({
        schema: { name: tool.name, description: tool.description, parameters: tool.parameters },
        tool,
      })),
    );
    toolSets.set(environmentId, set);
  }
  return set;
}

const userTools = new ToolSet('user', [
  {
    schema: {
      name: endConversationTool.name,
      description: endConversationTool.description,
      parameters: endConversationTool.parameters,
    },
    tool: endConversationTool,
  },
]);
const EMPTY_WORLD = WorldSnapshot.create(defineWorldSchema([]), {});
/** The environments' "today" (weather, sports), as an instant. */
const EPISODE_NOW = Date.parse('2024-06-15T12:00:00Z') / 1000;

/** Steps the agent has taken so far: its text replies and tool-call batches. */
export function stepsTaken(messages: readonly Message[]): number {
  const batches = new Set<number>();
  let texts = 0;
  for (const message of messages) {
    if (message.sender !== 'agent' || message.seeded) continue;
    if (message.type === 'tool-call') batches.add(message.batch);
    else if (message.type === 'text') texts += 1;
  }
  return batches.size + texts;
}

/** The bare failure an agent sees for a rejected call when feedback is off. */
const BARE_FAILURE = { kind: 'invalid-value', message: 'The call failed.' } as const;

/** The name a call the prompt-mode parser read with a malformed name (`Action: f(x=1)`) is given. */
function identifierPrefix(name: string): string {
  return /^[A-Za-z_]\w*/.exec(name)?.[0] ?? UNNAMED_CALL;
}

/**
 * The protocol's reading of one agent turn. In prompt modes, a text that tries a call in a broken
 * format becomes that broken call (an IFE with feedback; the episode goes on), and a parsed call with a
 * malformed name becomes a call whose arguments do not parse. In every mode the answer ends the episode:
 * the calls after `finish` in the same turn are not run (returned in `notRun`).
 */
export function protocolTurn(
  turn: Turn,
  settings: ToolscanSettings,
  apiNames: readonly string[],
  idPrefix: string,
): { turn: Turn; notRun: readonly ToolCall[] } {
  if (turn.type === 'text') {
    if (settings.output === 'native') return { turn, notRun: [] };
    const call = brokenCall(turn.text, apiNames, `${idPrefix}_broken`);
    return { turn: call ? { type: 'tool-calls', calls: [call] } : turn, notRun: [] };
  }
  const calls =
    settings.output === 'native'
      ? turn.calls
      : turn.calls.map((call) =>
          isMalformedName(call.name)
            ? {
                ...call,
                name: identifierPrefix(call.name),
                arguments: `${call.name} ${typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments)}`,
              }
            : call,
        );
  const answer = calls.findIndex((call) => call.name === finishTool.name);
  if (answer < 0 || answer === calls.length - 1) return { turn: { type: 'tool-calls', calls }, notRun: [] };
  return { turn: { type: 'tool-calls', calls: calls.slice(0, answer + 1) }, notRun: calls.slice(answer + 1) };
}

/**
 * Wraps the agent under test with the protocol's rules: the step budget (when it is spent, the episode
 * ends with an empty reply in the agent's place), with feedback off the rewriting of rejected calls'
 * feedback into a bare failure, and {@link protocolTurn}. Its decisions come from the messages it is
 * shown; `onNotRun` hears of the calls after an answer that were not run.
 */
export function protocolAgent(
  agent: Agent,
  settings: ToolscanSettings,
  apiNames: readonly string[] = [],
  onNotRun: (calls: readonly ToolCall[]) => void = () => {},
): Agent {
  return {
    name: agent.name,
    async respond(request: TurnRequest): Promise<Turn> {
      if (stepsTaken(request.messages) >= settings.steps) return { type: 'text', text: '' };
      const messages = request.messages.map((message) => {
        if (message.type !== 'tool-result' || message.outcome.type !== 'error') return message;
        const { error } = message.outcome;
        if (!CHECK_ERROR_KINDS.has(error.kind)) return message;
        if (!settings.feedback) return { ...message, outcome: { type: 'error' as const, error: BARE_FAILURE } };
        // In prompt modes a format error's feedback repeats the format the run asked for.
        if (error.kind === 'unparsable-arguments' && settings.output !== 'native') {
          const hint = `Format error: write the call in the requested format. ${FORMAT_INSTRUCTIONS[settings.output]}`;
          return { ...message, outcome: { type: 'error' as const, error: { ...error, hint } } };
        }
        return message;
      });
      const turn = await agent.respond({ ...request, messages });
      const read = protocolTurn(turn, settings, apiNames, `m${request.messages.length}`);
      if (read.notRun.length > 0) onNotRun(read.notRun);
      return read.turn;
    },
  };
}

export interface PlayedEpisode {
  readonly trajectory: Trajectory;
  readonly budgetExhausted: boolean;
  /** Calls the agent made after its answer in the same turn: not run, not counted. */
  readonly notRun: readonly ToolCall[];
}

/** Plays one query with an agent. */
export async function playQuery(
  item: ToolscanCase,
  agent: Agent,
  settings: ToolscanSettings,
  options: { readonly trial?: number; readonly signal?: AbortSignal; readonly maxMessages?: number } = {},
): Promise<PlayedEpisode> {
  const seed = `${item.id}#${options.trial ?? 0}`;
  const notRun: ToolCall[] = [];
  const apiNames = requireEnvironment(item.environment).tools.map((tool) => tool.name);
  const trajectory = await runEpisode({
    episodeId: seed,
    caseId: item.id,
    agent: protocolAgent(agent, settings, apiNames, (calls) => notRun.push(...calls)),
    user: new ScriptedUser([]),
    agentTools: agentToolSet(item.environment),
    userTools,
    world: EMPTY_WORLD,
    clock: new EpisodeClock(EPISODE_NOW, 'UTC'),
    seed,
    seededMessages: [
      { type: 'text', sender: 'system', recipient: 'agent', text: systemPrompt(settings) },
      { type: 'text', sender: 'user', recipient: 'agent', text: item.query.goal },
    ],
    // A safety cap far above what the step budget allows (a step is a text or a batch of calls + results).
    maxMessages: options.maxMessages ?? 2 + settings.steps * 40,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const budgetExhausted = stepsTaken(trajectory.messages) > settings.steps;
  return { trajectory, budgetExhausted, notRun };
}

/** The benchmark's `play`: one query with the run's agent, scored into metrics and a record. */
export async function playToolscanEpisode(input: EpisodeInput<ToolscanCase>): Promise<EpisodeResult<ToolscanRecord>> {
  const settings = settingsFrom(input.options);
  const played = await playQuery(input.case, input.agent, settings, {
    trial: input.trial,
    signal: input.signal,
    ...(input.limits.maxMessages === undefined ? {} : { maxMessages: input.limits.maxMessages }),
  });
  return scoredEpisode(input.case, settings, played);
}

/**
 * The benchmark's `rescore`: the stored trajectory counted again under the options' settings (the
 * reference's counting or the default; what is played — feedback, output format, steps — stays as stored).
 */
export async function rescoreToolscanEpisode(
  input: RescoreInput<ToolscanCase, ToolscanRecord>,
): Promise<EpisodeResult<ToolscanRecord>> {
  const { trajectory, budgetExhausted, callsNotRun } = input.record;
  // Only the counting comes from the options; feedback matters to the reference's counting (it runs
  // rejected calls when feedback is off), so it is the one the episode was played with.
  const { reference: _storedCounting, ...played } = input.record.settings;
  const settings = { ...played, ...(settingsFrom(input.options).reference ? { reference: true } : {}) };
  return scoredEpisode(input.case, settings, {
    trajectory,
    budgetExhausted,
    notRun: callsNotRun ?? [],
  });
}

/** A played query scored into its metrics and record. */
function scoredEpisode(
  item: ToolscanCase,
  settings: ToolscanSettings,
  played: PlayedEpisode,
): EpisodeResult<ToolscanRecord> {
  const { trajectory } = played;
  const score = scoreEpisode(trajectory, item.query, item.environment, settings);
  const record: ToolscanRecord = {
    formatVersion: TOOLSCAN_RECORD_VERSION,
    queryId: item.id,
    environment: item.environment,
    settings,
    budgetExhausted: played.budgetExhausted,
    callsNotRun: played.notRun,
    trajectory,
    score,
  };
  if (trajectory.termination.type === 'infrastructure-failure') {
    return { status: 'failed', error: trajectory.termination.message, metrics: {}, labels: item.labels, record };
  }
  return {
    status: 'scored',
    metrics: {
      success: score.success ? 1 : 0,
      ...score.scores,
      call_precision: score.callPrecision,
      no_IFN: score.counts.IFN === 0 ? 1 : 0,
      calls: score.calls,
      steps: stepsTaken(trajectory.messages),
    },
    labels: item.labels,
    record,
  };
}
