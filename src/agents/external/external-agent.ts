import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { renderOutcome } from '../../engine/index.js';
import { conversationFor } from '../../models/conversation-to-model.js';
import { chatCompletionsBody } from '../../models/providers/chat-completions-wire.js';
import {
  type Agent,
  InfrastructureError,
  type Message,
  type ModelAdapter,
  type ToolCall,
  type ToolSchema,
  type Turn,
  type TurnRequest,
} from '../../spec/index.js';
import type { ConversationChannel, OpenChannel, WireMessage } from './conversation-channel.js';
import { type EpisodeToolServer, type McpToolCallRequest, startEpisodeToolServer } from './mcp-tool-server.js';
import { type ModelProxy, startModelProxy } from './model-proxy.js';

/** The time limits and bounds of an external agent's episodes. */
export interface ExternalAgentLimits {
  /** Longest wait for the agent's next tool call or reply (ms). */
  readonly turnMs: number;
  /** Longest conversation, from the agent's start (ms). */
  readonly episodeMs: number;
  /** Most tool calls waiting for their results at once; more is a flood and fails the episode. */
  readonly callsInFlight: number;
  /** Most tool calls in one conversation; more fails the episode. */
  readonly callsPerConversation: number;
}

export const DEFAULT_EXTERNAL_AGENT_LIMITS: ExternalAgentLimits = {
  turnMs: 120_000,
  episodeMs: 600_000,
  callsInFlight: 64,
  callsPerConversation: 1000,
};

interface PendingCall {
  readonly call: ToolCall;
  resolve(result: CallToolResult): void;
}

type Event =
  | { readonly type: 'calls'; readonly calls: readonly PendingCall[] }
  | { readonly type: 'reply'; readonly text: string }
  | { readonly type: 'failure'; readonly message: string };

/** A message's identity for telling whether a request continues the conversation the agent is in. */
function signature(message: Message): string {
  switch (message.type) {
    case 'text':
      return `text ${message.sender} ${message.text}`;
    case 'tool-call':
      return `call ${message.sender} ${message.call.id}`;
    case 'tool-result':
      return `result ${message.callId}`;
  }
}

/** The conversation as the agent sees it, in Chat Completions form (what a native agent's model is sent). */
function wireMessages(messages: readonly Message[]): WireMessage[] {
  const body = chatCompletionsBody('agent', { messages: conversationFor('agent', messages), tools: [], settings: {} });
  return body.messages as WireMessage[];
}

/**
 * One conversation: the agent's channel, its MCP server, and the calls it made that wait for results.
 */
class Conversation {
  readonly known: string[] = [];
  readonly pending = new Map<string, PendingCall>();
  private queued: PendingCall[] = [];
  private flushing = false;
  private waiter: ((event: Event) => void) | undefined;
  private failure: string | undefined;
  private callCount = 0;
  private readonly usedIds = new Set<string>();
  reply: Promise<Event> | undefined;
  tools: readonly ToolSchema[] = [];
  channel: ConversationChannel | undefined;
  server: EpisodeToolServer | undefined;
  proxy: ModelProxy | undefined;
  readonly deadline: number;
  readonly cancel = new AbortController();

  constructor(
    readonly id: string,
    private readonly limits: ExternalAgentLimits,
  ) {
    this.deadline = Date.now() + limits.episodeMs;
  }

  /** A `tools/call` from the agent: queued for the next turn; answered once the executor has run it. */
  call(request: McpToolCallRequest): Promise<CallToolResult> {
    if (this.failure || this.cancel.signal.aborted) return Promise.resolve(notRun('the episode is over'));
    this.callCount += 1;
    const inFlight = this.pending.size + this.queued.length;
    if (inFlight >= this.limits.callsInFlight || this.callCount > this.limits.callsPerConversation) {
      this.fail(
        inFlight >= this.limits.callsInFlight
          ? `the agent flooded the tools: more than ${this.limits.callsInFlight} calls at once`
          : `the agent made more than ${this.limits.callsPerConversation} tool calls in one conversation`,
      );
      return Promise.resolve(notRun('too many calls'));
    }
    let id = request.callId ?? `mcp-${this.callCount}`;
    while (this.usedIds.has(id)) id = `${id}-${this.callCount}`;
    this.usedIds.add(id);
    return new Promise((resolve) => {
      const args = request.rawArguments ?? request.arguments;
      this.queued.push({ call: { id, name: request.name, arguments: args }, resolve });
      if (!this.flushing) {
        this.flushing = true;
        // Calls that arrive together (one JSON-RPC batch, or concurrent requests) are one batch.
        setImmediate(() => this.flush());
      }
    });
  }

  /** Hands the queued calls to the turn waiting for them, as one batch. */
  private flush(): void {
    this.flushing = false;
    if (!this.waiter || this.queued.length === 0) return;
    const calls = this.queued;
    this.queued = [];
    for (const pending of calls) this.pending.set(pending.call.id, pending);
    this.deliver({ type: 'calls', calls });
  }

  fail(message: string): void {
    this.failure ??= message;
    this.deliver({ type: 'failure', message });
  }

  private deliver(event: Event): void {
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.(event);
  }

