import { z } from 'zod';
import {
  argumentsText,
  contentText,
  describeIssues,
  parseArguments,
  type WireErrorKind,
  type WireFormat,
  type WireMessage,
  WireRequestError,
  wireTool,
} from './wire-conversation.js';

/**
 * The OpenAI chat completions protocol (`POST /v1/chat/completions`), non-streaming, in the shape the
 * AI SDK's OpenAI provider parses (`openaiChatResponseSchema`, `openaiErrorDataSchema`).
 */

const content = z.union([z.string(), z.array(z.unknown()), z.null()]).optional();

const requestSchema = z.looseObject({
  model: z.string().optional(),
  messages: z.array(
    z.looseObject({
      role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
      content,
      tool_calls: z
        .array(
          z.looseObject({
            id: z.string(),
            function: z.looseObject({ name: z.string(), arguments: z.string() }),
          }),
        )
        .nullish(),
      tool_call_id: z.string().optional(),
    }),
  ),
  tools: z
    .array(
      z.looseObject({
        function: z.looseObject({
          name: z.string(),
          description: z.string().optional(),
          parameters: z.record(z.string(), z.unknown()).optional(),
        }),
      }),
    )
    .optional(),
});

const ERROR_TYPES: Record<WireErrorKind, string> = {
  'invalid-request': 'invalid_request_error',
  'rate-limit': 'rate_limit_exceeded',
  server: 'server_error',
  'not-found': 'not_found_error',
};

export const openAiWire: WireFormat = {
  name: 'openai',

  parseRequest(body) {
    const parsed = requestSchema.safeParse(body);
    if (!parsed.success) {
      throw new WireRequestError(`not an OpenAI chat completions request: ${describeIssues(parsed.error.issues)}`);
    }
    const messages: WireMessage[] = [];
    for (const [index, message] of parsed.data.messages.entries()) {
      const text = contentText(message.content);
      switch (message.role) {
        case 'system':
        case 'developer':
          messages.push({ role: 'system', text });
          break;
        case 'user':
          messages.push({ role: 'user', text });
          break;
        case 'assistant':
          messages.push({
            role: 'assistant',
            text,
            calls: (message.tool_calls ?? []).map((call) => ({
              id: call.id,
              name: call.function.name,
              arguments: parseArguments(call.function.arguments),
            })),
          });
          break;
        case 'tool':
          if (message.tool_call_id === undefined) {
            throw new WireRequestError(`messages.${index}.tool_call_id: a tool message needs the id of its call`);
          }
          messages.push({ role: 'tool', callId: message.tool_call_id, text });
          break;
      }
    }
    const tools = (parsed.data.tools ?? []).map(({ function: tool }) =>
      wireTool(tool.name, tool.description, tool.parameters),
    );
    return { model: parsed.data.model ?? 'reference', messages, tools };
  },

  reply({ turn, malformed }, context) {
    const calls = turn.type === 'tool-calls' ? turn.calls : [];
    return {
      id: `chatcmpl-${context.id}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: context.model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: turn.type === 'text' ? turn.text : null,
            ...(calls.length > 0
              ? {
                  tool_calls: calls.map((call) => ({
                    id: call.id,
                    type: 'function',
                    function: { name: call.name, arguments: argumentsText(call.arguments, malformed) },
                  })),
                }
              : {}),
          },
          logprobs: null,
          finish_reason: calls.length > 0 ? 'tool_calls' : 'stop',
        },
      ],
      usage: {
        prompt_tokens: context.inputTokens,
        completion_tokens: context.outputTokens,
        total_tokens: context.inputTokens + context.outputTokens,
      },
    };
  },

  error(kind, message) {
    return { error: { message, type: ERROR_TYPES[kind], param: null, code: ERROR_TYPES[kind] } };
  },
};
