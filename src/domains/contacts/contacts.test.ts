import { describe, expect, it } from 'vitest';
import type { Row } from '../../spec/index.js';
import { runTool } from '../../testing/run-tool.js';
import { SANDBOX_BASE_IDS as ids } from '../sandbox-presets/index.js';
import { phoneTool, resultOf, sandboxWorld, toolErrorOf } from '../sandbox-presets/sandbox-test-world.test-helpers.js';
import { contactsDomain } from './index.js';

const base = sandboxWorld('base');
const namesOf = (value: unknown) => (value as Row[]).map((contact) => contact.name);

describe('contacts domain', () => {
  it('has the four reference tools', () => {
    expect(contactsDomain.tools.map((tool) => tool.name)).toEqual([
      'add_contact',
      'modify_contact',
      'remove_contact',
      'search_contacts',
    ]);
    expect(contactsDomain.tables.map((table) => table.name)).toEqual(['contacts']);
  });
});

describe('add_contact', () => {
  it('stores the contact with a normalised number and returns its new person_id', async () => {
    const run = await runTool(phoneTool('add_contact'), { name: ' Nora Quinn ', phone_number: '(415) 555-0199' }, base);
    const personId = resultOf(run.outcome);
    expect(typeof personId).toBe('string');
    expect(run.world.find('contacts', personId as string)).toEqual({
      person_id: personId,
      name: 'Nora Quinn',
      phone_number: '+14155550199',
      relationship: null,
      is_self: false,
    });
    expect(run.world.rows('contacts')).toHaveLength(base.rows('contacts').length + 1);
  });

  it('keeps a relationship and allows the same details twice under different ids', async () => {
    const args = { name: 'Nora Quinn', phone_number: '+14155550199', relationship: 'cousin' };
    const first = await runTool(phoneTool('add_contact'), args, base);
    const second = await runTool(phoneTool('add_contact'), args, first.world);
    expect(resultOf(second.outcome)).not.toBe(resultOf(first.outcome));
    expect(second.world.find('contacts', resultOf(second.outcome) as string)?.relationship).toBe('cousin');
  });

  it('rejects a malformed number with invalid-value and changes nothing', async () => {
    const run = await runTool(phoneTool('add_contact'), { name: 'Nora', phone_number: '555-01' }, base);
    const error = toolErrorOf(run.outcome);
    expect(error.kind).toBe('invalid-value');
    expect(error.hint).toContain('+14155550123');
    expect(run.world).toBe(base);
  });

  it('rejects an empty name', async () => {
    const run = await runTool(phoneTool('add_contact'), { name: '  ', phone_number: '+14155550199' }, base);
    expect(toolErrorOf(run.outcome).kind).toBe('invalid-value');
  });

  it('refuses a second owner with duplicate, pointing at the existing one', async () => {
    const run = await runTool(
      phoneTool('add_contact'),
      { name: 'Someone Else', phone_number: '+14155550199', is_self: true },
      base,
    );
    const error = toolErrorOf(run.outcome);
    expect(error.kind).toBe('duplicate');
    expect(error.message).toContain('Maya Okafor');
    expect(error.hint).toContain(`modify_contact(person_id="${ids.mayaOkafor}"`);
    expect(run.world).toBe(base);
  });

  it('accepts an owner when there is none', async () => {
    const removed = await runTool(phoneTool('remove_contact'), { person_id: ids.mayaOkafor }, base);
    const added = await runTool(
      phoneTool('add_contact'),
      { name: 'Maya O.', phone_number: '+14155550100', is_self: true },
      removed.world,
    );
    expect(added.world.find('contacts', resultOf(added.outcome) as string)?.is_self).toBe(true);
  });
});

