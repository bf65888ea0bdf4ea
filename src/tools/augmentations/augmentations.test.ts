import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Executor } from '../../engine/index.js';
import { DefinitionError, type Role, type ToolCall } from '../../spec/index.js';
import { defineWorldSchema, EpisodeClock, WorldSnapshot } from '../../world/index.js';
import { defineTool, type Tool, type ToolParameters, toolSchema } from '../define-tool.js';
import { ToolRegistry } from '../tool-registry.js';
import type { ToolSet } from '../tool-set.js';
import {
  AUGMENTATIONS,
  type Augmentation,
  augmentedToolSet,
  nameSimilarityTable,
  rankDistractionTools,
  rememberNameSimilarities,
  scrambledToolNames,
} from './index.js';

// Twelve agent tools in four domains with overlapping names, plus one user tool. Settings comes
// before weather so that name order, not registration order, must break ties.
const describedQuery = z.object({ query: z.string().optional().describe('What to look for.') });
const tool = (name: string, domain: string, parameters: ToolParameters = describedQuery, roles: Role[] = ['agent']) =>
  defineTool({
    name,
    domain,
    parameters,
    roles,
    kind: 'action',
    description: `The ${name.replaceAll('_', ' ')} tool.`,
    returns: 'Its arguments.',
    run: (args) => args,
  });
const tools: Tool[] = [
  tool(
    'send_message',
    'messaging',
    z.object({ phone_number: z.string().describe('Who receives it.'), content: z.string().describe('The text.') }),
  ),
  tool('search_messages', 'messaging'),
  tool('delete_message', 'messaging'),
  tool('search_contacts', 'contacts'),
  tool(
    'add_contact',
    'contacts',
    z.object({
      name: z.string().describe('Full name.'),
      address: z
        .object({ street: z.string().describe('Street and number.'), description: z.string().describe('Door code.') })
        .optional()
        .describe('Postal address.'),
    }),
  ),
  tool('remove_contact', 'contacts'),
  tool('modify_contact', 'contacts'),
  tool('get_wifi', 'settings', z.object({})),
  tool('set_wifi', 'settings'),
  tool('set_low_battery_mode', 'settings'),
  tool(
    'get_weather',
    'weather',
    z.object({
      city: z.string().describe('City name.'),
      days: z.number().int().min(1).max(7).describe('How many days ahead.'),
      unit: z.enum(['celsius', 'fahrenheit']).optional().describe('Temperature unit.'),
    }),
  ),
  tool('search_weather', 'weather'),
  tool('end_conversation', 'conversation', z.object({}), ['user']),
];
const registry = new ToolRegistry(tools);
const agentToolNames = registry.forRole('agent').map((agentTool) => agentTool.name);

const build = (augmentation: Augmentation, necessary: string[], seed = 'case-1', deny?: string[]) =>
  augmentedToolSet({ registry, augmentation, necessary, seed, deny });
const shown = (set: ToolSet) => set.schemas().map((schema) => schema.name);
const real = (set: ToolSet) => set.views.map((view) => view.tool.name);
const sorted = (names: readonly string[]) => [...names].sort();
const schemaOf = (set: ToolSet, realName: string) => {
  const view = set.views.find((candidate) => candidate.tool.name === realName);
  if (!view) throw new Error(`"${realName}" is not offered`);
  return view.schema;
};