  /** The agent's next action: a batch of calls, its reply, or why it failed; bounded by the time limits. */
  next(signal: AbortSignal | undefined): Promise<Event> {
    if (this.failure) return Promise.resolve({ type: 'failure', message: this.failure });
    const wait = Math.min(this.limits.turnMs, this.deadline - Date.now());
    if (wait <= 0) return Promise.resolve({ type: 'failure', message: this.timeoutMessage() });
    return new Promise<Event>((resolve) => {
      const timer = setTimeout(() => {
        const message =
          wait === this.limits.turnMs
            ? `the agent neither called a tool nor replied within ${this.limits.turnMs / 1000} s`
            : this.timeoutMessage();
        this.fail(message);
      }, wait);
      const onAbort = () => this.fail('the episode was cancelled');
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiter = (event) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve(event);
      };
      this.reply?.then((event) => {
        if (this.waiter) this.deliver(event);
      });
      if (this.queued.length > 0 && !this.flushing) this.flush();
    });
  }

  private timeoutMessage(): string {
    return `the agent's conversation took longer than its limit of ${this.limits.episodeMs / 1000} s`;
  }

  async close(): Promise<void> {
    this.failure ??= 'the episode is over';
    this.cancel.abort();
    for (const pending of [...this.pending.values(), ...this.queued]) pending.resolve(notRun('the episode is over'));
    this.pending.clear();
    this.queued = [];
    await Promise.all([this.channel?.close(), this.server?.close(), this.proxy?.close()]);
  }
}

function notRun(why: string): CallToolResult {
  return { content: [{ type: 'text', text: `Error (not-run): ${why}; the call was not run.` }], isError: true };
}

/**
 * An agent that is another process or service: toolgauge serves it the episode's tools over MCP and
 * plays its part of the conversation through a {@link ConversationChannel}. Each `tools/call` becomes a
 * tool-call turn of this agent, so the benchmark's own executor runs it (the trajectory, the world and the
 * scores are those of a native agent making the same calls), and the result on the bus answers the MCP
 * request. A request that does not continue the conversation (a benchmark that replays turns starts each
 * from its recorded history) starts a new conversation. A crash, a hang, malformed output or a flood of
 * calls ends the episode as an infrastructure failure naming it (not scored; a resume plays it again).
 */
export class ExternalAgent implements Agent {
  private conversation: Conversation | undefined;
  private conversations = 0;

  constructor(
    readonly name: string,
    private readonly episode: string,
    private readonly open: OpenChannel,
    private readonly limits: ExternalAgentLimits = DEFAULT_EXTERNAL_AGENT_LIMITS,
    /** The model the agent is served on an OpenAI-compatible proxy (`--model`), metered and cached by the run. */
    private readonly model?: ModelAdapter,
  ) {}

  async respond(request: TurnRequest): Promise<Turn> {
    let conversation = this.conversation;
    if (!conversation || !continues(conversation, request.messages)) {
      await this.conversation?.close();
      conversation = await this.start();
    }
    conversation.tools = request.tools;
    const fresh = request.messages.slice(conversation.known.length);
    conversation.known.push(...fresh.map(signature));
    const onBus = new Set(fresh.flatMap((message) => (message.type === 'tool-call' ? [message.call.id] : [])));
    for (const message of fresh) {
      if (message.type !== 'tool-result') continue;
      const pending = conversation.pending.get(message.callId);
      if (!pending) continue;
      conversation.pending.delete(message.callId);
      pending.resolve({
        content: [{ type: 'text', text: renderOutcome(message.outcome) }],
        isError: message.outcome.type === 'error',
      });
    }
    // Calls the benchmark did not run (a cap, or calls after a final answer) are told so.
    for (const [id, pending] of conversation.pending) {
      if (onBus.has(id)) continue;
      conversation.pending.delete(id);
      pending.resolve(notRun('the benchmark did not run this call'));
    }
    if (!conversation.reply) conversation.reply = this.ask(conversation, request.messages);
    const event = await conversation.next(request.signal);
    if (event.type === 'failure') {
      const failed = conversation;
      this.conversation = undefined;
      await failed.close();
      throw new InfrastructureError(`${this.name}: ${event.message}`);
    }
    if (event.type === 'reply') {
      conversation.reply = undefined;
      return { type: 'text', text: event.text };
    }
    return { type: 'tool-calls', calls: event.calls.map((pending) => pending.call) };
  }

  /** Ends the agent's conversation: its process, its MCP server. */
  async close(): Promise<void> {
    const conversation = this.conversation;
    this.conversation = undefined;
    await conversation?.close();
  }

  private async start(): Promise<Conversation> {
    this.conversations += 1;
    const id = this.conversations === 1 ? this.episode : `${this.episode}/${this.conversations}`;
    const conversation = new Conversation(id, this.limits);
    this.conversation = conversation;
    try {
      conversation.server = await startEpisodeToolServer({
        name: id,
        tools: () => conversation.tools,
        call: (call) => conversation.call(call),
      });
      if (this.model) conversation.proxy = await startModelProxy(this.model);
      conversation.channel = await this.open({
        episode: id,
        mcpUrl: conversation.server.url,
        ...(conversation.proxy ? { modelBaseUrl: conversation.proxy.baseUrl } : {}),
      });
    } catch (error) {
      this.conversation = undefined;
      await conversation.close();
      throw new InfrastructureError(
        `${this.name}: cannot start the agent: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return conversation;
  }

  private ask(conversation: Conversation, messages: readonly Message[]): Promise<Event> {
    const last = [...messages].reverse().find((message) => message.type === 'text' && message.sender !== 'agent');
    const channel = conversation.channel;
    if (!channel) return Promise.resolve({ type: 'failure', message: 'the agent has no conversation channel' });
    return channel
      .ask(
        {
          type: 'user',
          episode: conversation.id,
          content: last?.type === 'text' ? last.text : '',
          messages: wireMessages(messages),
        },
        conversation.cancel.signal,
      )
      .then(
        (text): Event => ({ type: 'reply', text }),
        (error: unknown): Event => ({
          type: 'failure',
          message: error instanceof Error ? error.message : String(error),
        }),
      );
  }
}

function continues(conversation: Conversation, messages: readonly Message[]): boolean {
  if (messages.length < conversation.known.length) return false;
  return conversation.known.every((known, index) => signature(messages[index] as Message) === known);
}
