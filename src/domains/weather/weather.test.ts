import { describe, expect, it } from 'vitest';
import { runTool } from '../../testing/run-tool.js';
import { EpisodeClock } from '../../world/index.js';
import { testPhoneWorld } from '../knowledge-data/test-phone-world.test-helpers.js';
import { MAX_FORECAST_DAYS, searchWeatherAroundLatLon } from './search-weather-around-lat-lon.js';

const SAN_FRANCISCO = { latitude: 37.7749, longitude: -122.4194 };
const CHICAGO = { latitude: 41.8781, longitude: -87.6298 };
const TOKYO = { latitude: 35.6762, longitude: 139.6503 };
/** 2026-01-01T20:00Z: noon in San Francisco. */
const NOON_IN_SAN_FRANCISCO = 1_767_225_600 + 20 * 3600;

type Weather = Record<string, unknown> & {
  date: string;
  condition: string;
  max_temperature: number;
  min_temperature: number;
  average_temperature: number;
};

const clockAt = (epochSeconds = NOON_IN_SAN_FRANCISCO) => new EpisodeClock(epochSeconds, 'America/Los_Angeles');

async function weather(args: Record<string, unknown>, clock = clockAt(), world = testPhoneWorld()): Promise<Weather> {
  const { outcome } = await runTool(searchWeatherAroundLatLon, args, world, clock);
  if (outcome.type !== 'result') throw new Error(`expected weather, got ${JSON.stringify(outcome.error)}`);
  return outcome.value as Weather;
}

async function weatherError(args: Record<string, unknown>, world = testPhoneWorld()) {
  const { outcome } = await runTool(searchWeatherAroundLatLon, args, world, clockAt());
  if (outcome.type !== 'error') throw new Error(`expected an error, got ${JSON.stringify(outcome.value)}`);
  return outcome.error;
}

describe('search_weather_around_lat_lon', () => {
  it("returns today's weather with the current temperature, in the reference's metric keys", async () => {
    const today = await weather(SAN_FRANCISCO);
    expect(today).toMatchObject({
      location: 'San Francisco',
      date: '2026-01-01',
      tz_id: 'America/Los_Angeles',
      temperature_unit: 'Celsius',
      distance_unit: 'Kilometer',
    });
    const current = today.current_temperature as number;
    expect(current).toBeGreaterThanOrEqual(today.min_temperature);
    expect(current).toBeLessThanOrEqual(today.max_temperature);
    expect(today.min_temperature).toBeLessThan(today.max_temperature);
    expect(today.max_temperature).toBeGreaterThan(0);
    expect(today.max_temperature).toBeLessThan(25);
    for (const key of ['humidity', 'wind_speed', 'daily_chance_of_rain', 'daily_chance_of_snow']) {
      expect(typeof today[key]).toBe('number');
    }
    expect(today.sunrise).toMatch(/^07:2\d AM$/);
    expect(today.sunset).toMatch(/^0[45]:\d\d PM$/);
  });

  it('gives a forecast without a current temperature for a later day', async () => {
    const tomorrow = await weather({ days: 1, ...SAN_FRANCISCO });
    expect(tomorrow.date).toBe('2026-01-02');
    expect(tomorrow).not.toHaveProperty('current_temperature');
  });

  it('always gives the same weather for the same place and date', async () => {
    const first = await weather({ days: 3, ...SAN_FRANCISCO });
    const again = await weather({ days: 3, ...SAN_FRANCISCO });
    expect(again).toEqual(first);
    const askedTheNextMorning = await weather(
      { days: 2, ...SAN_FRANCISCO },
      clockAt(NOON_IN_SAN_FRANCISCO + 20 * 3600),
    );
    expect(askedTheNextMorning).toEqual(first);
  });

  it('gives different weather on different dates', async () => {
    const week = await Promise.all([0, 1, 2, 3, 4, 5, 6].map((days) => weather({ days, ...SAN_FRANCISCO })));
    expect(new Set(week.map((day) => day.date)).size).toBe(7);
    expect(new Set(week.map((day) => day.max_temperature)).size).toBeGreaterThan(3);
  });

  it('dates the forecast in the local time of the place', async () => {
    const evening = clockAt(1_767_225_600 + 6 * 3600);
    expect((await weather(SAN_FRANCISCO, evening)).date).toBe('2025-12-31');
    expect((await weather(TOKYO, evening)).date).toBe('2026-01-01');
  });

  it('snows only when it is cold enough, and does in a Chicago January', async () => {
    const month = await Promise.all(
      Array.from({ length: 30 }, (_, offset) =>
        weather(
          { days: offset % 15, ...CHICAGO },
          clockAt(NOON_IN_SAN_FRANCISCO + Math.floor(offset / 15) * 15 * 86_400),
        ),
      ),
    );
    expect(new Set(month.map((day) => day.date)).size).toBe(30);
    const snowy = month.filter((day) => day.condition.includes('snow'));
    expect(snowy.length).toBeGreaterThan(0);
    for (const day of snowy) {
      expect(day.average_temperature).toBeLessThanOrEqual(1);
      expect(day.daily_chance_of_rain).toBe(0);
    }
    const summer = await weather(SAN_FRANCISCO, clockAt(Date.UTC(2026, 6, 15, 20) / 1000));
    expect(summer.condition).not.toContain('snow');
  });

  it('uses the current location when no coordinates are given', async () => {
    expect((await weather({})).location).toBe('Cupertino');
  });

  it.each([-1, MAX_FORECAST_DAYS + 1])('rejects days = %d', async (days) => {
    const failure = await weatherError({ days, ...SAN_FRANCISCO });
    expect(failure.kind).toBe('invalid-value');
    expect(failure.message).toContain(`days = ${days}`);
  });

  it('rejects only one of latitude and longitude', async () => {
    expect((await weatherError({ longitude: -122.4 })).kind).toBe('invalid-value');
  });

  it('needs location service for the current location', async () => {
    const failure = await weatherError({}, testPhoneWorld({ location_service: false }));
    expect(failure.kind).toBe('permission');
  });

  it('needs wifi', async () => {
    const failure = await weatherError(SAN_FRANCISCO, testPhoneWorld({ wifi: false }));
    expect(failure.kind).toBe('connection');
    expect(failure.hint).toContain('set_wifi_status(on=true)');
  });

  it('fails with not-found far from every station, naming the nearest', async () => {
    const failure = await weatherError({ latitude: 39.74, longitude: -104.99 });
    expect(failure.kind).toBe('not-found');
    expect(failure.message).toMatch(/nearest place with weather data, \w+/);
  });
});