describe('distraction tools', () => {
  it('rank tools sharing a domain first, then by name similarity, ties by name', () => {
    const necessary = ['send_message', 'search_contacts'].map((name) => registry.require(name));
    const candidates = registry.forRole('agent').filter((candidate) => !necessary.includes(candidate));
    expect(rankDistractionTools(candidates, necessary).map((ranked) => ranked.name)).toEqual([
      // messaging and contacts, by WRatio: 74, 70, 69, 62, 55
      ...['search_messages', 'delete_message', 'add_contact', 'remove_contact', 'modify_contact'],
      // the rest: search_weather (62) beats modify_contact (55) on similarity but shares no domain;
      // get_weather and set_low_battery_mode tie at 43 and go by name
      ...['search_weather', 'get_weather', 'set_low_battery_mode', 'get_wifi', 'set_wifi'],
    ]);
    const other = (name: string) => tool(name, 'other');
    const tied = rankDistractionTools([other('tool_b'), other('tool_a')], [other('tool_c')]);
    expect(tied.map((ranked) => ranked.name)).toEqual(['tool_a', 'tool_b']);
  });

  it('rank alike with name similarities remembered from a table, and refuse a table of the wrong shape', () => {
    const names = ['tool_x_one', 'tool_y_two', 'other_x'];
    const table = nameSimilarityTable(names);
    expect(table.rows.map((row) => row.length)).toEqual([6, 6, 6]);
    expect(Number.parseInt(table.rows[0]?.slice(0, 2) ?? '', 36)).toBe(100);
    const [one, two, other] = names.map((name) => tool(name, 'x'));
    const before = rankDistractionTools([two, other] as Tool[], [one] as Tool[]);
    rememberNameSimilarities(table);
    expect(rankDistractionTools([two, other] as Tool[], [one] as Tool[])).toEqual(before);
    expect(() => rememberNameSimilarities({ ...table, rows: [...table.rows.slice(0, 2), '0a'] })).toThrow(
      'the row of "other_x" has 1 values, not 3',
    );
  });

  it('distraction-0 is exactly the necessary tools, in their given order, whatever the seed', () => {
    for (const seed of ['a', 'b', 'c']) {
      const set = build('distraction-0', ['get_weather', 'send_message'], seed);
      expect(set.schemas()).toEqual(['get_weather', 'send_message'].map((name) => toolSchema(registry.require(name))));
    }
  });

  it('add the top 3, the top 10, or every other agent tool, never a user tool', () => {
    // for send_message alone the ranking is search_messages, delete_message, search_weather, …, modify_contact
    expect(sorted(real(build('distraction-3', ['send_message'])))).toEqual(
      sorted(['send_message', 'search_messages', 'delete_message', 'search_weather']),
    );
    const ten = real(build('distraction-10', ['send_message']));
    expect(sorted(ten)).toEqual(sorted(agentToolNames.filter((name) => name !== 'modify_contact')));
    expect(sorted(real(build('distraction-all', ['send_message'])))).toEqual(sorted(agentToolNames));
    expect(real(build('distraction-all', []))).not.toContain('end_conversation');
  });

  it('never offer a denied tool, not even a necessary one', () => {
    for (const augmentation of AUGMENTATIONS) {
      const set = real(build(augmentation, ['send_message', 'get_wifi'], 'case-1', ['search_messages', 'get_wifi']));
      expect(set).toContain('send_message');
      expect(set).not.toContain('search_messages');
      expect(set).not.toContain('get_wifi');
    }
    // the next tool in the ranking takes the denied one's place
    expect(sorted(real(build('distraction-3', ['send_message'], 'case-1', ['search_messages'])))).toEqual(
      sorted(['send_message', 'delete_message', 'search_weather', 'get_weather']),
    );
  });

  it('present the same set of tools alike in every scenario, as a registry seeing it for the first time would', () => {
    const pointer = defineTool({
      name: 'clear_inbox',
      domain: 'messaging',
      parameters: describedQuery,
      kind: 'action',
      description: 'Deletes every message. To delete one, call delete_message. Turn set_wifi on first.',
      returns: 'Nothing.',
      run: () => null,
    });
    const schemasByName = (set: ToolSet) =>
      Object.fromEntries(set.views.map((view) => [view.tool.name, view.schema] as const));
    const withPointer = new ToolRegistry([...tools, pointer]);
    const offer = (target: ToolRegistry, augmentation: Augmentation, necessary: string[], seed: string) =>
      augmentedToolSet({ registry: target, augmentation, necessary, seed });
    // Different necessary tools (or the same ones in another order), the same offered set in another order.
    const pairs: [Augmentation, string[], string[]][] = [
      ['distraction-all', ['send_message'], ['get_wifi', 'clear_inbox']],
      ['scrambled-tool-name', ['clear_inbox', 'get_wifi'], ['get_wifi', 'clear_inbox']],
      ['scrambled-arg-name', ['clear_inbox', 'send_message'], ['send_message', 'clear_inbox']],
    ];
    for (const [augmentation, necessary, sameSet] of pairs) {
      const first = offer(withPointer, augmentation, necessary, 'case-1');
      const second = offer(withPointer, augmentation, sameSet, 'case-2');
      const fresh = offer(new ToolRegistry([...tools, pointer]), augmentation, sameSet, 'case-2');
      expect(real(second)).not.toEqual(real(first));
      expect(schemasByName(second)).toEqual(schemasByName(first));
      expect(second.schemas()).toEqual(fresh.schemas());
    }
    // A set that withholds set_wifi drops the sentence naming it (nothing from the larger set leaks).
    const small = offer(withPointer, 'distraction-0', ['clear_inbox', 'delete_message'], 'case-3');
    expect(schemaOf(small, 'clear_inbox').description).toBe(
      'Deletes every message. To delete one, call delete_message.',
    );
    const all = offer(withPointer, 'distraction-all', ['clear_inbox'], 'case-3');
    expect(schemaOf(all, 'clear_inbox').description).toContain('set_wifi');
  });

  it('give the same set in the same order for the same seed, another order for another seed', () => {
    const tenFor = (seed: string) => shown(build('distraction-10', ['send_message', 'search_contacts'], seed));
    expect(tenFor('x')).toEqual(tenFor('x'));
    expect(new Set(['x', 'y', 'z'].map((seed) => tenFor(seed).join())).size).toBe(3);
    expect(sorted(tenFor('y'))).toEqual(sorted(tenFor('x')));
  });

  it('offer every scrambled variant the tools of distraction-3, in the same order', () => {
    const order = real(build('distraction-3', ['get_weather', 'send_message']));
    for (const augmentation of AUGMENTATIONS.filter((name) => name.startsWith('scrambled-'))) {
      expect(real(build(augmentation, ['get_weather', 'send_message']))).toEqual(order);
    }
  });
});

