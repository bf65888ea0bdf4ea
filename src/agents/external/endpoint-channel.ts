import { ReplyTooLargeError, readAtMost } from '../../models/providers/bounded-fetch.js';
import {
  type ConversationChannel,
  type ConversationSession,
  ExternalAgentFailure,
  type OpenChannel,
  type UserTurn,
} from './conversation-channel.js';

/** The largest reply body read from an agent service. */
const MAX_REPLY_BYTES = 4 * 1024 * 1024;

/**
 * `--agent endpoint:http://host:port/path`: a long-running agent service. Each user turn is a `POST` of
 * the turn (`{"type":"user","episode":…,"mcpUrl":…,"content":…,"messages":[…]}`) whose response is the
 * reply (`{"type":"reply","content":"…"}`); at the end of a conversation toolgauge posts
 * `{"type":"end","episode":…}` (its answer is not read). The service calls the episode's tools on the
 * MCP server named in each turn while it answers.
 */
export function endpointChannel(url: string): OpenChannel {
  return async (session) => new EndpointChannel(url, session);
}

class EndpointChannel implements ConversationChannel {
  constructor(
    private readonly url: string,
    private readonly session: ConversationSession,
  ) {}

  async ask(turn: UserTurn, signal: AbortSignal): Promise<string> {
    const body = {
      ...turn,
      mcpUrl: this.session.mcpUrl,
      ...(this.session.modelBaseUrl ? { modelBaseUrl: this.session.modelBaseUrl } : {}),
    };
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
    } catch (error) {
      throw new ExternalAgentFailure(
        `the agent service at ${this.url} did not answer: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const text = await readBounded(response);
    if (!response.ok) {
      throw new ExternalAgentFailure(
        `the agent service answered HTTP ${response.status}: ${text.slice(0, 200) || response.statusText}`,
      );
    }
    let reply: unknown;
    try {
      reply = JSON.parse(text);
    } catch {
      throw new ExternalAgentFailure(`the agent service's answer is not JSON: ${JSON.stringify(text.slice(0, 200))}`);
    }
    const record = reply && typeof reply === 'object' ? (reply as Record<string, unknown>) : undefined;
    if (record?.type !== 'reply' || typeof record.content !== 'string') {
      throw new ExternalAgentFailure(
        `the agent service's answer is not {"type":"reply","content":"<text>"}: ${text.slice(0, 200)}`,
      );
    }
    return record.content;
  }

  async close(): Promise<void> {
    await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'end', episode: this.session.episode }),
      signal: AbortSignal.timeout(2000),
    })
      .then((response) => response.body?.cancel())
      .catch(() => {});
  }
}

async function readBounded(response: Response): Promise<string> {
  if (!response.body) return '';
  try {
    return (await readAtMost(response.body, MAX_REPLY_BYTES)).toString('utf8');
  } catch (error) {
    if (!(error instanceof ReplyTooLargeError)) throw error;
    throw new ExternalAgentFailure(`the agent service's answer is longer than ${MAX_REPLY_BYTES} bytes`);
  }
}
