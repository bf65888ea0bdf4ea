import type {
  Agent,
  Message,
  NewMessage,
  Role,
  TerminationReason,
  ToolCall,
  ToolTrace,
  Trajectory,
  TrajectoryEvent,
  Turn,
  User,
} from '../spec/index.js';
import { isInfrastructureError, TRAJECTORY_FORMAT_VERSION } from '../spec/index.js';
import type { ToolSet } from '../tools/tool-set.js';
import { type EpisodeClock, type WorldSnapshot, WorldTimeline } from '../world/index.js';
import { computeDiagnostics } from './diagnostics.js';
import { Executor } from './executor.js';
import { MessageBus } from './message-bus.js';

/** Default limit of new messages per episode, as in the ToolSandbox paper. */
export const DEFAULT_MAX_MESSAGES = 30;

export interface EpisodeSetup {
  readonly episodeId: string;
  readonly caseId?: string;
  readonly agent: Agent;
  readonly user: User;
  /** The tools the agent may call, as it sees them. */
  readonly agentTools: ToolSet;
  /** The user's tools; must include `end_conversation` for the user to end the episode. */
  readonly userTools: ToolSet;
  readonly world: WorldSnapshot;
  readonly clock: EpisodeClock;
  /** Ids and sampled call orders derive from it. */
  readonly seed: string;
  /** Messages placed before the episode starts: system prompts, demonstrations, an opening line. */
  readonly seededMessages?: readonly NewMessage[];
  readonly maxMessages?: number;
  /** Seconds the episode clock moves forward after each new message (default 0: time stands still). */
  readonly secondsPerMessage?: number;
  readonly onEvent?: (event: TrajectoryEvent) => void;
  readonly signal?: AbortSignal;
}

/**
 * Plays one episode and returns its trajectory. The next speaker is always the recipient of the last
 * message: the agent answers the user or calls tools; the executor answers tool calls; the user answers
 * the agent or ends the conversation. The episode ends when the user ends it, when `maxMessages` new
 * messages exist, or when a role fails (recorded as the termination reason, never thrown).
 *
 * Everything the episode touches belongs to it (bus, world timeline, clock, executor), so any number of
 * episodes can run at once in one process.
 */
export async function runEpisode(setup: EpisodeSetup): Promise<Trajectory> {
  return new EpisodeRun(setup).play();
}

class EpisodeRun {
  private readonly bus = new MessageBus();
  private readonly timeline: WorldTimeline;
  private readonly executor: Executor;
  private readonly traces: ToolTrace[] = [];
  private readonly maxMessages: number;
  private firstEpisodeMessage = 0;
  private batchCount = 0;
  private conversationEnded = false;
  /** The world diff of the last appended message. */
  private lastDiff: ToolTrace['worldDiff'] = {};

  constructor(private readonly setup: EpisodeSetup) {
    this.timeline = new WorldTimeline(setup.world);
    this.executor = new Executor({ seed: setup.seed, clock: setup.clock });
    this.maxMessages = setup.maxMessages ?? DEFAULT_MAX_MESSAGES;
  }

  async play(): Promise<Trajectory> {
    const startedAt = new Date();
    const { episodeId, caseId } = this.setup;
    this.emit({ type: 'episode-start', episodeId, ...(caseId === undefined ? {} : { caseId }) });
    for (const message of this.setup.seededMessages ?? []) this.append({ ...message, seeded: true }, { seeded: true });
    this.firstEpisodeMessage = this.bus.length;

    const termination = await this.loop();
    this.emit({ type: 'episode-end', episodeId, termination });
    const endedAt = new Date();
    const worldChanges = this.timeline.changes();
    return {
      formatVersion: TRAJECTORY_FORMAT_VERSION,
      episodeId,
      ...(caseId === undefined ? {} : { caseId }),
      agent: this.setup.agent.name,
      user: this.setup.user.name,
      seed: this.setup.seed,
      clock: { now: this.setup.clock.now(), timeZone: this.setup.clock.timeZone },
      initialWorld: this.timeline.initial.toRecord(),
      messages: [...this.bus.all()],
      firstEpisodeMessage: this.firstEpisodeMessage,
      worldChanges,
      traces: this.traces,
      diagnostics: computeDiagnostics(this.traces, worldChanges),
      termination,
      timing: {
        startedAt: startedAt.toISOString(),
        endedAt: endedAt.toISOString(),
        durationMs: endedAt.getTime() - startedAt.getTime(),
      },
    };
  }

  private async loop(): Promise<TerminationReason> {
    for (;;) {
      if (this.conversationEnded) return { type: 'user-ended' };
      if (this.newMessageCount() >= this.maxMessages) return { type: 'max-messages', limit: this.maxMessages };
      if (this.setup.signal?.aborted) {
        return { type: 'infrastructure-failure', message: 'the episode was cancelled', role: 'system' };
      }
      const speaker = this.bus.last()?.recipient ?? 'user';
      const failure = await this.takeTurn(speaker);
      if (failure) return failure;
    }
  }

