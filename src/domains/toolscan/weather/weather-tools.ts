/**
 * The weather environment: places to coordinates, then daily history, forecasts, air quality,
 * elevation and distances by latitude and longitude. "Today" is the environment's fixed current date
 * (`get_current_date`); history ends the day before it and forecasts reach 14 days after it.
 */
import { z } from 'zod';
import { defineTool, fail } from '../../../tools/index.js';
import { containsText, dateArgument } from '../environment-data.js';
import { loadWeather, type Station, stationAt } from './weather-data.js';
import { dailyWeather, dateRange, daysBetween, haversineKm } from './weather-model.js';

const domain = 'toolscan-weather';
const latitude = z.number().min(-90).max(90).describe('Latitude in decimal degrees (north positive).');
const longitude = z.number().min(-180).max(180).describe('Longitude in decimal degrees (east positive).');
const MAX_SPAN_DAYS = 31;
const FORECAST_DAYS = 14;

function stationOrFail(lat: number, lon: number): Station {
  const station = stationAt(lat, lon);
  if (!station) {
    throw fail(
      'not-found',
      `There is no weather station near latitude ${lat}, longitude ${lon}.`,
      'Get the coordinates of a place with get_latitude_longitude.',
    );
  }
  return station;
}

type Window = 'history' | 'forecast';

function checkedDates(start: string, end: string, window: Window): string[] {
  const today = loadWeather().currentDate;
  if (end < start) throw fail('invalid-value', 'end_date is before start_date.', 'Swap the dates.');
  if (daysBetween(start, end) + 1 > MAX_SPAN_DAYS) {
    throw fail('invalid-value', `At most ${MAX_SPAN_DAYS} days can be asked at once.`, 'Split the period.');
  }
  if (window === 'history' && end >= today) {
    throw fail(
      'invalid-value',
      `History ends the day before today (${today}).`,
      'Use the forecast APIs for today and later.',
    );
  }
  if (window === 'forecast' && (start < today || daysBetween(today, end) > FORECAST_DAYS)) {
    throw fail(
      'invalid-value',
      `Forecasts cover ${today} to ${FORECAST_DAYS} days after it.`,
      'Use the historical APIs for past days.',
    );
  }
  return dateRange(start, end);
}

const period = (what: string) => ({
  latitude,
  longitude,
  start_date: dateArgument(`First day of the ${what}, included`),
  end_date: dateArgument(`Last day of the ${what}, included`),
});

export const getCurrentDate = defineTool({
  name: 'get_current_date',
  description: "Gets today's date.",
  parameters: z.object({}),
  returns: 'The date as YYYY-MM-DD.',
  kind: 'read',
  domain,
  run: () => loadWeather().currentDate,
});

export const getLatitudeLongitude = defineTool({
  name: 'get_latitude_longitude',
  description:
    'Finds places by name and gives their coordinates. A region or country code after a comma narrows the search ("Portland, Maine").',
  parameters: z.object({ name: z.string().min(1).describe('The place name, e.g. "Lisbon" or "Portland, Oregon".') }),
  returns: 'A list of { name, region, country, latitude, longitude } (at most 5); empty when nothing matches.',
  kind: 'read',
  domain,
  run: ({ name }) => {
    const [place = '', ...qualifiers] = name.split(',').map((part) => part.trim());
    const byName = loadWeather().stations.filter((station) => place !== '' && containsText(station.name, place));
    const qualified = byName.filter((station) =>
      qualifiers.some(
        (qualifier) => containsText(station.region, qualifier) || station.country === qualifier.toUpperCase(),
      ),
    );
    return (qualified.length > 0 ? qualified : byName).slice(0, 5).map((station) => ({
      name: station.name,
      region: station.region,
      country: station.country,
      latitude: station.latitude,
      longitude: station.longitude,
    }));
  },
});

export const getElevation = defineTool({
  name: 'get_elevation',
  description: 'Gets the elevation of a location.',
  parameters: z.object({ latitude, longitude }),
  returns: 'An object { elevation } in metres above sea level.',
  kind: 'read',
  domain,
  run: (args) => ({ elevation: stationOrFail(args.latitude, args.longitude).elevation }),
});

