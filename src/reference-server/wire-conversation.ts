import type { JsonSchema, ReferenceCall, ReferenceMessage, ReferenceRequest, ToolSchema, Turn } from '../spec/index.js';

/** A request's conversation in the neutral form benchmarks answer (see `src/spec/reference.ts`). */
export type WireCall = ReferenceCall;
export type WireMessage = ReferenceMessage;
export type WireRequest = ReferenceRequest;

/** A request the server cannot read: answered with HTTP 400 in the provider's error shape. */
export class WireRequestError extends Error {
  override readonly name = 'WireRequestError';
}

/** What the reference model says: a turn, plus whether a fault asks for broken tool-call arguments. */
export interface WireReply {
  readonly turn: Turn;
  readonly malformed: boolean;
}

/** Facts about a reply that do not come from the turn: ids, model name and token estimates. */
export interface ReplyContext {
  readonly id: string;
  readonly model: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/** One of the provider protocols the server speaks. */
export interface WireFormat {
  readonly name: 'openai' | 'anthropic';
  /** Reads a request body; throws {@link WireRequestError} naming the field when it cannot. */
  parseRequest(body: unknown): WireRequest;
  /** The provider's success body for a reply. */
  reply(reply: WireReply, context: ReplyContext): unknown;
  /** The provider's error body; `kind` is the error class (`invalid-request`, `rate-limit`, `server`, `not-found`). */
  error(kind: WireErrorKind, message: string): unknown;
}

export type WireErrorKind = 'invalid-request' | 'rate-limit' | 'server' | 'not-found';

/** Tool-call arguments in wire form: broken JSON when a `malformed` fault asks for it. */
export function argumentsText(args: Readonly<Record<string, unknown>> | string, malformed: boolean): string {
  const text = typeof args === 'string' ? args : JSON.stringify(args);
  // Cutting the closing brace and adding a dangling comma never parses, whatever the object held.
  return malformed ? `${text.replace(/\}\s*$/, '')},` : text;
}

/** Arguments text from a request's history, parsed when it is JSON. */
export function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** A text field that may be a string, an array of text parts, or absent. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) =>
      typeof part === 'string'
        ? part
        : part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string'
          ? (part as { text: string }).text
          : '',
    )
    .join('');
}

/** A tool as offered, with a missing schema read as an empty argument object. */
export function wireTool(name: string, description: string | undefined, parameters: unknown): ToolSchema {
  const schema: JsonSchema =
    parameters && typeof parameters === 'object' ? (parameters as JsonSchema) : { type: 'object', properties: {} };
  return { name, description: description ?? '', parameters: schema };
}

/** Rough token count (four characters a token), for the usage fields. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The zod issue list of a failed parse, as one line naming the fields. */
export function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
}
