import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  isInfrastructureError,
  type ModelAdapter,
  type ModelMessage,
  type ModelSettings,
  type ToolCall,
  type ToolSchema,
} from '../../spec/index.js';
import { listenOnLoopback } from './loopback-server.js';

/** The largest request body the proxy reads. */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface ModelProxy {
  /** The OpenAI-compatible base URL, `http://127.0.0.1:<port>/v1`. */
  readonly baseUrl: string;
  close(): Promise<void>;
}

class BadRequest extends Error {}

/**
 * An OpenAI-compatible endpoint on the loopback interface that an external agent may point its model
 * client at (`TOOLGAUGE_MODEL_BASE_URL`): `POST /v1/chat/completions` (not streamed) is read into a model
 * request and sent through `adapter` — the run's adapter for `--model`, so it goes through the response
 * cache and the episode's usage meter (tokens, requests and cost count against `--max-cost` and appear in
 * the run's usage table) — and its reply is written back in the Chat Completions form. `GET /v1/models`
 * lists the one model.
 */
export async function startModelProxy(adapter: ModelAdapter): Promise<ModelProxy> {
  const server = createServer((request, response) => {
    handle(adapter, request, response).catch((error: unknown) => {
      const status = error instanceof BadRequest ? 400 : isInfrastructureError(error) ? 502 : 500;
      const type = status === 400 ? 'invalid_request_error' : 'server_error';
      send(response, status, { error: { message: error instanceof Error ? error.message : String(error), type } });
    });
  });
  const listening = await listenOnLoopback(server);
  return { baseUrl: `http://127.0.0.1:${listening.port}/v1`, close: listening.close };
}

async function handle(adapter: ModelAdapter, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const path = (request.url ?? '').split('?')[0]?.replace(/\/+$/, '');
  if (request.method === 'GET' && (path === '/v1/models' || path === '/models')) {
    send(response, 200, { object: 'list', data: [{ id: adapter.id, object: 'model', owned_by: 'toolgauge' }] });
    return;
  }
  if (request.method !== 'POST' || (path !== '/v1/chat/completions' && path !== '/chat/completions')) {
    send(response, 404, { error: { message: 'toolgauge serves POST /v1/chat/completions', type: 'not_found' } });
    return;
  }
  const body = await readJson(request);
  if (body.stream === true) throw new BadRequest('stream: true is not supported by the toolgauge model proxy');
  const abort = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) abort.abort();
  });
  const reply = await adapter.generate({
    messages: modelMessages(body.messages),
    tools: toolSchemas(body.tools),
    settings: modelSettings(body),
    signal: abort.signal,
  });
  const toolCalls = reply.toolCalls.map((call) => ({
    id: call.id,
    type: 'function',
    function: {
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    },
  }));
  send(response, 200, {
    id: `chatcmpl-toolgauge-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: typeof body.model === 'string' ? body.model : adapter.id,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: reply.text === '' && toolCalls.length > 0 ? null : reply.text,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: toolCalls.length > 0 ? 'tool_calls' : reply.finishReason === 'length' ? 'length' : 'stop',
      },
    ],
    usage: {
      prompt_tokens: reply.usage.inputTokens,
      completion_tokens: reply.usage.outputTokens,
      total_tokens: reply.usage.inputTokens + reply.usage.outputTokens,
    },
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BadRequest(`the request body is larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new BadRequest('the request body is not JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new BadRequest('the request body is not an object');
  return body as Record<string, unknown>;
}

function text(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) =>
        part && typeof part === 'object' && 'text' in part ? String((part as { text: unknown }).text) : '',
      )
      .join('');
  }
  return '';
}

/** Chat Completions messages as the provider-neutral messages adapters send. */
function modelMessages(messages: unknown): ModelMessage[] {
  if (!Array.isArray(messages) || messages.length === 0) throw new BadRequest('messages: give a non-empty array');
  const toolNames = new Map<string, string>();
  return messages.map((message, index): ModelMessage => {
    if (!message || typeof message !== 'object') throw new BadRequest(`messages[${index}] is not an object`);
    const { role, content } = message as Record<string, unknown>;
    switch (role) {
      case 'system':
      case 'developer':
        return { role: 'system', text: text(content) };
      case 'user':
        return { role: 'user', text: text(content) };
      case 'assistant': {
        const calls = (message as { tool_calls?: unknown }).tool_calls;
        const toolCalls: ToolCall[] = (Array.isArray(calls) ? calls : []).map((call, position) => {
          const { id, function: fn } = (call ?? {}) as {
            id?: unknown;
            function?: { name?: unknown; arguments?: unknown };
          };
          const name = typeof fn?.name === 'string' ? fn.name : '';
          const callId = typeof id === 'string' ? id : `call_${index}_${position}`;
          toolNames.set(callId, name);
          return { id: callId, name, arguments: parsedArguments(fn?.arguments) };
        });
        return { role: 'assistant', text: text(content), toolCalls };
      }
      case 'tool': {
        const callId = String((message as { tool_call_id?: unknown }).tool_call_id ?? '');
        const result = text(content);
        return {
          role: 'tool',
          callId,
          toolName: toolNames.get(callId) ?? '',
          text: result,
          isError: result.startsWith('Error ('),
        };
      }
      default:
        throw new BadRequest(`messages[${index}].role: ${JSON.stringify(role)} is not system, user, assistant or tool`);
    }
  });
}

function parsedArguments(value: unknown): ToolCall['arguments'] {
  if (typeof value !== 'string') return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  try {
    const parsed = JSON.parse(value) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : value;
  } catch {
    return value;
  }
}

function toolSchemas(tools: unknown): ToolSchema[] {
  if (tools === undefined || tools === null) return [];
  if (!Array.isArray(tools)) throw new BadRequest('tools: give an array');
  return tools.map((tool, index) => {
    const fn = (tool as { function?: Record<string, unknown> } | undefined)?.function;
    if (!fn || typeof fn.name !== 'string') throw new BadRequest(`tools[${index}].function.name: give a name`);
    return {
      name: fn.name,
      description: typeof fn.description === 'string' ? fn.description : '',
      parameters: (fn.parameters && typeof fn.parameters === 'object' ? fn.parameters : { type: 'object' }) as Record<
        string,
        unknown
      >,
    };
  });
}

function modelSettings(body: Record<string, unknown>): ModelSettings {
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
  const temperature = number(body.temperature);
  const seed = number(body.seed);
  const maxOutputTokens = number(body.max_completion_tokens) ?? number(body.max_tokens);
  return {
    ...(temperature === undefined ? {} : { temperature }),
    ...(seed === undefined ? {} : { seed }),
    ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }),
    ...(typeof body.parallel_tool_calls === 'boolean' ? { parallelToolCalls: body.parallel_tool_calls } : {}),
  };
}