  private async takeTurn(speaker: Role): Promise<TerminationReason | undefined> {
    switch (speaker) {
      case 'agent':
        return this.participantTurn('agent', this.setup.agent, this.setup.agentTools, 'user');
      case 'user':
        return this.participantTurn('user', this.setup.user, this.setup.userTools, 'agent');
      case 'executor':
        return this.executorTurn();
      case 'system':
        return {
          type: 'infrastructure-failure',
          message: 'a message is addressed to the system, which never answers; check the seeded messages',
          role: 'system',
        };
    }
  }

  private async participantTurn(
    role: 'agent' | 'user',
    participant: Agent | User,
    tools: ToolSet,
    partner: Role,
  ): Promise<TerminationReason | undefined> {
    let turn: Turn;
    try {
      turn = await participant.respond({
        messages: this.bus.view(role),
        tools: tools.schemas(),
        ...(this.setup.signal ? { signal: this.setup.signal } : {}),
      });
    } catch (error) {
      const message = `${participant.name}: ${error instanceof Error ? error.message : String(error)}`;
      if (role === 'user' || isInfrastructureError(error)) return { type: 'infrastructure-failure', message, role };
      return { type: 'agent-failure', message };
    }
    if (turn.type === 'text' || turn.calls.length === 0) {
      this.append({ type: 'text', sender: role, recipient: partner, text: turn.type === 'text' ? turn.text : '' });
      return undefined;
    }
    const batch = this.batchCount++;
    for (const call of uniqueCallIds(turn.calls, this.bus.length)) {
      if (this.newMessageCount() >= this.maxMessages) break;
      this.append({ type: 'tool-call', sender: role, recipient: 'executor', call, batch });
    }
    return undefined;
  }

  /** Answers the trailing tool calls of one batch that have no result yet. */
  private async executorTurn(): Promise<TerminationReason | undefined> {
    const pending: Extract<Message, { type: 'tool-call' }>[] = [];
    const messages = this.bus.all();
    for (let index = messages.length - 1; index >= 0; index -= 1) {
      const message = messages[index] as Message;
      if (message.type !== 'tool-call' || message.recipient !== 'executor') break;
      if (pending.length > 0 && pending[0]?.batch !== message.batch) break;
      pending.unshift(message);
    }
    const first = pending[0];
    if (!first) {
      return {
        type: 'infrastructure-failure',
        message: 'the executor was addressed without a tool call',
        role: 'executor',
      };
    }
    const caller = first.sender;
    const tools = caller === 'user' ? this.setup.userTools : this.setup.agentTools;
    const result = await this.executor.executeBatch(
      pending.map((message) => message.call),
      tools,
      caller,
      this.timeline.current(),
      `batch-${first.batch}`,
    );
    result.executions.forEach((execution, position) => {
      if (this.newMessageCount() >= this.maxMessages) return;
      const callMessage = pending[result.order[position] ?? -1];
      if (!callMessage) return;
      const resultMessage = this.append(
        {
          type: 'tool-result',
          sender: 'executor',
          recipient: caller,
          callId: execution.call.id,
          toolName: execution.call.name,
          outcome: execution.outcome,
          batch: first.batch,
        },
        { world: execution.worldAfter },
      );
      const trace: ToolTrace = {
        callId: execution.call.id,
        caller,
        callMessageIndex: callMessage.index,
        resultMessageIndex: resultMessage.index,
        requestedName: execution.call.name,
        toolName: execution.toolName,
        arguments: execution.arguments,
        outcome: execution.outcome,
        worldDiff: this.lastDiff,
      };
      this.traces.push(trace);
      this.emit({ type: 'tool-trace', episodeId: this.setup.episodeId, trace });
      if (execution.endedConversation && execution.outcome.type === 'result') this.conversationEnded = true;
    });
    return undefined;
  }

  private append(message: NewMessage, options: { world?: WorldSnapshot; seeded?: boolean } = {}): Message {
    const appended = this.bus.append(message);
    this.lastDiff = this.timeline.record(appended.index, options.world ?? this.timeline.current());
    const { episodeId } = this.setup;
    this.emit({ type: 'message', episodeId, message: appended });
    if (Object.keys(this.lastDiff).length > 0) {
      this.emit({ type: 'world-change', episodeId, messageIndex: appended.index, diff: this.lastDiff });
    }
    if (!options.seeded) this.setup.clock.advance(this.setup.secondsPerMessage ?? 0);
    return appended;
  }

  private newMessageCount(): number {
    return this.bus.length - this.firstEpisodeMessage;
  }

  private emit(event: TrajectoryEvent): void {
    this.setup.onEvent?.(event);
  }
}

/** Gives every call of a batch a distinct, non-empty id (some servers repeat or omit them). */
function uniqueCallIds(calls: readonly ToolCall[], nextIndex: number): ToolCall[] {
  const seen = new Set<string>();
  return calls.map((call, position) => {
    let id = call.id || `call_${nextIndex + position}`;
    while (seen.has(id)) id = `${id}_${position}`;
    seen.add(id);
    return id === call.id ? call : { ...call, id };
  });
}
