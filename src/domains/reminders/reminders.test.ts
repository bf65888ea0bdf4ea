import { describe, expect, it } from 'vitest';
import type { Row } from '../../spec/index.js';
import { runTool } from '../../testing/run-tool.js';
import { DRY_CLEANER_LOCATION, SANDBOX_BASE_IDS as ids } from '../sandbox-presets/index.js';
import {
  phoneTool,
  resultOf,
  sandboxWorld,
  TEST_NOW,
  testClock,
  toolErrorOf,
} from '../sandbox-presets/sandbox-test-world.test-helpers.js';
import { remindersDomain } from './index.js';

const base = sandboxWorld('base');
const HOUR = 3600;
const DAY = 24 * HOUR;
const idsOf = (value: unknown) => (value as Row[]).map((reminder) => reminder.reminder_id);

describe('reminders domain', () => {
  it('has the four reference tools', () => {
    expect(remindersDomain.tools.map((tool) => tool.name)).toEqual([
      'add_reminder',
      'modify_reminder',
      'remove_reminder',
      'search_reminder',
    ]);
  });
});

describe('add_reminder', () => {
  it('stores a reminder created now, without a place', async () => {
    const clock = testClock(TEST_NOW + 7.25);
    const run = await runTool(
      phoneTool('add_reminder'),
      { content: 'Water the plants', reminder_timestamp: TEST_NOW + DAY },
      base,
      clock,
    );
    const reminderId = resultOf(run.outcome) as string;
    expect(run.world.find('reminders', reminderId)).toEqual({
      reminder_id: reminderId,
      content: 'Water the plants',
      creation_timestamp: TEST_NOW + 7.25,
      reminder_timestamp: TEST_NOW + DAY,
      latitude: null,
      longitude: null,
    });
  });

  it('stores a place given as latitude and longitude', async () => {
    const run = await runTool(
      phoneTool('add_reminder'),
      { content: 'Buy bread', reminder_timestamp: TEST_NOW + HOUR, latitude: 37.7955, longitude: -122.3937 },
      base,
    );
    expect(run.world.find('reminders', resultOf(run.outcome) as string)).toMatchObject({
      latitude: 37.7955,
      longitude: -122.3937,
    });
  });

  it.each([
    [{ latitude: 37.7 }, 'longitude'],
    [{ longitude: -122.4 }, 'latitude'],
    [{ latitude: 91, longitude: 0 }, 'latitude'],
    [{ latitude: 0, longitude: -181 }, 'longitude'],
  ])('rejects the place %j with invalid-value about %s', async (place, argument) => {
    const run = await runTool(
      phoneTool('add_reminder'),
      { content: 'Buy bread', reminder_timestamp: TEST_NOW + HOUR, ...place },
      base,
    );
    expect(toolErrorOf(run.outcome)).toMatchObject({ kind: 'invalid-value', details: { argument } });
    expect(run.world).toBe(base);
  });

  it.each([
    [TEST_NOW * 1000, 'milliseconds'],
    [100_000, '1980'],
    [2_600_000_000, '2050'],
  ])('rejects the timestamp %d with invalid-value', async (timestamp, words) => {
    const run = await runTool(
      phoneTool('add_reminder'),
      { content: 'Call the bank', reminder_timestamp: timestamp },
      base,
    );
    const error = toolErrorOf(run.outcome);
    expect(error.kind).toBe('invalid-value');
    expect(error.message).toContain(words);
    expect(error.hint).toContain('seconds');
  });

  it('rejects empty content', async () => {
    const run = await runTool(phoneTool('add_reminder'), { content: '', reminder_timestamp: TEST_NOW }, base);
    expect(toolErrorOf(run.outcome).kind).toBe('invalid-value');
  });
});