describe('modify_contact', () => {
  it('updates the given fields in place and leaves the rest', async () => {
    const run = await runTool(
      phoneTool('modify_contact'),
      { person_id: ids.tomLindqvist, phone_number: '415.555.0111', relationship: 'manager' },
      base,
    );
    expect(run.outcome).toEqual({ type: 'result', value: null });
    const before = base.rows('contacts').findIndex((contact) => contact.person_id === ids.tomLindqvist);
    const after = run.world.rows('contacts').findIndex((contact) => contact.person_id === ids.tomLindqvist);
    expect(after).toBe(before);
    expect(run.world.find('contacts', ids.tomLindqvist)).toEqual({
      person_id: ids.tomLindqvist,
      name: 'Tom Lindqvist',
      phone_number: '+14155550111',
      relationship: 'manager',
      is_self: false,
    });
  });

  it('clears the relationship when given an empty one', async () => {
    const run = await runTool(phoneTool('modify_contact'), { person_id: ids.leoBrandt, relationship: '' }, base);
    expect(run.world.find('contacts', ids.leoBrandt)?.relationship).toBeNull();
  });

  it('fails with invalid-value when nothing is to change', async () => {
    const run = await runTool(phoneTool('modify_contact'), { person_id: ids.leoBrandt }, base);
    const error = toolErrorOf(run.outcome);
    expect(error.kind).toBe('invalid-value');
    expect(error.hint).toContain('name, phone_number, relationship, is_self');
  });

  it('fails with not-found for an unknown person_id', async () => {
    const run = await runTool(phoneTool('modify_contact'), { person_id: 'nobody', name: 'X' }, base);
    const error = toolErrorOf(run.outcome);
    expect(error.kind).toBe('not-found');
    expect(error.hint).toContain('search_contacts');
  });

  it('fails with duplicate when making a second owner, and changes nothing', async () => {
    const run = await runTool(phoneTool('modify_contact'), { person_id: ids.danielReyes, is_self: true }, base);
    expect(toolErrorOf(run.outcome).kind).toBe('duplicate');
    expect(run.world).toBe(base);
  });

  it('lets the owner stay the owner and rejects a malformed new number', async () => {
    const same = await runTool(phoneTool('modify_contact'), { person_id: ids.mayaOkafor, is_self: true }, base);
    expect(same.outcome.type).toBe('result');
    const bad = await runTool(phoneTool('modify_contact'), { person_id: ids.mayaOkafor, phone_number: 'n/a' }, base);
    expect(toolErrorOf(bad.outcome).kind).toBe('invalid-value');
  });
});

describe('remove_contact', () => {
  it('deletes the contact', async () => {
    const run = await runTool(phoneTool('remove_contact'), { person_id: ids.rosaDelgado }, base);
    expect(run.world.find('contacts', ids.rosaDelgado)).toBeUndefined();
    expect(run.world.rows('contacts')).toHaveLength(base.rows('contacts').length - 1);
  });

  it('fails with not-found for an unknown person_id', async () => {
    const run = await runTool(phoneTool('remove_contact'), { person_id: 'nobody' }, base);
    expect(toolErrorOf(run.outcome).kind).toBe('not-found');
    expect(run.world).toBe(base);
  });
});

describe('search_contacts', () => {
  const search = async (args: Record<string, unknown>) =>
    (await runTool(phoneTool('search_contacts'), args, base)).outcome;

  it('matches names approximately', async () => {
    expect(namesOf(resultOf(await search({ name: 'Okafor' })))).toEqual(['Maya Okafor', 'Helen Okafor']);
    expect(namesOf(resultOf(await search({ name: 'Daniel' })))).toEqual(['Daniel Reyes']);
    expect(namesOf(resultOf(await search({ name: 'priya natarajan' })))).toEqual(['Priya Natarajan']);
    expect(resultOf(await search({ name: 'Zebulon' }))).toEqual([]);
  });

  it('matches relationships approximately', async () => {
    expect(namesOf(resultOf(await search({ relationship: 'friend' })))).toEqual(['Daniel Reyes', 'Leo Brandt']);
    expect(namesOf(resultOf(await search({ relationship: 'neighbour' })))).toEqual(['Rosa Delgado']);
    expect(namesOf(resultOf(await search({ relationship: 'co-worker' })))).toEqual(['Tom Lindqvist']);
  });

  it('matches ids, numbers (in any written form) and is_self exactly, and combines criteria', async () => {
    expect(namesOf(resultOf(await search({ person_id: ids.helenOkafor })))).toEqual(['Helen Okafor']);
    expect(namesOf(resultOf(await search({ phone_number: '(415) 555-0147' })))).toEqual(['Priya Natarajan']);
    expect(namesOf(resultOf(await search({ is_self: true })))).toEqual(['Maya Okafor']);
    expect(resultOf(await search({ is_self: false }))).toHaveLength(6);
    expect(namesOf(resultOf(await search({ relationship: 'friend', name: 'Leo' })))).toEqual(['Leo Brandt']);
  });

  it('returns whole rows', async () => {
    expect(resultOf(await search({ name: 'Rosa Delgado' }))).toEqual([
      {
        person_id: ids.rosaDelgado,
        name: 'Rosa Delgado',
        phone_number: '+14155550189',
        relationship: 'neighbor',
        is_self: false,
      },
    ]);
  });

  it('fails with invalid-value without a criterion, with a blank name, or with a malformed number', async () => {
    const none = toolErrorOf(await search({}));
    expect(none.kind).toBe('invalid-value');
    expect(none.hint).toContain('person_id, name, phone_number, relationship, is_self');
    expect(toolErrorOf(await search({ name: ' ' })).kind).toBe('invalid-value');
    expect(toolErrorOf(await search({ phone_number: 'abc' })).kind).toBe('invalid-value');
  });
});
