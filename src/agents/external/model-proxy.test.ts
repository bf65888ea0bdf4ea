/**
 * The model proxy an external agent may point its OpenAI client at: a Chat Completions request reaches the
 * adapter as the provider-neutral request a native agent's would be, the reply goes back in Chat
 * Completions form, and requests it cannot serve are 400s that say why (never a crash).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { InfrastructureError } from '../../spec/index.js';
import { ScriptedModel } from '../../testing/scripted-model.js';
import { type ModelProxy, startModelProxy } from './model-proxy.js';

let proxy: ModelProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

async function post(body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${proxy?.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('the model proxy', () => {
  it('forwards a Chat Completions request to the adapter and answers in that form', async () => {
    const model = new ScriptedModel([
      { toolCalls: [{ id: 'c1', name: 'get_weather', arguments: { city: 'Paris' } }] },
      'It is sunny.',
    ]);
    proxy = await startModelProxy(model);
    const tools = [
      { type: 'function', function: { name: 'get_weather', description: 'Weather', parameters: { type: 'object' } } },
    ];
    const first = await post({
      model: 'anything',
      temperature: 0,
      seed: 7,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Weather in Paris?' },
      ],
      tools,
    });
    expect(first.status).toBe(200);
    expect(first.json.choices).toEqual([
      {
        index: 0,
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          ],
        },
        finish_reason: 'tool_calls',
      },
    ]);
    const second = await post({
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'c1', content: '{"sky":"sunny"}' },
      ],
      tools,
    });
    expect((second.json.choices as { message: { content: string } }[])[0]?.message.content).toBe('It is sunny.');
    expect(model.requests[0]?.settings).toEqual({ temperature: 0, seed: 7 });
    expect(model.requests[0]?.tools).toEqual([
      { name: 'get_weather', description: 'Weather', parameters: { type: 'object' } },
    ]);
    expect(model.requests[1]?.messages).toEqual([
      { role: 'user', text: 'Weather in Paris?' },
      { role: 'assistant', text: '', toolCalls: [{ id: 'c1', name: 'get_weather', arguments: { city: 'Paris' } }] },
      { role: 'tool', callId: 'c1', toolName: 'get_weather', text: '{"sky":"sunny"}', isError: false },
    ]);
  });

  it('refuses what it cannot serve with a 400 saying why, and reports a provider failure as a 502', async () => {
    proxy = await startModelProxy(new ScriptedModel([{ error: new InfrastructureError('provider down') }]));
    expect(await post('not json')).toMatchObject({
      status: 400,
      json: { error: { message: 'the request body is not JSON' } },
    });
    const streamed = await post({ stream: true, messages: [{ role: 'user', content: 'hi' }] });
    expect(streamed.status).toBe(400);
    expect(JSON.stringify(streamed.json)).toContain('stream: true is not supported');
    const badRole = await post({ messages: [{ role: 'robot', content: 'hi' }] });
    expect(JSON.stringify(badRole.json)).toContain(
      'messages[0].role: \\"robot\\" is not system, user, assistant or tool',
    );
    const down = await post({ messages: [{ role: 'user', content: 'hi' }] });
    expect(down).toMatchObject({ status: 502, json: { error: { message: 'provider down' } } });
  });
});
