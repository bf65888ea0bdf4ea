/**
 * The `recorded` agent: it replays, turn by turn, the predictions the reference's `evaluate_openai.py`
 * wrote into its `--output_dir` (one file per conversation: the conversation with each assistant turn's
 * `predictions` — api calls, then the closing assistant text — and, after evaluation, the conversation's
 * `metrics`). The calls are made again with their recorded arguments and the recorded text closes the
 * turn, so toolgauge executes and scores them in either mode; the reference's own `metrics` are kept to be
 * shown beside toolgauge's.
 *
 * A conversation's file is looked for as `<folder>/<subset folder>/<name>.json` (the data's layout) and
 * then `<folder>/<name>.json` (one `--output_dir` for everything). A file that is missing, does not parse,
 * or holds another conversation than the data's (other turns, texts or ground-truth calls) fails that
 * episode, with a message naming the file; the other episodes play.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { TOOLTALK_TOOLS_BY_NAME } from '../../domains/tooltalk/index.js';
import { type Agent, type BenchmarkOptionValues, InfrastructureError } from '../../spec/index.js';
import type { ConversationMetrics } from './conversation-evaluation.js';
import { fieldPath } from './conversation-file.js';
import { type PlannedCall, plannedTurn, type TurnPlan } from './oracle-agent.js';
import { REFERENCE_METRIC_NAMES } from './reference-metric-names.js';
import type { ToolTalkCase } from './tooltalk-case.js';
import { toolTalkSettings } from './tooltalk-options.js';
import type { ReferenceMetricsRecord } from './tooltalk-record.js';

/** What the agent sends for a call whose arguments the reference could not parse (`parameters: null`). */
export const UNPARSED_RECORDED_ARGUMENTS = '(arguments the reference could not parse as JSON)';

const predictionSchema = z.discriminatedUnion('role', [
  z.object({
    role: z.literal('api'),
    request: z.object({ api_name: z.string(), parameters: z.record(z.string(), z.unknown()).nullable() }),
  }),
  z.object({ role: z.literal('assistant'), text: z.string().nullable() }),
]);

const outputFileSchema = z.object({
  conversation_id: z.string().optional(),
  conversation: z.array(
    z.object({
      role: z.string(),
      text: z.string().nullable().optional(),
      apis: z.array(z.object({ request: z.object({ api_name: z.string(), parameters: z.unknown() }) })).optional(),
      predictions: z.array(predictionSchema).optional(),
    }),
  ),
  metrics: z.record(z.string(), z.union([z.number(), z.boolean()])).optional(),
});

export type RecordedConversation =
  | {
      readonly ok: true;
      readonly file: string;
      readonly plan: TurnPlan;
      /** The file's `metrics` (null when it has none: written with `--modes predict`). */
      readonly metrics: Readonly<Record<string, number | boolean>> | null;
    }
  | { readonly ok: false; readonly problem: string };

/** The reference output file of a case in a folder, or where it was looked for. */
export function recordedFileOf(folder: string, item: ToolTalkCase): { file: string } | { tried: string[] } {
  const tried = [...new Set([join(folder, item.file), join(folder, basename(item.file))])];
  const file = tried.find((path) => existsSync(path));
  return file ? { file } : { tried };
}

/** Reads a case's reference output file and checks it holds the case's conversation. */
export function readRecordedConversation(folder: string, item: ToolTalkCase): RecordedConversation {
  const found = recordedFileOf(folder, item);
  if ('tried' in found) {
    return { ok: false, problem: `no reference output for ${item.id}: neither ${found.tried.join(' nor ')} exists` };
  }
  const { file } = found;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { ok: false, problem: `${file} is not valid JSON: ${error instanceof Error ? error.message : error}` };
  }
  const parsed = outputFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, problem: `${file}: ${fieldPath(issue?.path ?? []) || '(file)'}: ${issue?.message}` };
  }
  const problem = (field: string, message: string) => ({
    ok: false as const,
    problem: `${file}: ${field}: ${message}`,
  });
  const recorded = parsed.data;
  const original = item.conversation;
  if (recorded.conversation_id !== undefined && recorded.conversation_id !== original.conversation_id) {
    return problem(
      'conversation_id',
      `is ${recorded.conversation_id}, not ${original.conversation_id} (${item.file}): another conversation`,
    );
  }
  if (recorded.conversation.length !== original.conversation.length) {
    return problem(
      'conversation',
      `has ${recorded.conversation.length} turns, ${item.file} has ${original.conversation.length}: another conversation`,
    );
  }
  const calls: PlannedCall[][] = [];
  const texts: string[] = [];
  for (const [index, turn] of original.conversation.entries()) {
    const field = `conversation[${index}]`;
    const written = recorded.conversation[index];
    if (!written) return problem(field, 'is missing');
    if (written.role !== turn.role || written.text !== turn.text) {
      return problem(field, `is not turn ${index} of ${item.file} (role or text differs)`);
    }
    const truth = (turn.apis ?? []).map((call) => call.request);
    if (!isDeepStrictEqual((written.apis ?? []).map((call) => call.request) ?? [], truth)) {
      return problem(`${field}.apis`, `differ from the ground truth of ${item.file}`);
    }
    if (turn.role !== 'assistant') continue;
    const predictions = written.predictions;
    const closing = predictions?.at(-1);
    if (!predictions || closing?.role !== 'assistant') {
      return problem(`${field}.predictions`, 'must end with the assistant text (the reference writes one per turn)');
    }
    const turnCalls: PlannedCall[] = [];
    for (const [position, prediction] of predictions.slice(0, -1).entries()) {
      if (prediction.role !== 'api') {
        return problem(`${field}.predictions[${position}]`, 'an assistant text before the last prediction');
      }
      turnCalls.push(recordedCall(prediction.request));
    }
    calls.push(turnCalls);
    texts.push(closing.text ?? '');
  }
  return { ok: true, file, plan: { calls, texts }, metrics: recorded.metrics ?? null };
}

