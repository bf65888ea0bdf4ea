/**
 * ToolTalk's replay protocol (paper §3): each assistant turn of the ground truth is played on its own.
 * The world is reset to the databases (and the user's starting login), the ground-truth calls of the
 * earlier turns are run again, and the agent sees the ground-truth history — the user's texts, the
 * earlier ground-truth calls with their recorded results, and the assistant's texts — then acts on the
 * live world until it answers in text. Its calls are the turn's predictions; the next turn starts from
 * the ground truth again, so a mistake never carries over.
 *
 * Unlike the reference, a turn has a cap on calls (`maxCallsPerTurn`); hitting it ends the turn without
 * a reply and is recorded.
 */

import { type StartingSession, worldFromDatabases } from '../../domains/tooltalk/index.js';
import { computeDiagnostics, MessageBus } from '../../engine/index.js';
import type {
  Agent,
  Message,
  NewMessage,
  TerminationReason,
  ToolOutcome,
  ToolSchema,
  ToolTrace,
  Trajectory,
} from '../../spec/index.js';
import { isInfrastructureError, TRAJECTORY_FORMAT_VERSION } from '../../spec/index.js';
import { EpisodeClock, type WorldSnapshot, WorldTimeline } from '../../world/index.js';
import { type ApiCallRecord, ToolTalkCallExecutor } from './call-executor.js';
import type { ComparisonMode } from './comparators.js';
import type { ConversationFile, RecordedCall } from './conversation-file.js';

export interface ReplayOptions {
  readonly mode: ComparisonMode;
  readonly tools: readonly ToolSchema[];
  readonly maxCallsPerTurn: number;
  readonly signal?: AbortSignal;
}

export interface ReplayedTurn {
  /** Index of the assistant turn in the conversation file. */
  readonly turnIndex: number;
  readonly predictions: readonly ApiCallRecord[];
  /** The agent's closing text, or null when the turn ended otherwise (cap, failure). */
  readonly reply: string | null;
  readonly callCapHit: boolean;
  readonly termination: TerminationReason;
  readonly trajectory: Trajectory;
}

export interface ReplayedConversation {
  readonly turns: readonly ReplayedTurn[];
  /** Set when something outside the agent broke (the episode is then not scored). */
  readonly infrastructureFailure?: string;
}

/** The clock of a conversation: its metadata timestamp, read as a naive time (UTC, no zone shifts). */
export function conversationClock(conversation: ConversationFile): EpisodeClock {
  return EpisodeClock.fromIso(`${conversation.metadata.timestamp.replace(' ', 'T')}Z`, 'UTC');
}

export function startingSession(conversation: ConversationFile): StartingSession {
  const { user } = conversation;
  return {
    username: user.username,
    ...(user.session_token === undefined ? {} : { sessionToken: user.session_token }),
    ...(user.verification_code === undefined ? {} : { verificationCode: user.verification_code }),
  };
}

/** The world before an assistant turn: databases, starting login, earlier ground-truth calls replayed. */
export async function worldBeforeTurn(
  conversation: ConversationFile,
  databases: Parameters<typeof worldFromDatabases>[0],
  history: readonly RecordedCall[],
  executor: ToolTalkCallExecutor,
): Promise<WorldSnapshot> {
  let world = worldFromDatabases(databases, startingSession(conversation));
  for (const [position, call] of history.entries()) {
    const outcome = await executor.execute(
      { id: `replay-${position}`, name: call.request.api_name, arguments: call.request.parameters },
      world,
    );
    world = outcome.world;
  }
  return world;
}

/**
 * What the model is told about the conversation (the facts the reference's prompt gives: location, time
 * and user). It is the same for every turn of a conversation, so a wire request of any turn starts with
 * the same messages (the reference server recognises a case by them); the user is named as the one
 * logged in when the conversation started, which stays true when someone logs in later.
 */
export function systemPrompt(conversation: ConversationFile): string {
  return [
    'You help the user manage their account, alarms, calendar, email, messages and reminders, and look up the weather.',
    `The user is in: ${conversation.metadata.location}`,
    `The current date and time: ${conversation.metadata.timestamp}`,
    `Logged in when the conversation started: ${conversation.metadata.username ?? 'nobody'}`,
  ].join('\n');
}

function recordedOutcome(call: RecordedCall): ToolOutcome {
  return call.exception === null
    ? { type: 'result', value: call.response ?? null }
    : { type: 'error', error: { kind: 'invalid-value', message: call.exception } };
}

/** The call's arguments as a model sees them: the injected session token is never shown. */
function shownArguments(call: RecordedCall): Record<string, unknown> {
  const { session_token: _token, ...rest } = call.request.parameters;
  return rest;
}

export async function replayConversation(
  caseId: string,
  conversation: ConversationFile,
  databases: Parameters<typeof worldFromDatabases>[0],
  agent: Agent,
  options: ReplayOptions,
): Promise<ReplayedConversation> {
  const turns: ReplayedTurn[] = [];
  const history: RecordedCall[] = [];
  for (const [turnIndex, turn] of conversation.conversation.entries()) {
    if (turn.role === 'user') continue;
    const replayed = await replayTurn(caseId, conversation, databases, agent, options, turnIndex, history);
    if ('infrastructureFailure' in replayed) return { turns, infrastructureFailure: replayed.infrastructureFailure };
    turns.push(replayed);
    history.push(...(turn.apis ?? []));
  }
  return { turns };
}

