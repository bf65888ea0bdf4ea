import { describe, expect, it } from 'vitest';
import type { ModelMessage, ModelRequest, ToolSchema } from '../../spec/index.js';
import { seededRandom } from '../../util/index.js';
import { CacheKeyChain } from './cache-key-chain.js';
import { CACHE_KEY_VERSION, cacheKey } from './response-cache.js';

const identity = { modelId: 'openai-compatible:local', endpoint: 'http://127.0.0.1:9/v1' };

function tool(name: string): ToolSchema {
  return Object.freeze({
    name,
    description: `Does ${name}.`,
    parameters: Object.freeze({
      type: 'object',
      properties: Object.freeze({ value: Object.freeze({ type: 'string', description: 'Ünïcode ✓' }) }),
    }),
  }) as ToolSchema;
}

function randomMessage(random: () => number, index: number): ModelMessage {
  const pick = Math.floor(random() * 4);
  const text = `message ${index} ${'é'.repeat(Math.floor(random() * 3))}`;
  const message: ModelMessage =
    pick === 0
      ? { role: 'user', text }
      : pick === 1
        ? {
            role: 'assistant',
            text: '',
            toolCalls: Object.freeze([{ id: `c${index}`, name: 'lookup', arguments: { z: index, a: [text] } }]),
          }
        : pick === 2
          ? { role: 'tool', callId: `c${index}`, toolName: 'lookup', text, isError: random() < 0.2 }
          : { role: 'system', text };
  return Object.freeze(message);
}

const request = (messages: readonly ModelMessage[], tools: readonly ToolSchema[], temperature = 0): ModelRequest => ({
  messages,
  tools,
  settings: { temperature },
});

describe('the response cache key along a conversation', () => {
  it('is byte for byte the whole-request key, on growing, branching and restarted conversations', () => {
    const random = seededRandom('cache-key-chain');
    const chain = new CacheKeyChain(CACHE_KEY_VERSION);
    const tools = [tool('lookup'), tool('send')];
    for (let conversation = 0; conversation < 30; conversation += 1) {
      const messages: ModelMessage[] = [];
      const branches: ModelMessage[][] = [];
      for (let turn = 0; turn < 12; turn += 1) {
        messages.push(randomMessage(random, turn));
        // A fresh array each time, as conversationFor gives, with the same message objects.
        const asked = request([...messages], tools, conversation % 3 === 0 ? 0.5 : 0);
        const trial = conversation % 2;
        expect(chain.key(identity.modelId, identity.endpoint, asked, trial)).toBe(cacheKey(identity, asked, trial));
        if (random() < 0.3) branches.push([...messages]);
      }
      // Another continuation of an earlier start, and the same start under another head.
      for (const branch of branches) {
        const other = request([...branch, randomMessage(random, 99)], tools);
        expect(chain.key(identity.modelId, identity.endpoint, other, 0)).toBe(cacheKey(identity, other, 0));
        const otherTools = request(branch, [tools[1] as ToolSchema]);
        expect(chain.key(identity.modelId, identity.endpoint, otherTools, 0)).toBe(cacheKey(identity, otherTools, 0));
        expect(chain.key('other:model', identity.endpoint, request(branch, tools), 0)).toBe(
          cacheKey({ ...identity, modelId: 'other:model' }, request(branch, tools), 0),
        );
      }
    }
    expect(chain.key(identity.modelId, identity.endpoint, request([], []), 0)).toBe(
      cacheKey(identity, request([], []), 0),
    );
  });

  it('hashes each frozen message once along a conversation', () => {
    let reads = 0;
    const counted = Object.freeze({
      role: 'user',
      get text() {
        reads += 1;
        return 'hello';
      },
    }) as ModelMessage;
    const chain = new CacheKeyChain(CACHE_KEY_VERSION);
    const tools = [tool('lookup')];
    const messages: ModelMessage[] = [counted];
    chain.key(identity.modelId, identity.endpoint, request([...messages], tools), 0);
    expect(reads).toBe(1);
    for (let turn = 0; turn < 5; turn += 1) {
      messages.push(Object.freeze({ role: 'assistant', text: `reply ${turn}`, toolCalls: Object.freeze([]) }));
      chain.key(identity.modelId, identity.endpoint, request([...messages], tools), 0);
    }
    expect(reads).toBe(1);
    // Under another trial the start is hashed again (another head), once.
    chain.key(identity.modelId, identity.endpoint, request([...messages], tools), 1);
    expect(reads).toBe(2);
  });

  it('never reuses what can change: a message or tool that is not frozen is hashed as it is now', () => {
    const chain = new CacheKeyChain(CACHE_KEY_VERSION);
    const mutable: { role: 'user'; text: string } = { role: 'user', text: 'first' };
    const schema = { name: 'lookup', description: 'Looks up.', parameters: { type: 'object', properties: {} } };
    const asked = () => request([mutable, Object.freeze({ role: 'user', text: 'next' })], [schema as ToolSchema]);
    const before = chain.key(identity.modelId, identity.endpoint, asked(), 0);
    expect(before).toBe(cacheKey(identity, asked(), 0));
    mutable.text = 'changed';
    const afterMessage = chain.key(identity.modelId, identity.endpoint, asked(), 0);
    expect(afterMessage).toBe(cacheKey(identity, asked(), 0));
    expect(afterMessage).not.toBe(before);
    schema.description = 'Looks up, differently.';
    const afterTool = chain.key(identity.modelId, identity.endpoint, asked(), 0);
    expect(afterTool).toBe(cacheKey(identity, asked(), 0));
    expect(afterTool).not.toBe(afterMessage);
  });
});