/**
 * A recorded request as the agent sends it: the reference's executor wrote the session token it injected
 * into the parameters of tools that need a login, and toolgauge's executor injects it again.
 */
function recordedCall(request: { api_name: string; parameters: Record<string, unknown> | null }): PlannedCall {
  if (request.parameters === null) return { name: request.api_name, arguments: UNPARSED_RECORDED_ARGUMENTS };
  const { session_token: _token, ...shown } = request.parameters;
  return {
    name: request.api_name,
    arguments: TOOLTALK_TOOLS_BY_NAME.get(request.api_name)?.requiresAuth ? shown : request.parameters,
  };
}

const recordedByAgent = new WeakMap<Agent, RecordedConversation & { ok: true }>();

/** The `recorded` agent of a case (every episode fails with the problem when the file is not usable). */
export function recordedAgent(item: ToolTalkCase, options: BenchmarkOptionValues): Agent {
  const folder = toolTalkSettings(options).recordedFolder;
  const recorded: RecordedConversation = folder
    ? readRecordedConversation(folder, item)
    : { ok: false, problem: "--agent recorded needs --tooltalk-recorded <folder> (the reference's --output_dir)" };
  const cap = toolTalkSettings(options).maxCallsPerTurn;
  const longest = recorded.ok ? Math.max(0, ...recorded.plan.calls.map((turn) => turn.length)) : 0;
  const problem = recorded.ok
    ? longest > cap
      ? `${recorded.file} has a turn of ${longest} calls, over --tooltalk-max-calls ${cap} (the reference has no cap): raise it to replay them all`
      : undefined
    : recorded.problem;
  const agent: Agent = {
    name: 'tooltalk-recorded',
    async respond(request) {
      if (problem !== undefined) throw new InfrastructureError(problem);
      if (!recorded.ok) throw new InfrastructureError('no recorded predictions');
      return plannedTurn(recorded.plan, request.messages);
    },
  };
  if (recorded.ok && problem === undefined) recordedByAgent.set(agent, recorded);
  return agent;
}

/** The reference output an episode's agent replays, when it is the `recorded` agent. */
export function recordedReferenceOf(agent: Agent): Pick<ReferenceMetricsRecord, 'file' | 'metrics'> | undefined {
  const recorded = recordedByAgent.get(agent);
  return recorded ? { file: recorded.file, metrics: recorded.metrics } : undefined;
}

/**
 * The reference's metrics beside toolgauge's: the ones that differ (compared exactly, as both compute the
 * same ratios of the same counts), or null when the file has no metrics. A metric the file lacks is not
 * compared.
 */
export function referenceComparison(
  reference: Pick<ReferenceMetricsRecord, 'file' | 'metrics'>,
  ours: ConversationMetrics,
): ReferenceMetricsRecord {
  const { metrics } = reference;
  if (metrics === null) return { ...reference, differences: null };
  const differences: string[] = [];
  for (const [name, field] of REFERENCE_METRIC_NAMES) {
    const theirs = metrics[name];
    if (theirs === undefined) continue;
    const mine = ours[field];
    if (Number(theirs) !== Number(mine)) differences.push(`${name}: toolgauge ${mine}, reference ${theirs}`);
  }
  return { ...reference, differences };
}