describe('scrambling', () => {
  const necessary = ['get_weather', 'send_message', 'add_contact', 'get_wifi'];
  const argumentsSchema = (properties: Record<string, unknown>, required: string[]) => ({
    type: 'object',
    properties,
    required,
    additionalProperties: false,
  });

  it('scrambled-tool-name shows <domain>_<n>, numbered per domain over the whole registry by real name', () => {
    expect(Object.fromEntries(scrambledToolNames(registry))).toEqual({
      ...{ delete_message: 'messaging_0', search_messages: 'messaging_1', send_message: 'messaging_2' },
      ...{ add_contact: 'contacts_0', modify_contact: 'contacts_1', remove_contact: 'contacts_2' },
      ...{ search_contacts: 'contacts_3', get_wifi: 'settings_0', set_low_battery_mode: 'settings_1' },
      ...{ set_wifi: 'settings_2', get_weather: 'weather_0', search_weather: 'weather_1' },
    });
    const set = build('scrambled-tool-name', necessary);
    const original = toolSchema(registry.require('send_message'));
    expect(schemaOf(set, 'send_message')).toEqual({ ...original, name: 'messaging_2' });
  });

  it('scrambled-tool-name gives a tool the same name in every scenario', () => {
    const names = scrambledToolNames(registry);
    const first = build('scrambled-tool-name', ['send_message'], 'one');
    const second = build('scrambled-tool-name', ['search_contacts', 'get_weather'], 'two');
    expect(real(first).filter((name) => real(second).includes(name)).length).toBeGreaterThan(0);
    for (const view of [...first.views, ...second.views]) expect(view.schema.name).toBe(names.get(view.tool.name));
  });

  it('scrambled-tool-description empties every description, tools without arguments included', () => {
    const set = build('scrambled-tool-description', necessary);
    expect(set.schemas()).toEqual(set.views.map((view) => ({ ...toolSchema(view.tool), description: '' })));
    expect(real(set)).toContain('get_wifi');
  });

  it('scrambled-arg-description removes argument descriptions, nested ones too, and keeps types', () => {
    const set = build('scrambled-arg-description', necessary);
    expect(schemaOf(set, 'get_weather')).toEqual({
      name: 'get_weather',
      description: 'The get weather tool.',
      parameters: argumentsSchema(
        {
          city: { type: 'string' },
          days: { type: 'integer', minimum: 1, maximum: 7 },
          unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        },
        ['city', 'days'],
      ),
    });
    // a field called "description" is a name, not a keyword: it stays, without its own description
    const address = { street: { type: 'string' }, description: { type: 'string' } };
    expect(schemaOf(set, 'add_contact').parameters).toEqual(
      argumentsSchema(
        {
          name: { type: 'string' },
          address: { type: 'object', properties: address, required: ['street', 'description'] },
        },
        ['name'],
      ),
    );
  });

  it('scrambled-arg-type keeps only the names, which are required, and the descriptions', () => {
    const set = build('scrambled-arg-type', necessary);
    expect(schemaOf(set, 'get_weather')).toEqual({
      name: 'get_weather',
      description: 'The get weather tool.',
      parameters: argumentsSchema(
        {
          city: { description: 'City name.' },
          days: { description: 'How many days ahead.' },
          unit: { description: 'Temperature unit.' },
        },
        ['city', 'days'],
      ),
    });
    expect(schemaOf(set, 'add_contact').parameters).toEqual(
      argumentsSchema({ name: { description: 'Full name.' }, address: { description: 'Postal address.' } }, ['name']),
    );
  });

  it('scrambled-arg-name renames arguments arg_0, arg_1… in declaration order and maps them back', () => {
    const view = build('scrambled-arg-name', necessary).views.find((offered) => offered.tool.name === 'get_weather');
    expect(view?.schema).toEqual({
      name: 'get_weather',
      description: 'The get weather tool.',
      parameters: argumentsSchema(
        {
          arg_0: { type: 'string', description: 'City name.' },
          arg_1: { type: 'integer', minimum: 1, maximum: 7, description: 'How many days ahead.' },
          arg_2: { type: 'string', enum: ['celsius', 'fahrenheit'], description: 'Temperature unit.' },
        },
        ['arg_0', 'arg_1'],
      ),
    });
    expect(Object.fromEntries(view?.argumentNames ?? [])).toEqual({ arg_0: 'city', arg_1: 'days', arg_2: 'unit' });
  });

  it('never changes a tool or its schema', () => {
    const before = JSON.stringify(tools.map(toolSchema));
    for (const augmentation of AUGMENTATIONS) build(augmentation, necessary, augmentation);
    expect(JSON.stringify(tools.map(toolSchema))).toBe(before);
  });
});

