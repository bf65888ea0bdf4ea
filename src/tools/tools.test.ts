import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DefinitionError } from '../spec/index.js';
import { defineTool, ToolRegistry, ToolSet } from './index.js';

const base = {
  description: 'Look something up.',
  returns: 'A value.',
  kind: 'read' as const,
  run: () => 1,
};

describe('defineTool', () => {
  it('exports parameters to JSON Schema with every argument described', () => {
    const tool = defineTool({
      ...base,
      name: 'lookup',
      parameters: z.object({
        query: z.string().describe('What to look for.'),
        limit: z.number().int().min(1).optional().describe('At most this many results.'),
        unit: z.enum(['km', 'mi']).describe('Distance unit.'),
      }),
    });
    expect(tool.parameters).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['query', 'unit'],
      properties: {
        query: { type: 'string', description: 'What to look for.' },
        limit: { type: 'integer', minimum: 1, description: 'At most this many results.' },
        unit: { enum: ['km', 'mi'], description: 'Distance unit.' },
      },
    });
    expect(tool.roles).toEqual(['agent']);
    expect(tool.domain).toBe('general');
  });

  it('names the tool and the argument when an argument has no description', () => {
    expect(() => defineTool({ ...base, name: 'lookup', parameters: z.object({ query: z.string() }) })).toThrow(
      /tool "lookup": argument "query" has no description/,
    );
  });

  it('names the tool when its schema cannot be exported', () => {
    expect(() =>
      defineTool({ ...base, name: 'when', parameters: z.object({ at: z.date().describe('A date.') }) }),
    ).toThrow(/tool "when": its parameters cannot be exported to JSON Schema/);
  });

  it('rejects bad names and empty descriptions', () => {
    expect(() => defineTool({ ...base, name: 'look up', parameters: z.object({}) })).toThrow(DefinitionError);
    expect(() => defineTool({ ...base, name: 'x', description: ' ', parameters: z.object({}) })).toThrow(
      /description is empty/,
    );
  });
});

describe('ToolRegistry and ToolSet', () => {
  const a = defineTool({ ...base, name: 'a', parameters: z.object({}) });
  const b = defineTool({ ...base, name: 'b', parameters: z.object({}) });
  const u = defineTool({ ...base, name: 'u', parameters: z.object({}), roles: ['user'] });

  it('rejects a duplicate tool name, naming it', () => {
    expect(() => new ToolRegistry([a, a])).toThrow(/tool "a" is defined twice/);
  });

  it('gives each role its own tools, with allow and deny lists', () => {
    const registry = new ToolRegistry([a, b, u]);
    expect(ToolSet.fromRegistry(registry, 'agent').shownNames()).toEqual(['a', 'b']);
    expect(ToolSet.fromRegistry(registry, 'user').shownNames()).toEqual(['u']);
    expect(ToolSet.fromRegistry(registry, 'agent', { deny: ['b'] }).shownNames()).toEqual(['a']);
    expect(ToolSet.fromRegistry(registry, 'agent', { allow: ['b'] }).shownNames()).toEqual(['b']);
    expect(() => ToolSet.fromRegistry(registry, 'agent', { deny: ['nope'] })).toThrow(/unknown tool "nope"/);
  });
});
