/**
 * How toolgauge talks with an external agent about the conversation (the tools go over MCP): it gives
 * the agent each user turn and receives its reply. Two channels implement it: a process per conversation
 * speaking newline-delimited JSON on stdin/stdout (`--agent command:…`), and a long-running HTTP service
 * (`--agent endpoint:…`).
 */

/** A chat message in the OpenAI Chat Completions form (`role`, `content`, `tool_calls`, `tool_call_id`). */
export type WireMessage = Readonly<Record<string, unknown>>;

/** What toolgauge sends the agent when it is the agent's turn to answer a user (or a prompt). */
export interface UserTurn {
  readonly type: 'user';
  /** The conversation's id (unique within the run: episode, and for several conversations per episode, its number). */
  readonly episode: string;
  /** The latest text addressed to the agent (the user's turn, or the prompt's last message). */
  readonly content: string;
  /**
   * The whole conversation as the agent sees it so far, in Chat Completions form: system prompt, earlier
   * turns (a benchmark may seed history, e.g. replayed turns), the agent's own calls and results as
   * toolgauge recorded them, and this turn's user message last. An agent may send it to its model as is.
   */
  readonly messages: readonly WireMessage[];
}

/** Why a conversation failed (the episode fails with it; a resume plays it again). */
export class ExternalAgentFailure extends Error {
  override readonly name = 'ExternalAgentFailure';
}

/** One conversation with the external agent. */
export interface ConversationChannel {
  /** Gives the agent a user turn; resolves with its reply, rejects with an {@link ExternalAgentFailure}. */
  ask(turn: UserTurn, signal: AbortSignal): Promise<string>;
  /** Tells the agent the conversation is over and releases it (ends its process). Never throws. */
  close(): Promise<void>;
}

/** What a channel is opened with: the episode's ids and the URLs the agent is given. */
export interface ConversationSession {
  readonly episode: string;
  /** The episode's MCP server (Streamable HTTP). */
  readonly mcpUrl: string;
  /** The OpenAI-compatible base URL the agent may point its model client at, when toolgauge serves one. */
  readonly modelBaseUrl?: string;
}

export type OpenChannel = (session: ConversationSession) => Promise<ConversationChannel>;

/** The environment variables an agent process is started with (documented in docs/own-agent.md). */
export function agentEnvironment(session: ConversationSession): Record<string, string> {
  return {
    TOOLGAUGE_MCP_URL: session.mcpUrl,
    TOOLGAUGE_EPISODE_ID: session.episode,
    TOOLGAUGE_CONVERSATION: 'stdio',
    ...(session.modelBaseUrl ? { TOOLGAUGE_MODEL_BASE_URL: session.modelBaseUrl } : {}),
  };
}
