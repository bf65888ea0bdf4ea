import { Temporal } from 'temporal-polyfill';
import { z } from 'zod';
import { defineTool, fail } from '../../tools/index.js';
import { remembered, rememberedUpTo } from '../../util/index.js';
import { loadClimate } from '../knowledge-data/climate.js';
import { nearest } from '../knowledge-data/geodesic-distance.js';
import { resolveSearchPoint } from '../knowledge-data/search-point.js';
import { requireSetting } from '../settings/index.js';
import { dailyWeather, temperatureAt } from './daily-weather.js';
import { sunTimes } from './sun-times.js';

/** How far ahead the forecast reaches, in days (as the weather service the reference used). */
export const MAX_FORECAST_DAYS = 14;
/** How far from a climate station its weather is taken to apply. */
export const STATION_RADIUS_KM = 250;

/**
 * Deliberate differences from the reference: the weather is simulated from climate normals
 * (`data/sandbox/climate.json`) instead of fetched live, and a point far from every station is a
 * `not-found` error naming the nearest covered place, where the reference's service returned nothing.
 */
export const searchWeatherAroundLatLon = defineTool({
  name: 'search_weather_around_lat_lon',
  description:
    'Gives the weather at a place today or a number of days ahead: condition, temperatures (°C), humidity, ' +
    'wind, chance of rain or snow, sunrise and sunset. Without latitude and longitude it uses the current ' +
    'location (needs location service). Needs wifi.',
  parameters: z.object({
    days: z
      .number()
      .int()
      .optional()
      .describe(`How many days from today: 0 (default) for today, 1 for tomorrow, up to ${MAX_FORECAST_DAYS}.`),
    latitude: z
      .number()
      .optional()
      .describe('Latitude of the place, in degrees. Leave out with longitude to use the current location.'),
    longitude: z
      .number()
      .optional()
      .describe('Longitude of the place, in degrees. Leave out with latitude to use the current location.'),
  }),
  returns:
    'An object { location, date, condition, current_temperature (today only), max_temperature, ' +
    'min_temperature, average_temperature, humidity, wind_speed, daily_chance_of_rain, daily_chance_of_snow, ' +
    'sunrise, sunset, tz_id, temperature_unit: "Celsius", distance_unit: "Kilometer" }; wind speed in km/h, ' +
    'chances and humidity in percent, date and times local to the place.',
  kind: 'read',
  domain: 'weather',
  dependsOn: ['wifi', 'location_service'],
  run({ days = 0, latitude, longitude }, context) {
    const point = resolveSearchPoint(context.world, latitude, longitude, 'search_weather_around_lat_lon');
    if (days < 0 || days > MAX_FORECAST_DAYS) {
      throw fail(
        'invalid-value',
        `days = ${days} is outside the forecast range: it must be from 0 (today) to ${MAX_FORECAST_DAYS}.`,
        days < 0 ? 'Past weather is not available; use 0 for today.' : `Use at most ${MAX_FORECAST_DAYS}.`,
        { argument: 'days', value: days },
      );
    }
    requireSetting(context.world, 'wifi', 'search_weather_around_lat_lon');
    const closest = nearest(loadClimate().stations, point);
    if (!closest || closest.distanceKm > STATION_RADIUS_KM) {
      const nearestPlace = closest
        ? ` The nearest place with weather data, ${closest.item.name}, is ${Math.round(closest.distanceKm)} km away.`
        : '';
      throw fail(
        'not-found',
        `No weather data covers latitude ${point.latitude}, longitude ${point.longitude}.${nearestPlace}`,
        'Check the coordinates (south and west are negative), or ask about a major city.',
      );
    }
    return { ...weatherReport(closest.item, context.clock.now(), days) };
  },
});

type Station = ReturnType<typeof loadClimate>['stations'][number];

/**
 * Reports already made, per station, by the episode's time and the days ahead: the climate data never
 * change and every case of a scenario asks the same (each call gets its own copy). Bounded per station.
 */
const reports = new WeakMap<Station, Map<string, Readonly<Record<string, unknown>>>>();
const MAX_REPORTS_PER_STATION = 1000;

function weatherReport(station: Station, nowSeconds: number, days: number): Readonly<Record<string, unknown>> {
  const byTime = remembered(reports, station, () => new Map<string, Readonly<Record<string, unknown>>>());
  const key = `${nowSeconds}\u0000${days}`;
  return rememberedUpTo(byTime, MAX_REPORTS_PER_STATION, key, () => weatherReportAfresh(station, nowSeconds, days));
}

function weatherReportAfresh(station: Station, nowSeconds: number, days: number): Readonly<Record<string, unknown>> {
  const now = Temporal.Instant.fromEpochMilliseconds(Math.round(nowSeconds * 1000)).toZonedDateTimeISO(
    station.timeZone,
  );
  const date = now.toPlainDate().add({ days });
  const weather = dailyWeather(station, date);
  const sun = sunTimes(date, station, station.timeZone);
  return {
    location: station.name,
    date: date.toString(),
    condition: weather.condition,
    ...(days === 0 ? { current_temperature: temperatureAt(weather, now.hour + now.minute / 60) } : {}),
    max_temperature: weather.maxTemperature,
    min_temperature: weather.minTemperature,
    average_temperature: Math.round(((weather.maxTemperature + weather.minTemperature) / 2) * 10) / 10,
    humidity: weather.humidity,
    wind_speed: weather.windSpeed,
    daily_chance_of_rain: weather.chanceOfRain,
    daily_chance_of_snow: weather.chanceOfSnow,
    sunrise: sun.sunrise,
    sunset: sun.sunset,
    tz_id: station.timeZone,
    temperature_unit: 'Celsius',
    distance_unit: 'Kilometer',
  };
}
