import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { demoDomain, demoWorldRows } from '../domains/demo/index.js';
import type { ToolCall } from '../spec/index.js';
import { defineTool, fail, ToolRegistry, ToolSet } from '../tools/index.js';
import { defineWorldSchema, EpisodeClock, WorldSnapshot } from '../world/index.js';
import { callOrders } from './call-orders.js';
import { Executor } from './executor.js';

const typed = defineTool({
  name: 'book_table',
  description: 'Book a restaurant table.',
  parameters: z.object({
    restaurant: z.string().describe('Restaurant name.'),
    people: z.number().int().min(1).max(12).describe('How many people.'),
    note: z.string().optional().describe('A note for the restaurant.'),
  }),
  returns: 'A confirmation.',
  kind: 'read',
  run: ({ restaurant, people }) => {
    if (restaurant === 'Closed Cafe') throw fail('not-found', 'Closed Cafe does not take bookings.');
    if (restaurant === 'Buggy Bistro') throw new Error('null pointer');
    return `${restaurant} for ${people}`;
  },
});

const registry = new ToolRegistry([...demoDomain.tools, typed]);
const tools = ToolSet.fromRegistry(registry, 'agent');
const world = WorldSnapshot.create(defineWorldSchema(demoDomain.tables), demoWorldRows());
const executor = new Executor({ seed: 'test', clock: new EpisodeClock(1_800_000_000, 'UTC') });
const call = (name: string, args: ToolCall['arguments'], id = 'c'): ToolCall => ({ id, name, arguments: args });
const errorOf = async (name: string, args: ToolCall['arguments']) => {
  const execution = await executor.execute(call(name, args), tools, 'agent', world);
  if (execution.outcome.type !== 'error')
    throw new Error(`expected an error, got ${JSON.stringify(execution.outcome)}`);
  expect(execution.worldAfter).toBe(world);
  return execution.outcome.error;
};

