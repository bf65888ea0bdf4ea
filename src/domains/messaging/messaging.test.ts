import { describe, expect, it } from 'vitest';
import type { Row } from '../../spec/index.js';
import { runTool } from '../../testing/run-tool.js';
import { SANDBOX_BASE_IDS as ids, UNKNOWN_PHONE_NUMBER } from '../sandbox-presets/index.js';
import {
  phoneTool,
  resultOf,
  sandboxWorld,
  TEST_NOW,
  testClock,
  toolErrorOf,
} from '../sandbox-presets/sandbox-test-world.test-helpers.js';
import { messagingDomain } from './index.js';

const base = sandboxWorld('base');
const send = phoneTool('send_message_with_phone_number');
const idsOf = (value: unknown) => (value as Row[]).map((message) => message.message_id);

describe('messaging domain', () => {
  it('has the two reference tools and needs cellular to send', () => {
    expect(messagingDomain.tools.map((tool) => tool.name)).toEqual([
      'send_message_with_phone_number',
      'search_messages',
    ]);
    expect(send.dependsOn).toEqual(['cellular']);
  });
});

describe('send_message_with_phone_number', () => {
  it('stores a message from the owner to the contact with that number, timed by the episode clock', async () => {
    const clock = testClock(TEST_NOW + 42.5);
    const run = await runTool(send, { phone_number: '(415) 555-0134', content: 'Running late!' }, base, clock);
    const messageId = resultOf(run.outcome) as string;
    expect(run.world.find('messages', messageId)).toEqual({
      message_id: messageId,
      sender_person_id: ids.mayaOkafor,
      sender_phone_number: '+14155550100',
      recipient_person_id: ids.danielReyes,
      recipient_phone_number: '+14155550134',
      content: 'Running late!',
      creation_timestamp: TEST_NOW + 42.5,
    });
  });

  it('sends to a number that is no contact, with a null recipient_person_id', async () => {
    const run = await runTool(send, { phone_number: '+14155550166', content: 'Hello' }, base);
    const row = run.world.find('messages', resultOf(run.outcome) as string);
    expect(row?.recipient_person_id).toBeNull();
    expect(row?.recipient_phone_number).toBe('+14155550166');
  });

  it('fails with connection while cellular is off, naming the fix, and changes nothing', async () => {
    const world = sandboxWorld('base-cellular-off');
    const run = await runTool(send, { phone_number: '+14155550134', content: 'Hi' }, world);
    const error = toolErrorOf(run.outcome);
    expect(error.kind).toBe('connection');
    expect(error.message).toContain('Cellular service is off');
    expect(error.hint).toContain('set_cellular_service_status(on=true)');
    expect(run.world).toBe(world);
  });

  it('fails with invalid-value for a malformed number or empty content', async () => {
    const badNumber = await runTool(send, { phone_number: '12', content: 'Hi' }, base);
    expect(toolErrorOf(badNumber.outcome).kind).toBe('invalid-value');
    const empty = await runTool(send, { phone_number: '+14155550134', content: '   ' }, base);
    expect(toolErrorOf(empty.outcome)).toMatchObject({ kind: 'invalid-value', details: { argument: 'content' } });
  });

  it('fails with not-found when no contact is the owner', async () => {
    const noOwner = (await runTool(phoneTool('remove_contact'), { person_id: ids.mayaOkafor }, base)).world;
    const error = toolErrorOf((await runTool(send, { phone_number: '+14155550134', content: 'Hi' }, noOwner)).outcome);
    expect(error.kind).toBe('not-found');
    expect(error.hint).toContain('is_self=true');
  });

  it('fails with duplicate when two contacts are the owner', async () => {
    const twoOwners = base.replaceTable(
      'contacts',
      base
        .rows('contacts')
        .map((contact) => (contact.person_id === ids.leoBrandt ? { ...contact, is_self: true } : contact)),
    );
    const error = toolErrorOf(
      (await runTool(send, { phone_number: '+14155550134', content: 'Hi' }, twoOwners)).outcome,
    );
    expect(error.kind).toBe('duplicate');
    expect(error.message).toContain(ids.leoBrandt);
  });

  it('unwinds low battery mode step by step: connection, then permission, then success', async () => {
    const args = { phone_number: '+14155550147', content: 'Slides are in your inbox.' };
    const lowBattery = (await runTool(phoneTool('set_low_battery_mode_status'), { on: true }, base)).world;

    const blocked = await runTool(send, args, lowBattery);
    expect(toolErrorOf(blocked.outcome).kind).toBe('connection');

    const cellularRefused = await runTool(phoneTool('set_cellular_service_status'), { on: true }, lowBattery);
    const refusal = toolErrorOf(cellularRefused.outcome);
    expect(refusal.kind).toBe('permission');
    expect(refusal.hint).toContain('set_low_battery_mode_status(on=false)');
    expect(cellularRefused.world).toBe(lowBattery);

    const batteryOff = (await runTool(phoneTool('set_low_battery_mode_status'), { on: false }, lowBattery)).world;
    expect(toolErrorOf((await runTool(send, args, batteryOff)).outcome).kind).toBe('connection');
    const cellularOn = (await runTool(phoneTool('set_cellular_service_status'), { on: true }, batteryOff)).world;
    const sent = await runTool(send, args, cellularOn);
    const row = sent.world.find('messages', resultOf(sent.outcome) as string);
    expect(row?.recipient_person_id).toBe(ids.priyaNatarajan);
  });
});