describe('modify_reminder', () => {
  it('changes the given fields in place and refreshes the creation time', async () => {
    const clock = testClock(TEST_NOW + 30);
    const run = await runTool(
      phoneTool('modify_reminder'),
      { reminder_id: ids.carRegistration, reminder_timestamp: TEST_NOW + 3 * DAY, latitude: 37.78, longitude: -122.42 },
      base,
      clock,
    );
    expect(run.outcome).toEqual({ type: 'result', value: null });
    expect(run.world.find('reminders', ids.carRegistration)).toEqual({
      reminder_id: ids.carRegistration,
      content: 'Renew the car registration',
      creation_timestamp: TEST_NOW + 30,
      reminder_timestamp: TEST_NOW + 3 * DAY,
      latitude: 37.78,
      longitude: -122.42,
    });
    const position = (world: typeof base) =>
      world.rows('reminders').findIndex((reminder) => reminder.reminder_id === ids.carRegistration);
    expect(position(run.world)).toBe(position(base));
  });

  it('keeps an existing place when only the content changes', async () => {
    const run = await runTool(
      phoneTool('modify_reminder'),
      { reminder_id: ids.dryCleaning, content: 'Get the suits' },
      base,
    );
    expect(run.world.find('reminders', ids.dryCleaning)).toMatchObject({
      content: 'Get the suits',
      ...DRY_CLEANER_LOCATION,
    });
  });

  it('fails with invalid-value when nothing is to change, and with not-found for an unknown id', async () => {
    const nothing = toolErrorOf(
      (await runTool(phoneTool('modify_reminder'), { reminder_id: ids.recycling }, base)).outcome,
    );
    expect(nothing.kind).toBe('invalid-value');
    const unknown = toolErrorOf(
      (await runTool(phoneTool('modify_reminder'), { reminder_id: 'nope', content: 'x' }, base)).outcome,
    );
    expect(unknown.kind).toBe('not-found');
    expect(unknown.hint).toContain('search_reminder');
  });

  it('fails with invalid-value for half a place or a bad timestamp, changing nothing', async () => {
    const half = await runTool(phoneTool('modify_reminder'), { reminder_id: ids.recycling, latitude: 10 }, base);
    expect(toolErrorOf(half.outcome).kind).toBe('invalid-value');
    expect(half.world).toBe(base);
    const late = await runTool(
      phoneTool('modify_reminder'),
      { reminder_id: ids.recycling, reminder_timestamp: TEST_NOW * 1000 },
      base,
    );
    expect(toolErrorOf(late.outcome).kind).toBe('invalid-value');
  });
});

describe('remove_reminder', () => {
  it('deletes the reminder', async () => {
    const run = await runTool(phoneTool('remove_reminder'), { reminder_id: ids.electricityBill }, base);
    expect(run.world.find('reminders', ids.electricityBill)).toBeUndefined();
    expect(run.world.rows('reminders')).toHaveLength(3);
  });

  it('fails with not-found for an unknown id', async () => {
    const run = await runTool(phoneTool('remove_reminder'), { reminder_id: 'nope' }, base);
    expect(toolErrorOf(run.outcome).kind).toBe('not-found');
  });
});

describe('search_reminder', () => {
  const search = async (args: Record<string, unknown>) =>
    (await runTool(phoneTool('search_reminder'), args, base)).outcome;

  it('finds reminders by id and approximate content', async () => {
    expect(idsOf(resultOf(await search({ reminder_id: ids.recycling })))).toEqual([ids.recycling]);
    expect(idsOf(resultOf(await search({ content: 'recycling' })))[0]).toBe(ids.recycling);
    expect(idsOf(resultOf(await search({ content: 'electricity bill' })))[0]).toBe(ids.electricityBill);
  });

  it('applies inclusive due and creation bounds', async () => {
    expect(idsOf(resultOf(await search({ reminder_timestamp_upperbound: TEST_NOW })))).toEqual([
      ids.electricityBill,
      ids.recycling,
    ]);
    expect(idsOf(resultOf(await search({ reminder_timestamp_lowerbound: TEST_NOW + HOUR })))).toEqual([
      ids.dryCleaning,
      ids.carRegistration,
    ]);
    expect(
      idsOf(
        resultOf(
          await search({ creation_timestamp_lowerbound: TEST_NOW - 2 * DAY, creation_timestamp_upperbound: TEST_NOW }),
        ),
      ),
    ).toEqual([ids.recycling, ids.dryCleaning, ids.carRegistration]);
  });

  it('matches a place exactly', async () => {
    expect(idsOf(resultOf(await search(DRY_CLEANER_LOCATION)))).toEqual([ids.dryCleaning]);
    expect(resultOf(await search({ latitude: 37.79 }))).toEqual([]);
  });

  it('fails with invalid-value without a criterion or with bad bounds or coordinates', async () => {
    expect(toolErrorOf(await search({})).kind).toBe('invalid-value');
    expect(
      toolErrorOf(
        await search({ reminder_timestamp_lowerbound: TEST_NOW, reminder_timestamp_upperbound: TEST_NOW - 1 }),
      ).kind,
    ).toBe('invalid-value');
    expect(toolErrorOf(await search({ creation_timestamp_upperbound: 12 })).kind).toBe('invalid-value');
    expect(toolErrorOf(await search({ latitude: -95 })).kind).toBe('invalid-value');
    expect(toolErrorOf(await search({ longitude: 200 })).kind).toBe('invalid-value');
  });
});
