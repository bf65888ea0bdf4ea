import { describe, expect, it } from 'vitest';
import { DefinitionError, type Row } from '../../spec/index.js';
import { runTool } from '../../testing/run-tool.js';
import { WorldSnapshot } from '../../world/index.js';
import { buildSandboxWorld, SANDBOX_BASE_IDS, SANDBOX_PRESETS, UNKNOWN_PHONE_NUMBER } from './index.js';
import {
  PHONE_DOMAINS,
  phoneTool,
  phoneWorldSchema,
  sandboxWorld,
  TEST_NOW,
} from './sandbox-test-world.test-helpers.js';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 24 * HOUR;

describe('SANDBOX_PRESETS', () => {
  it('names the base world, every combination of radios off, and low battery', () => {
    expect(Object.keys(SANDBOX_PRESETS).sort()).toEqual([
      'base',
      'base-cellular-off',
      'base-location-off',
      'base-location-off-cellular-off',
      'base-low-battery',
      'base-wifi-off',
      'base-wifi-off-cellular-off',
      'base-wifi-off-location-off',
      'base-wifi-off-location-off-cellular-off',
    ]);
  });

  it.each(Object.entries(SANDBOX_PRESETS))('%s builds a valid world with the settings it names', (name, preset) => {
    const world = WorldSnapshot.create(phoneWorldSchema, buildSandboxWorld(name, { now: TEST_NOW }));
    const [settings] = world.rows('settings');
    expect(world.rows('settings')).toHaveLength(1);
    expect(settings).toMatchObject(preset.settings);
    expect(settings).toMatchObject({ latitude: 37.7955, longitude: -122.3937 });
    expect(preset.description.length).toBeGreaterThan(20);
    const expectOff = (part: string, setting: 'wifi' | 'cellular' | 'location_service') =>
      expect(settings?.[setting]).toBe(!(name.includes(part) || name === 'base-low-battery'));
    expectOff('wifi-off', 'wifi');
    expectOff('cellular-off', 'cellular');
    expectOff('location-off', 'location_service');
    expect(settings?.low_battery_mode).toBe(name === 'base-low-battery');
  });

  it('rejects an unknown preset, naming it and the known ones', () => {
    expect(() => buildSandboxWorld('base-bluetooth-off', { now: TEST_NOW })).toThrow(DefinitionError);
    expect(() => buildSandboxWorld('base-bluetooth-off', { now: TEST_NOW })).toThrow(
      /"base-bluetooth-off".*base, base-wifi-off/,
    );
    expect(() => buildSandboxWorld('toString', { now: TEST_NOW })).toThrow(DefinitionError);
    expect(() => buildSandboxWorld('base', { now: Number.NaN })).toThrow(DefinitionError);
  });
});

describe('the base world', () => {
  const world = sandboxWorld('base');
  const contacts = world.rows('contacts');
  const messages = world.rows('messages');
  const reminders = world.rows('reminders');

  it('has one owner and six contacts with varied relationships and fictional US numbers', () => {
    expect(contacts.filter((contact) => contact.is_self)).toHaveLength(1);
    expect(contacts).toHaveLength(7);
    const relationships = new Set(contacts.map((contact) => contact.relationship).filter(Boolean));
    expect(relationships.size).toBeGreaterThanOrEqual(5);
    for (const contact of contacts) expect(contact.phone_number).toMatch(/^\+1\d{3}55501\d\d$/);
  });

  it('has unique ids across all tables', () => {
    const allIds = [
      ...world.rows('settings').map((row) => row.device_id),
      ...contacts.map((row) => row.person_id),
      ...messages.map((row) => row.message_id),
      ...reminders.map((row) => row.reminder_id),
    ];
    expect(new Set(allIds).size).toBe(allIds.length);
    expect(new Set(Object.values(SANDBOX_BASE_IDS)).size).toBe(allIds.length);
  });

  it('has recent messages both ways, some within the hour, one from an unknown number', () => {
    const owner = SANDBOX_BASE_IDS.mayaOkafor;
    expect(messages.length).toBeGreaterThanOrEqual(6);
    expect(messages.length).toBeLessThanOrEqual(8);
    expect(messages.some((message) => message.sender_person_id === owner)).toBe(true);
    expect(messages.some((message) => message.recipient_person_id === owner)).toBe(true);
    expect(
      messages.filter(
        (message) => message.sender_person_id === null && message.sender_phone_number === UNKNOWN_PHONE_NUMBER,
      ),
    ).toHaveLength(1);
    const ages = messages.map((message) => TEST_NOW - (message.creation_timestamp as number));
    expect(ages.every((age) => age > 0 && age < 4 * DAY)).toBe(true);
    expect(ages.filter((age) => age < HOUR).length).toBeGreaterThanOrEqual(2);
    for (const message of messages) {
      const sender = contacts.find((contact) => contact.person_id === message.sender_person_id);
      if (sender) expect(message.sender_phone_number).toBe(sender.phone_number);
    }
  });

  it('has reminders overdue by a day, due a minute ago, due in an hour at a place, and next week', () => {
    const dueIn = reminders.map((reminder) => (reminder.reminder_timestamp as number) - TEST_NOW);
    expect(dueIn).toEqual([-DAY, -MINUTE, HOUR, 7 * DAY]);
    const located = reminders.filter((reminder) => reminder.latitude !== null);
    expect(located.map((reminder) => reminder.reminder_id)).toEqual([SANDBOX_BASE_IDS.dryCleaning]);
    expect(reminders.every((reminder) => (reminder.creation_timestamp as number) < TEST_NOW)).toBe(true);
  });

  it('moves every time with "now" and keeps ids fixed', () => {
    const later = buildSandboxWorld('base', { now: TEST_NOW + DAY });
    const earlier = buildSandboxWorld('base', { now: TEST_NOW });
    const shift = (rows: readonly Row[] | undefined, column: string) =>
      (rows ?? []).map((row) => (row[column] as number) - TEST_NOW);
    expect(shift(later.messages, 'creation_timestamp')).toEqual(
      shift(earlier.messages, 'creation_timestamp').map((offset) => offset + DAY),
    );
    expect(later.contacts).toEqual(earlier.contacts);
    expect(later.messages?.map((row) => row.message_id)).toEqual(earlier.messages?.map((row) => row.message_id));
  });
});

