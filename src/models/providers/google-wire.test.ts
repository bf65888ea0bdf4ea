import { afterEach, describe, expect, it } from 'vitest';
import { type FakeProviderServer, startFakeProviderServer } from '../../testing/fake-provider-server.js';
import {
  FAKE_API_KEY,
  POST_NOTICE_TOOL,
  SET_WIFI_TOOL,
  SYSTEM_TEXT,
  TOOL_ERROR_TEXT,
  USER_TEXT,
  wireTestRequest,
} from '../../testing/provider-test-fixtures.js';
import { createModelAdapter } from './create-model-adapter.js';

let server: FakeProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('Google generateContent wire format', () => {
  it('sends contents, system instruction, function declarations and settings; parses a function call', async () => {
    server = await startFakeProviderServer([
      {
        body: {
          candidates: [
            {
              index: 0,
              content: {
                role: 'model',
                parts: [{ text: 'Turning wifi on.' }, { functionCall: { name: 'set_wifi', args: { on: true } } }],
              },
              finishReason: 'STOP',
            },
          ],
          usageMetadata: { promptTokenCount: 20, candidatesTokenCount: 5, totalTokenCount: 25 },
        },
      },
    ]);
    const adapter = createModelAdapter('google:gemini-2.5-flash', {
      baseUrl: `${server.origin}/v1beta`,
      env: { GOOGLE_GENERATIVE_AI_API_KEY: FAKE_API_KEY },
    });

    const response = await adapter.generate(wireTestRequest());

    const request = server.requests[0];
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(request?.headers['x-goog-api-key']).toBe(FAKE_API_KEY);
    const body = request?.body as {
      systemInstruction: unknown;
      contents: { role: string; parts: Record<string, unknown>[] }[];
      tools: { functionDeclarations: { name: string; description: string; parametersJsonSchema: unknown }[] }[];
      toolConfig: unknown;
      generationConfig: Record<string, unknown>;
    };
    expect(body.systemInstruction).toEqual({ parts: [{ text: SYSTEM_TEXT }] });
    expect(body.contents.map((content) => content.role)).toEqual(['user', 'model', 'user']);
    expect(body.contents[0]?.parts).toEqual([{ text: USER_TEXT }]);
    expect(body.contents[1]?.parts[0]).toMatchObject({
      functionCall: { name: 'post_notice', args: { text: 'Lunch moved to 1 pm.' } },
    });
    expect(body.contents[2]?.parts[0]).toMatchObject({
      functionResponse: { name: 'post_notice', response: { name: 'post_notice', error: TOOL_ERROR_TEXT } },
    });
    // This provider version sends the JSON Schema untouched, as `parametersJsonSchema`.
    expect(body.tools).toEqual([
      {
        functionDeclarations: [
          {
            name: 'post_notice',
            description: POST_NOTICE_TOOL.description,
            parametersJsonSchema: POST_NOTICE_TOOL.parameters,
          },
          { name: 'set_wifi', description: SET_WIFI_TOOL.description, parametersJsonSchema: SET_WIFI_TOOL.parameters },
        ],
      },
    ]);
    expect(body.toolConfig).toEqual({ functionCallingConfig: { mode: 'AUTO' } });
    expect(body.generationConfig).toMatchObject({ temperature: 0, seed: 7, maxOutputTokens: 256 });

    expect(response).toMatchObject({
      text: 'Turning wifi on.',
      toolCalls: [{ name: 'set_wifi', arguments: { on: true } }],
      usage: { inputTokens: 20, outputTokens: 5 },
      finishReason: 'tool-calls',
    });
    expect(response.toolCalls[0]?.id).toEqual(expect.any(String));
  });
});