describe('bad input', () => {
  it('names an unknown necessary or denied tool', () => {
    expect(() => build('distraction-3', ['send_message', 'send_fax'])).toThrow(DefinitionError);
    expect(() => build('distraction-3', ['send_fax'])).toThrow(/unknown tool "send_fax"/);
    expect(() => build('distraction-0', ['send_message'], 'case-1', ['fax'])).toThrow(/unknown tool "fax"/);
  });

  it('refuses to offer the agent a tool only the user may call', () => {
    expect(() => build('distraction-0', ['end_conversation'])).toThrow(/"end_conversation" is not an agent tool/);
  });
});

describe('through the executor', () => {
  const world = WorldSnapshot.create(defineWorldSchema([]));
  const executor = new Executor({ seed: 'augmentations', clock: new EpisodeClock(1_800_000_000, 'UTC') });
  const run = (set: ToolSet, name: string, args: ToolCall['arguments']) =>
    executor.execute({ id: 'call-1', name, arguments: args }, set, 'agent', world);
  const necessary = ['get_weather', 'send_message'];

  it('runs the real tool for a scrambled name and reports its real name', async () => {
    const set = build('scrambled-tool-name', necessary);
    const execution = await run(set, 'messaging_2', { phone_number: '+15550100', content: 'hi' });
    expect(execution.toolName).toBe('send_message');
    expect(execution.outcome).toEqual({ type: 'result', value: { phone_number: '+15550100', content: 'hi' } });

    const byRealName = await run(set, 'send_message', { phone_number: '+15550100', content: 'hi' });
    expect(byRealName.outcome.type === 'error' && byRealName.outcome.error.kind).toBe('unknown-tool');
  });

  it('runs a call made with arg_N names with the real arguments', async () => {
    const set = build('scrambled-arg-name', necessary);
    const execution = await run(set, 'get_weather', '{"arg_0": "Paris", "arg_1": 3}');
    expect(execution.toolName).toBe('get_weather');
    expect(execution.arguments).toEqual({ city: 'Paris', days: 3 });
    expect(execution.outcome).toEqual({ type: 'result', value: { city: 'Paris', days: 3 } });

    const byRealNames = await run(set, 'get_weather', { city: 'Paris', days: 3 });
    expect(byRealNames.outcome.type === 'error' && byRealNames.outcome.error.kind).toBe('unknown-argument');
    const missing = await run(set, 'get_weather', { arg_0: 'Paris' });
    expect(missing.outcome.type === 'error' && missing.outcome.error.message).toContain('"arg_1"');
  });

  it('names the expected type when a call under scrambled-arg-type sends the wrong one', async () => {
    const set = build('scrambled-arg-type', necessary);
    const execution = await run(set, 'get_weather', { city: 'Paris', days: 'three' });
    expect(execution.outcome.type).toBe('error');
    if (execution.outcome.type !== 'error') return;
    expect(execution.outcome.error.kind).toBe('invalid-argument-type');
    expect(execution.outcome.error.message).toContain('"days" must be an integer, not a string');
  });
});
