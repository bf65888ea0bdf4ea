/**
 * Arguments of the wrong type in `reference-compatible` mode run or fail as in the reference's Python
 * tools (texts checked with CPython 3.11 by running the reference; the parity suite covers them on the
 * original data). Default mode refuses them all.
 */
import { describe, expect, it } from 'vitest';
import { type ToolTalkDatabases, worldFromDatabases } from '../../domains/tooltalk/index.js';
import { EpisodeClock } from '../../world/index.js';
import { ToolTalkCallExecutor } from './call-executor.js';
import type { ComparisonMode } from './comparators.js';
import { tagged, untagResponse, untagText } from './python-arguments.js';

const databases: ToolTalkDatabases = {
  Account: {
    ana: { username: 'ana', email: 'ana@x.example', phone: null, name: 'Ana', password: 'pw', session_token: null },
  },
  Alarm: {},
  Calendar: {},
  Email: {},
  Message: { ana: {} },
  Reminder: {},
  Weather: {},
  HistoricWeather: {},
};

function session(mode: ComparisonMode) {
  const executor = new ToolTalkCallExecutor(EpisodeClock.fromIso('2024-01-01T09:00:00Z', 'UTC'), mode);
  let world = worldFromDatabases(databases);
  return async (name: string, args: Record<string, unknown>) => {
    const outcome = await executor.execute({ id: name, name, arguments: args }, world);
    world = outcome.world;
    return outcome.record;
  };
}

describe('reference-compatible argument types', () => {
  it('runs what Python runs: values only held or compared, with their effects kept', async () => {
    const call = session('reference-compatible');
    expect((await call('UserLogin', { username: 'ana', password: 'pw' })).exception).toBeNull();
    const changed = await call('ChangePassword', { old_password: 'pw', new_password: 12345 });
    expect(changed).toMatchObject({ response: { status: 'success' }, exception: null });
    expect(changed.request.parameters?.new_password).toBe(12345);
    expect((await call('SendMessage', { receiver: 42, message: 'hi' })).exception).toBeNull();
    expect((await call('SendMessage', { receiver: null, message: 'hi' })).exception).toBeNull();
    expect((await call('LogoutUser', {})).exception).toBeNull();
    // the number is the password now: the text "12345" is not, the number is
    expect((await call('UserLogin', { username: 'ana', password: '12345' })).exception).toBe(
      'The password is incorrect.',
    );
    expect((await call('UserLogin', { username: 'ana', password: 12345 })).exception).toBeNull();
    const created = await call('CreateEvent', {
      name: 'Lunch',
      event_type: 'event',
      start_time: '2024-01-02 12:00:00',
      end_time: '2024-01-02 13:00:00',
      attendees: [123],
    });
    expect(created.exception).toBeNull();
    const found = await call('QueryCalendar', { start_time: '2024-01-02 00:00:00', end_time: '2024-01-02 23:00:00' });
    expect(found.response).toMatchObject({ events: [{ name: 'Lunch', attendees: [123, 'ana'] }] });
  });

  it("fails where Python fails, with Python's texts", async () => {
    const call = session('reference-compatible');
    await call('UserLogin', { username: 'ana', password: 'pw' });
    expect((await call('AddAlarm', { time: 1830 })).exception).toBe('strptime() argument 1 must be str, not int');
    // null is Python's None: the default of an optional argument, a value like any other for a required one
    expect((await call('AddReminder', { task: 'x', due_date: null })).exception).toBeNull();
    expect(
      (await call('CreateEvent', { name: 1, event_type: 'event', start_time: null, end_time: 'b' })).exception,
    ).toBe('strptime() argument 1 must be str, not None');
    expect((await call('DeleteAlarm', { alarm_id: 593 })).exception).toBe('Alarm 593 not found.');
    expect((await call('CurrentWeather', { location: 10001 })).exception).toBe("'int' object has no attribute 'lower'");
    expect((await call('SendEmail', { to: 5, subject: 's', body: 'b' })).exception).toBe(
      "'int' object is not iterable",
    );
    expect((await call('SendEmail', { to: 'ab', subject: 's', body: 'b' })).exception).toBe(
      'a is not a valid email address.',
    );
    expect((await call('SendEmail', { to: '', subject: 's', body: 'b' })).exception).toBeNull();
    expect((await call('SearchMessages', { query: 'x', match_type: null })).exception).toBe(
      'match_type must be either "any" or "all".',
    );
    expect((await call('GetReminders', { status: 'pending' })).exception).toBe(
      "GetReminders.call() got an unexpected keyword argument 'status'",
    );
    expect((await call('CreateEvent', { name: 'x', event_type: 'event' })).exception).toBe(
      "CreateEvent.call() missing 2 required positional arguments: 'start_time' and 'end_time'",
    );
    expect((await call('CreateEvent', { name: 1, event_type: true, start_time: 'a', end_time: 'b' })).exception).toBe(
      'Event type True not supported.',
    );
  });

  it('returns early as Python does: a user without alarms gets none, whatever the range', async () => {
    const call = session('reference-compatible');
    await call('UserLogin', { username: 'ana', password: 'pw' });
    expect((await call('FindAlarms', { start_range: 7 })).response).toEqual({ alarms: [] });
    await call('AddAlarm', { time: '07:00:00' });
    expect((await call('FindAlarms', { start_range: 7 })).exception).toBe('strptime() argument 1 must be str, not int');
    expect((await call('DeleteAlarm', { alarm_id: [1] })).exception).toBe("unhashable type: 'list'");
  });

  it('default mode refuses values of another type', async () => {
    const call = session('default');
    await call('UserLogin', { username: 'ana', password: 'pw' });
    expect((await call('SendMessage', { receiver: 42, message: 'hi' })).exception).toContain('Wrong argument type');
    expect((await call('ChangePassword', { old_password: 'pw', new_password: 1 })).exception).toContain(
      'Wrong argument type',
    );
  });

  it('tags stand only for their own value and turn back into it', () => {
    expect(tagged(1)).not.toBe(tagged('1'));
    expect(tagged(1)).not.toBe(tagged(true));
    expect(untagResponse({ user: { name: tagged(12) }, list: [tagged(null)] })).toEqual({
      user: { name: 12 },
      list: [null],
    });
    expect(untagText(`Alarm ${tagged(false)} not found, nor ${tagged([1, 'a'])}.`)).toBe(
      "Alarm False not found, nor [1, 'a'].",
    );
  });
});
