import { describe, expect, it } from 'vitest';
import { ToolTalkCallExecutor } from '../../benchmarks/tooltalk/call-executor.js';
import { EpisodeClock } from '../../world/index.js';
import { TOOLTALK_TOOLS } from './index.js';
import { nthToolId, PythonRandom } from './python-random.js';
import { strptime } from './python-time.js';
import type { ToolTalkDatabases } from './tooltalk-databases.js';
import { worldFromDatabases } from './tooltalk-databases.js';

describe('CPython-compatible random', () => {
  it('matches random.Random(seed).randint in CPython (values checked with Python 3)', () => {
    const random = new PythonRandom(489);
    expect([0, 1, 2].map(() => random.randint(0, 0xffffffff))).toEqual([3779683183, 3972264225, 1548973024]);
    const big = new PythonRandom(12345678901);
    expect(big.randint(0, 2 ** 40)).toBe(779037448238);
    expect(big.randint(5, 10)).toBe(9);
  });

  it('spells the first ids every ToolTalk tool hands out', () => {
    expect(nthToolId('sessionToken', 0)).toBe('e149636f-d9ca-0792');
    expect(nthToolId('event', 0)).toBe('e149636f-d9ca');
    expect(nthToolId('alarm', 0)).toBe('5bff-dd80');
    expect(nthToolId('reminder', 0)).toBe('5b-dd80');
    expect(nthToolId('email', 0)).toBe('5b-dd80-9f8a27ab');
    expect(nthToolId('message', 0)).toBe('e149636f-ecc3f121');
    expect(nthToolId('verificationCode', 0)).toBe('984520');
  });
});

describe('Python-style time parsing', () => {
  it("accepts one-digit fields and fails with Python's texts", () => {
    expect(strptime('7:5:0', '%H:%M:%S').hour).toBe(7);
    expect(() => strptime('6:30', '%H:%M:%S')).toThrow("time data '6:30' does not match format '%H:%M:%S'");
    expect(() => strptime('18:30:00x', '%H:%M:%S')).toThrow('unconverted data remains: x');
    expect(() => strptime('2023-02-30 10:00:00', '%Y-%m-%d %H:%M:%S')).toThrow('day is out of range for month');
  });
});

const databases: ToolTalkDatabases = {
  Account: {
    ana: {
      username: 'ana',
      email: 'ana@x.example',
      phone: '111-222-3333',
      name: 'Ana',
      password: 'pw',
      session_token: null,
    },
    ben: { username: 'ben', email: 'ben@x.example', phone: null, name: 'Ben', password: 'pw2', session_token: null },
  },
  Alarm: {},
  Calendar: {},
  Email: { ana: {} },
  Message: {},
  Reminder: {},
  Weather: { paris: { '2024-01-02': { date: '2024-01-02', high: 40, low: 30, conditions: 'Rain' } } },
  HistoricWeather: {},
};

describe('the 28 tools', () => {
  it("are the reference's 28, 18 actions and 10 reads, 21 needing a login", () => {
    expect(TOOLTALK_TOOLS).toHaveLength(28);
    expect(TOOLTALK_TOOLS.filter((entry) => entry.tool.kind === 'action')).toHaveLength(18);
    expect(TOOLTALK_TOOLS.filter((entry) => entry.requiresAuth)).toHaveLength(21);
    expect(new Set(TOOLTALK_TOOLS.map((entry) => entry.suite)).size).toBe(7);
  });

  it('refuse, inject and fail as the reference executor does', async () => {
    const executor = new ToolTalkCallExecutor(EpisodeClock.fromIso('2024-01-01T09:00:00Z', 'UTC'));
    let world = worldFromDatabases(databases);
    const call = async (name: string, args: Record<string, unknown> | string) => {
      const outcome = await executor.execute({ id: name, name, arguments: args }, world);
      world = outcome.world;
      return outcome.record;
    };
    expect((await call('AddAlarm', { time: '07:00:00' })).exception).toBe('User is not logged in');
    expect((await call('Teleport', {})).exception).toBe('API Teleport not found');
    expect((await call('UserLogin', '{not json')).exception).toBe('Failed to parse API call');
    expect((await call('UserLogin', { username: 'ana', password: 'nope' })).exception).toBe(
      'The password is incorrect.',
    );
    expect((await call('UserLogin', { username: 'ana', password: 'pw' })).response).toEqual({
      session_token: 'e149636f-d9ca-0792',
    });
    expect((await call('UserLogin', { username: 'ben', password: 'pw2' })).exception).toBe(
      'Only one user can be logged in at a time. Current user is ana.',
    );
    const added = await call('AddAlarm', { time: '07:00:00', session_token: 'forged' });
    expect(added.request.parameters).toEqual({ time: '07:00:00', session_token: 'e149636f-d9ca-0792' });
    expect(added.response).toEqual({ alarm_id: '5bff-dd80' });
    expect((await call('AddAlarm', { time: '6:30' })).exception).toBe(
      "time data '6:30' does not match format '%H:%M:%S'",
    );
    expect((await call('SearchInbox', {})).response).toEqual({ emails: [] });
    expect(
      (await call('QueryCalendar', { start_time: '2024-01-01 00:00:00', end_time: '2024-01-02 00:00:00' })).exception,
    ).toBe('User ana has no events.');
    expect((await call('CompleteReminder', { reminder_id: 'x' })).exception).toBe("'ana'");
    expect((await call('CurrentWeather', { location: ' PARIS ' })).exception).toBe('datetime.date(2024, 1, 1)');
    expect((await call('ForecastWeather', { location: 'Lyon' })).exception).toBe('Location lyon not found in database');
    expect(
      (await call('CreateEvent', { name: 'x', event_type: 'party', start_time: 'a', end_time: 'b' })).exception,
    ).toBe('Event type party not supported.');
    expect((await call('LogoutUser', {})).response).toEqual({ status: 'success' });
    expect((await call('GetReminders', {})).exception).toBe('User is not logged in');
  });
});