describe('search_messages', () => {
  const search = async (args: Record<string, unknown>) =>
    (await runTool(phoneTool('search_messages'), args, base)).outcome;

  it('finds messages by id, person and phone number (in any written form)', async () => {
    expect(idsOf(resultOf(await search({ message_id: ids.callMother })))).toEqual([ids.callMother]);
    expect(idsOf(resultOf(await search({ sender_person_id: ids.priyaNatarajan })))).toEqual([
      ids.slidesRequest,
      ids.roomRequest,
    ]);
    expect(idsOf(resultOf(await search({ recipient_person_id: ids.danielReyes })))).toEqual([ids.climbingAnswer]);
    expect(idsOf(resultOf(await search({ sender_phone_number: '212-555-0187' })))).toEqual([ids.dentistConfirmation]);
    expect(idsOf(resultOf(await search({ recipient_phone_number: UNKNOWN_PHONE_NUMBER })))).toEqual([ids.dentistReply]);
  });

  it('matches content approximately', async () => {
    // As loose as the reference (WRatio ≥ 50): the short "YES" also passes, but the best match comes first.
    expect(idsOf(resultOf(await search({ content: 'Q3 slides' })))).toEqual([ids.slidesRequest, ids.dentistReply]);
    expect(idsOf(resultOf(await search({ content: 'conference room' })))).toEqual([ids.roomRequest]);
    expect(idsOf(resultOf(await search({ content: 'climbing on Saturday' })))).toContain(ids.climbingQuestion);
    expect(resultOf(await search({ content: 'xylophone quartet' }))).toEqual([]);
  });

  it('applies inclusive time bounds', async () => {
    const request = base.find('messages', ids.slidesRequest);
    const at = request?.creation_timestamp as number;
    expect(idsOf(resultOf(await search({ creation_timestamp_lowerbound: at })))).toEqual([
      ids.slidesRequest,
      ids.slidesPromise,
      ids.roomRequest,
    ]);
    expect(
      idsOf(resultOf(await search({ creation_timestamp_lowerbound: at, creation_timestamp_upperbound: at }))),
    ).toEqual([ids.slidesRequest]);
    expect(
      idsOf(
        resultOf(await search({ sender_person_id: ids.mayaOkafor, creation_timestamp_upperbound: TEST_NOW - 86_400 })),
      ),
    ).toEqual([ids.dentistReply, ids.climbingAnswer]);
  });

  it('finds a message just sent', async () => {
    const sent = await runTool(send, { phone_number: '+14155550162', content: 'Landed safely' }, base);
    const messageId = resultOf(sent.outcome) as string;
    const found = await runTool(phoneTool('search_messages'), { recipient_person_id: ids.helenOkafor }, sent.world);
    expect(idsOf(resultOf(found.outcome))).toEqual([messageId]);
  });

  it('fails with invalid-value without a criterion, for swapped or out-of-range bounds, or a bad number', async () => {
    const none = toolErrorOf(await search({}));
    expect(none.kind).toBe('invalid-value');
    expect(none.hint).toContain('creation_timestamp_upperbound');
    const swapped = toolErrorOf(
      await search({ creation_timestamp_lowerbound: TEST_NOW, creation_timestamp_upperbound: TEST_NOW - 10 }),
    );
    expect(swapped.kind).toBe('invalid-value');
    expect(swapped.hint).toContain('Swap');
    const milliseconds = toolErrorOf(await search({ creation_timestamp_lowerbound: TEST_NOW * 1000 }));
    expect(milliseconds.kind).toBe('invalid-value');
    expect(milliseconds.message).toContain('milliseconds');
    expect(toolErrorOf(await search({ creation_timestamp_upperbound: 0 })).kind).toBe('invalid-value');
    expect(toolErrorOf(await search({ sender_phone_number: 'unknown' })).kind).toBe('invalid-value');
  });
});