async function replayTurn(
  caseId: string,
  conversation: ConversationFile,
  databases: Parameters<typeof worldFromDatabases>[0],
  agent: Agent,
  options: ReplayOptions,
  turnIndex: number,
  history: readonly RecordedCall[],
): Promise<ReplayedTurn | { infrastructureFailure: string }> {
  const startedAt = new Date();
  const clock = conversationClock(conversation);
  const executor = new ToolTalkCallExecutor(clock, options.mode);
  const initial = await worldBeforeTurn(conversation, databases, history, executor);
  const bus = new MessageBus();
  const timeline = new WorldTimeline(initial);
  const traces: ToolTrace[] = [];
  let world = initial;
  let batch = 0;
  const append = (message: NewMessage, after: WorldSnapshot = world) => {
    const appended = bus.append(message);
    const diff = timeline.record(appended.index, after);
    return { appended, diff };
  };

  append({
    type: 'text',
    sender: 'system',
    recipient: 'agent',
    text: systemPrompt(conversation),
    seeded: true,
  });
  let callNumber = 0;
  for (const earlier of conversation.conversation.slice(0, turnIndex)) {
    if (earlier.role === 'user') {
      append({ type: 'text', sender: 'user', recipient: 'agent', text: earlier.text, seeded: true });
      continue;
    }
    batch += 1;
    for (const call of earlier.apis ?? []) {
      const id = `truth-${callNumber++}`;
      const name = call.request.api_name;
      append({
        type: 'tool-call',
        sender: 'agent',
        recipient: 'executor',
        call: { id, name, arguments: shownArguments(call) },
        batch,
        seeded: true,
      });
      append({
        type: 'tool-result',
        sender: 'executor',
        recipient: 'agent',
        callId: id,
        toolName: name,
        outcome: recordedOutcome(call),
        batch,
        seeded: true,
      });
    }
    append({ type: 'text', sender: 'agent', recipient: 'user', text: earlier.text, seeded: true });
  }
  const firstEpisodeMessage = bus.length;

  const predictions: ApiCallRecord[] = [];
  let reply: string | null = null;
  let callCapHit = false;
  let termination: TerminationReason | undefined;
  while (!termination) {
    if (options.signal?.aborted) return { infrastructureFailure: 'the episode was cancelled' };
    let response: Awaited<ReturnType<Agent['respond']>>;
    try {
      response = await agent.respond({
        messages: bus.view('agent'),
        tools: options.tools,
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      const message = `${agent.name}: ${error instanceof Error ? error.message : String(error)}`;
      if (isInfrastructureError(error)) return { infrastructureFailure: message };
      termination = { type: 'agent-failure', message };
      break;
    }
    if (response.type === 'text' || response.calls.length === 0) {
      reply = response.type === 'text' ? response.text : '';
      append({ type: 'text', sender: 'agent', recipient: 'user', text: reply });
      termination = { type: 'user-ended' };
      break;
    }
    batch += 1;
    for (const [position, call] of response.calls.entries()) {
      if (predictions.length >= options.maxCallsPerTurn) {
        callCapHit = true;
        termination = { type: 'max-messages', limit: options.maxCallsPerTurn };
        break;
      }
      const id = call.id || `call-${bus.length}-${position}`;
      const { appended: callMessage } = append({
        type: 'tool-call',
        sender: 'agent',
        recipient: 'executor',
        call: { ...call, id },
        batch,
      });
      const executed = await executor.execute({ ...call, id }, world);
      world = executed.world;
      predictions.push(executed.record);
      const { appended: resultMessage, diff } = append(
        {
          type: 'tool-result',
          sender: 'executor',
          recipient: 'agent',
          callId: id,
          toolName: call.name,
          outcome: executed.outcome,
          batch,
        },
        world,
      );
      traces.push({
        callId: id,
        caller: 'agent',
        callMessageIndex: callMessage.index,
        resultMessageIndex: resultMessage.index,
        requestedName: call.name,
        toolName: executed.toolName,
        arguments: executed.record.request.parameters ?? (typeof call.arguments === 'string' ? call.arguments : {}),
        outcome: executed.outcome,
        worldDiff: diff,
      });
    }
    if (!termination && predictions.length >= options.maxCallsPerTurn) {
      callCapHit = true;
      termination = { type: 'max-messages', limit: options.maxCallsPerTurn };
    }
  }

  const endedAt = new Date();
  const worldChanges = timeline.changes();
  const trajectory: Trajectory = {
    formatVersion: TRAJECTORY_FORMAT_VERSION,
    episodeId: `${caseId}#turn-${turnIndex}`,
    caseId,
    agent: agent.name,
    user: 'tooltalk-ground-truth',
    seed: `tooltalk/${caseId}/${turnIndex}`,
    clock: { now: clock.now(), timeZone: clock.timeZone },
    initialWorld: initial.toRecord(),
    messages: [...bus.all()] as Message[],
    firstEpisodeMessage,
    worldChanges,
    traces,
    diagnostics: computeDiagnostics(traces, worldChanges),
    termination,
    timing: {
      startedAt: startedAt.toISOString(),
      endedAt: endedAt.toISOString(),
      durationMs: endedAt.getTime() - startedAt.getTime(),
    },
  };
  return { turnIndex, predictions, reply, callCapHit, termination, trajectory };
}