describe('the phone domains together', () => {
  it('offer the 19 tools of the reference', () => {
    expect(PHONE_DOMAINS.flatMap((domain) => domain.tools).map((tool) => tool.name)).toHaveLength(19);
    expect(PHONE_DOMAINS.map((domain) => domain.name)).toEqual(['settings', 'contacts', 'messaging', 'reminders']);
  });

  it('give identical rows and ids for the same calls on two worlds from the same preset and now', async () => {
    const script: [string, Record<string, unknown>][] = [
      ['set_low_battery_mode_status', { on: true }],
      ['set_cellular_service_status', { on: true }],
      ['set_low_battery_mode_status', { on: false }],
      ['set_cellular_service_status', { on: true }],
      ['add_contact', { name: 'Nora Quinn', phone_number: '415 555 0199', relationship: 'cousin' }],
      ['send_message_with_phone_number', { phone_number: '+14155550199', content: 'Welcome to the family chat!' }],
      ['add_reminder', { content: 'Call Nora', reminder_timestamp: TEST_NOW + DAY }],
      ['modify_contact', { person_id: SANDBOX_BASE_IDS.leoBrandt, relationship: 'climbing partner' }],
      ['remove_reminder', { reminder_id: SANDBOX_BASE_IDS.recycling }],
    ];
    const play = async () => {
      let world = sandboxWorld('base-cellular-off');
      const outcomes = [];
      for (const [name, args] of script) {
        const run = await runTool(phoneTool(name), args, world);
        outcomes.push(run.outcome);
        world = run.world;
      }
      return { world, outcomes };
    };
    const first = await play();
    const second = await play();
    expect(second.outcomes).toEqual(first.outcomes);
    expect(second.world.toRecord()).toEqual(first.world.toRecord());
    expect(second.world.idSequence).toBe(first.world.idSequence);
    expect(first.outcomes[1]?.type).toBe('error');
    expect(first.outcomes.slice(2).every((outcome) => outcome.type === 'result')).toBe(true);
    expect(first.world.rows('messages')).toHaveLength(9);
  });

  it('never change the world or hand out an id on a failed call', async () => {
    const world = sandboxWorld('base-low-battery');
    const failing: [string, Record<string, unknown>][] = [
      ['set_wifi_status', { on: true }],
      ['get_current_location', {}],
      ['add_contact', { name: 'X', phone_number: 'none' }],
      ['add_contact', { name: 'X', phone_number: '+14155550199', is_self: true }],
      ['modify_contact', { person_id: 'missing', name: 'X' }],
      ['remove_contact', { person_id: 'missing' }],
      ['search_contacts', {}],
      ['send_message_with_phone_number', { phone_number: '+14155550134', content: 'Hi' }],
      ['search_messages', { creation_timestamp_lowerbound: 1 }],
      ['add_reminder', { content: 'X', reminder_timestamp: TEST_NOW, latitude: 1 }],
      ['modify_reminder', { reminder_id: SANDBOX_BASE_IDS.recycling }],
      ['remove_reminder', { reminder_id: 'missing' }],
      ['search_reminder', { longitude: 500 }],
    ];
    for (const [name, args] of failing) {
      const run = await runTool(phoneTool(name), args, world);
      expect(run.outcome.type, name).toBe('error');
      expect(run.world, name).toBe(world);
      expect(run.world.idSequence, name).toBe(0);
    }
  });
});