export const getHistoricalTemperature = defineTool({
  name: 'get_historical_temperature',
  description: `Gets past daily maximum and minimum temperatures (°C) of a location, up to ${MAX_SPAN_DAYS} days at once.`,
  parameters: z.object(period('period')),
  returns: 'A list of { date, temperature_max, temperature_min } in °C, one per day.',
  kind: 'read',
  domain,
  run: (args) => {
    const station = stationOrFail(args.latitude, args.longitude);
    return checkedDates(args.start_date, args.end_date, 'history').map((date) => {
      const day = dailyWeather(station.id, station.climate, date);
      return { date, temperature_max: day.temperature_max, temperature_min: day.temperature_min };
    });
  },
});

export const getHistoricalRain = defineTool({
  name: 'get_historical_rain',
  description: `Gets past daily precipitation (mm) of a location, up to ${MAX_SPAN_DAYS} days at once.`,
  parameters: z.object(period('period')),
  returns: 'A list of { date, precipitation } in millimetres, one per day.',
  kind: 'read',
  domain,
  run: (args) => {
    const station = stationOrFail(args.latitude, args.longitude);
    return checkedDates(args.start_date, args.end_date, 'history').map((date) => ({
      date,
      precipitation: dailyWeather(station.id, station.climate, date).precipitation,
    }));
  },
});

export const getForecastTemperature = defineTool({
  name: 'get_forecast_temperature',
  description: `Gets forecast daily maximum and minimum temperatures (°C), from today up to ${FORECAST_DAYS} days ahead.`,
  parameters: z.object(period('forecast')),
  returns: 'A list of { date, temperature_max, temperature_min } in °C, one per day.',
  kind: 'read',
  domain,
  run: (args) => {
    const station = stationOrFail(args.latitude, args.longitude);
    return checkedDates(args.start_date, args.end_date, 'forecast').map((date) => {
      const day = dailyWeather(station.id, station.climate, date);
      return { date, temperature_max: day.temperature_max, temperature_min: day.temperature_min };
    });
  },
});

export const getForecastRain = defineTool({
  name: 'get_forecast_rain',
  description: `Gets forecast daily precipitation (mm), from today up to ${FORECAST_DAYS} days ahead.`,
  parameters: z.object(period('forecast')),
  returns: 'A list of { date, precipitation } in millimetres, one per day.',
  kind: 'read',
  domain,
  run: (args) => {
    const station = stationOrFail(args.latitude, args.longitude);
    return checkedDates(args.start_date, args.end_date, 'forecast').map((date) => ({
      date,
      precipitation: dailyWeather(station.id, station.climate, date).precipitation,
    }));
  },
});

export const getAirQuality = defineTool({
  name: 'get_air_quality',
  description: 'Gets the air quality index (US AQI) of a location on a past day.',
  parameters: z.object({ latitude, longitude, date: dateArgument('The day') }),
  returns: 'An object { date, air_quality_index }.',
  kind: 'read',
  domain,
  run: (args) => {
    const station = stationOrFail(args.latitude, args.longitude);
    checkedDates(args.date, args.date, 'history');
    return {
      date: args.date,
      air_quality_index: dailyWeather(station.id, station.climate, args.date).air_quality_index,
    };
  },
});

export const getDistance = defineTool({
  name: 'get_distance',
  description: 'Gets the great-circle distance between two coordinates.',
  parameters: z.object({
    latitude1: latitude,
    longitude1: longitude,
    latitude2: latitude,
    longitude2: longitude,
    unit: z.enum(['km', 'mi']).default('km').describe('The unit of the result (default km).'),
  }),
  returns: 'An object { distance, unit }, rounded to 0.1.',
  kind: 'read',
  domain,
  run: (args) => {
    const km = haversineKm(args.latitude1, args.longitude1, args.latitude2, args.longitude2);
    const value = args.unit === 'km' ? km : km / 1.609344;
    return { distance: Math.round(value * 10) / 10, unit: args.unit };
  },
});

export const weatherTools = [
  getCurrentDate,
  getLatitudeLongitude,
  getElevation,
  getHistoricalTemperature,
  getHistoricalRain,
  getForecastTemperature,
  getForecastRain,
  getAirQuality,
  getDistance,
];