describe('executor checks, in order', () => {
  it('an unknown tool names the available ones', async () => {
    const error = await errorOf('send_email', {});
    expect(error.kind).toBe('unknown-tool');
    expect(error.message).toContain('"send_email"');
    expect(error.hint).toBe('Available tools: book_table, get_wifi, list_notices, post_notice, set_wifi.');
  });

  it('arguments that are not a JSON object are unparsable', async () => {
    expect((await errorOf('book_table', '{"restaurant": "Nopa", people: 2')).kind).toBe('unparsable-arguments');
    expect((await errorOf('book_table', '[1, 2]')).kind).toBe('unparsable-arguments');
  });

  it('unknown argument names list the valid ones (checked before missing ones)', async () => {
    const error = await errorOf('book_table', { restaurant: 'Nopa', guests: 2 });
    expect(error.kind).toBe('unknown-argument');
    expect(error.message).toContain('"guests"');
    expect(error.hint).toBe('Valid arguments: "restaurant", "people", "note".');
  });

  it('prototype-named arguments are unknown too, and never reach a prototype', async () => {
    for (const name of ['constructor', 'valueOf', 'toString', 'hasOwnProperty', '__proto__']) {
      const error = await errorOf('book_table', `{"restaurant": "Nopa", "people": 2, "${name}": {"polluted": true}}`);
      expect(error.kind).toBe('unknown-argument');
      expect(error.message).toContain(`"${name}"`);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('missing required arguments are named', async () => {
    const error = await errorOf('book_table', '{"restaurant": "Nopa"}');
    expect(error.kind).toBe('missing-argument');
    expect(error.message).toContain('"people"');
  });

  it('wrong argument types say the expected type', async () => {
    const error = await errorOf('book_table', { restaurant: 'Nopa', people: '2' });
    expect(error.kind).toBe('invalid-argument-type');
    expect(error.message).toContain('"people" must be an integer, not a string');
  });

  it('other schema violations are invalid arguments', async () => {
    const error = await errorOf('book_table', { restaurant: 'Nopa', people: 40 });
    expect(error.kind).toBe('invalid-arguments');
    expect(error.message).toContain('"people"');
  });

  it('treats null for an optional argument as left out', async () => {
    const execution = await executor.execute(
      call('book_table', { restaurant: 'Nopa', people: 2, note: null }),
      tools,
      'agent',
      world,
    );
    expect(execution.outcome).toEqual({ type: 'result', value: 'Nopa for 2' });
  });

  it("returns a tool's typed failure and turns a tool's crash into an internal error", async () => {
    expect(await errorOf('book_table', { restaurant: 'Closed Cafe', people: 2 })).toEqual({
      kind: 'not-found',
      message: 'Closed Cafe does not take bookings.',
    });
    const crash = await errorOf('book_table', { restaurant: 'Buggy Bistro', people: 2 });
    expect(crash.kind).toBe('internal');
    expect(crash.message).toContain('null pointer');
  });

  it('a failed call leaves the world unchanged; a successful one returns the new world', async () => {
    await errorOf('post_notice', { text: 'hello' });
    const on = await executor.execute(call('set_wifi', { on: true }), tools, 'agent', world);
    expect(on.worldAfter.rows('device')[0]?.wifi).toBe(true);
    expect(world.rows('device')[0]?.wifi).toBe(false);
  });
});

describe('scrambled argument names', () => {
  const scrambled = new ToolSet('agent', [
    {
      schema: { name: 'tool_1', description: '', parameters: {} },
      tool: typed,
      argumentNames: new Map([
        ['arg_0', 'restaurant'],
        ['arg_1', 'people'],
        ['arg_2', 'note'],
      ]),
    },
  ]);

  it('maps shown names back to the real ones before running', async () => {
    const execution = await executor.execute(call('tool_1', { arg_0: 'Nopa', arg_1: 3 }), scrambled, 'agent', world);
    expect(execution.outcome).toEqual({ type: 'result', value: 'Nopa for 3' });
    expect(execution.toolName).toBe('book_table');
    expect(execution.arguments).toEqual({ restaurant: 'Nopa', people: 3 });
  });

  it('names arguments as the model saw them in errors, and rejects real names it was not shown', async () => {
    const wrongType = await executor.execute(
      call('tool_1', { arg_0: 'Nopa', arg_1: 'three' }),
      scrambled,
      'agent',
      world,
    );
    expect(wrongType.outcome.type === 'error' && wrongType.outcome.error.message).toContain(
      '"arg_1" must be an integer',
    );
    const realName = await executor.execute(
      call('tool_1', { restaurant: 'Nopa', arg_1: 3 }),
      scrambled,
      'agent',
      world,
    );
    expect(realName.outcome.type === 'error' && realName.outcome.error).toMatchObject({
      kind: 'unknown-argument',
      hint: 'Valid arguments: "arg_0", "arg_1", "arg_2".',
    });
    const missing = await executor.execute(call('tool_1', { arg_0: 'Nopa' }), scrambled, 'agent', world);
    expect(missing.outcome.type === 'error' && missing.outcome.error.message).toContain('"arg_1"');
  });
});

describe('parallel calls: a race condition always bites', () => {
  it('keeps the failing order when turning a setting on and using it are in one batch', async () => {
    const batch = [call('set_wifi', { on: true }, 'a'), call('post_notice', { text: 'hi' }, 'b')];
    // In the given order this would succeed; the reverse order fails, so that one is kept.
    const result = await executor.executeBatch(batch, tools, 'agent', world, 'b0');
    expect(result.failingOrderKept).toBe(true);
    expect(result.order).toEqual([1, 0]);
    expect(result.executions.map((execution) => execution.outcome.type)).toEqual(['error', 'result']);
    expect(result.world.rows('device')[0]?.wifi).toBe(true);
    expect(result.world.rows('notices')).toHaveLength(0);
  });

  it('keeps the given order when every order succeeds', async () => {
    const on = (await executor.execute(call('set_wifi', { on: true }), tools, 'agent', world)).worldAfter;
    const batch = [call('post_notice', { text: 'one' }, 'a'), call('post_notice', { text: 'two' }, 'b')];
    const result = await executor.executeBatch(batch, tools, 'agent', on, 'b0');
    expect(result.failingOrderKept).toBe(false);
    expect(result.ordersTried).toBe(2);
    expect(result.order).toEqual([0, 1]);
    expect(result.world.rows('notices').map((row) => row.text)).toEqual(['one', 'two']);
  });

  it('runs a batch of reads once, since reads cannot race', async () => {
    const batch = [call('get_wifi', {}, 'a'), call('list_notices', {}, 'b'), call('get_wifi', {}, 'c')];
    const result = await executor.executeBatch(batch, tools, 'agent', world, 'b0');
    expect(result.ordersTried).toBe(1);
  });

  it('tries every order up to 6 calls and a seeded, bounded sample above', () => {
    expect(callOrders(3, { exhaustiveLimit: 6, samples: 720, seed: 's' })).toHaveLength(6);
    expect(callOrders(6, { exhaustiveLimit: 6, samples: 720, seed: 's' })).toHaveLength(720);
    const sampled = callOrders(8, { exhaustiveLimit: 6, samples: 720, seed: 's' });
    expect(sampled).toHaveLength(720);
    expect(sampled[0]).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(sampled.map((order) => order.join())).size).toBe(720);
    expect(callOrders(8, { exhaustiveLimit: 6, samples: 720, seed: 's' })).toEqual(sampled);
    expect(callOrders(8, { exhaustiveLimit: 6, samples: 720, seed: 't' })).not.toEqual(sampled);
    expect(callOrders(3, { exhaustiveLimit: 2, samples: 720, seed: 's' })).toHaveLength(6);
  });
});
