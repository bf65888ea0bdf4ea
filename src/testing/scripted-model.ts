import type { ModelAdapter, ModelRequest, ModelResponse, ToolCall } from '../spec/index.js';

/** One scripted reply: text for the user, or tool calls (ids are filled in when left out). */
export type ScriptedReply =
  | string
  | {
      readonly text?: string;
      readonly toolCalls?: readonly (Omit<ToolCall, 'id'> & { readonly id?: string })[];
      readonly error?: Error;
    };

/**
 * A model adapter for tests: answers from a list of replies in order, or from a function of the
 * request. Every request it receives is recorded (frozen) in `requests`. Running out of replies is an
 * error, so a test notices when the agent asked more often than expected.
 */
export class ScriptedModel implements ModelAdapter {
  readonly requests: ModelRequest[] = [];
  private next = 0;

  constructor(
    private readonly script: readonly ScriptedReply[] | ((request: ModelRequest, turn: number) => ScriptedReply),
    readonly id = 'scripted:model',
  ) {}

  async generate(request: ModelRequest): Promise<ModelResponse> {
    const turn = this.next;
    this.next += 1;
    this.requests.push(structuredClone({ ...request, signal: undefined }));
    const reply = typeof this.script === 'function' ? this.script(request, turn) : this.script[turn];
    if (reply === undefined) {
      throw new Error(`ScriptedModel: no reply scripted for request ${turn + 1} (have ${this.requests.length - 1})`);
    }
    if (typeof reply === 'string') return response(reply, []);
    if (reply.error) throw reply.error;
    const toolCalls = (reply.toolCalls ?? []).map((call, index) => ({
      ...call,
      id: call.id ?? `call_${turn}_${index}`,
    }));
    return response(reply.text ?? '', toolCalls);
  }
}

function response(text: string, toolCalls: ToolCall[]): ModelResponse {
  return {
    text,
    toolCalls,
    usage: { inputTokens: 0, outputTokens: 0 },
    finishReason: toolCalls.length > 0 ? 'tool-calls' : 'stop',
  };
}
