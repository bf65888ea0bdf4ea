/**
 * Simulated weather: for a climate station and a local date, values drawn around the station's normals
 * for the time of year, from a random generator seeded by (station, date). The same station and date
 * always give the same weather, in any episode; neighbouring days differ.
 */
import type { Temporal } from 'temporal-polyfill';
import { seededRandom } from '../../util/index.js';
import type { ClimateStation, MonthlyNormal } from '../knowledge-data/climate.js';

export interface DailyWeather {
  readonly condition: string;
  readonly maxTemperature: number;
  readonly minTemperature: number;
  /** Relative humidity, percent. */
  readonly humidity: number;
  /** km/h. */
  readonly windSpeed: number;
  /** Percent. */
  readonly chanceOfRain: number;
  /** Percent. */
  readonly chanceOfSnow: number;
}

/** The day's mean temperature at or below which precipitation falls as snow, °C. */
const SNOW_BELOW_C = 1;

export function dailyWeather(station: ClimateStation, date: Temporal.PlainDate): DailyWeather {
  const normal = normalsOn(station, date);
  const random = seededRandom(`weather\u0000${station.id}\u0000${date.toString()}`);
  const gaussian = () => (random() + random() + random() + random() - 2) * Math.sqrt(3);
  const wetChance = Math.min(0.95, normal.precipDays / date.daysInMonth);
  const wet = random() < wetChance;
  const swing = gaussian() * 2.5;
  let maxTemperature = normal.highC + swing + gaussian() * 0.8 - (wet ? 1.5 : 0);
  let minTemperature = normal.lowC + swing * 0.8 + gaussian() * 0.8;
  if (minTemperature > maxTemperature - 1) {
    const middle = (minTemperature + maxTemperature) / 2;
    [minTemperature, maxTemperature] = [middle - 0.5, middle + 0.5];
  }
  const snowy = (maxTemperature + minTemperature) / 2 <= SNOW_BELOW_C;
  const chance = wet ? 55 + random() * 40 : random() * wetChance * 50;
  const sky = random();
  return {
    condition: condition(wet, snowy, chance, sky),
    maxTemperature: roundTo(maxTemperature, 1),
    minTemperature: roundTo(minTemperature, 1),
    humidity: Math.round(Math.min(100, Math.max(5, normal.humidity + gaussian() * 6 + (wet ? 12 : 0)))),
    windSpeed: roundTo(normal.windKph * (0.5 + random()), 1),
    chanceOfRain: snowy ? 0 : Math.round(chance),
    chanceOfSnow: snowy ? Math.round(chance) : 0,
  };
}

/**
 * The temperature at a local hour of the day: lowest around 05:00, highest around 15:00, following a
 * cosine between the two.
 */
export function temperatureAt(weather: DailyWeather, hourOfDay: number): number {
  const range = weather.maxTemperature - weather.minTemperature;
  const warming = hourOfDay >= 5 && hourOfDay <= 15;
  const progress = warming ? (hourOfDay - 5) / 10 : ((hourOfDay - 15 + 24) % 24) / 14;
  const rise = (1 - Math.cos(Math.PI * progress)) / 2;
  return roundTo(warming ? weather.minTemperature + range * rise : weather.maxTemperature - range * rise, 1);
}

function condition(wet: boolean, snowy: boolean, chance: number, sky: number): string {
  if (wet) {
    if (snowy) return chance >= 80 ? 'snow' : 'light snow';
    return chance >= 80 ? 'rain' : 'light rain';
  }
  if (sky < 0.5) return 'sunny';
  return sky < 0.8 ? 'partly cloudy' : 'cloudy';
}

/**
 * The normals for a date, interpolated linearly between the mid-month values of neighbouring months, so
 * that the weather does not jump on the first of the month.
 */
function normalsOn(station: ClimateStation, date: Temporal.PlainDate): MonthlyNormal {
  const offset = (date.day - 15) / date.daysInMonth;
  const here = monthly(station, date.month - 1);
  const neighbour = monthly(station, date.month - 1 + (offset >= 0 ? 1 : -1));
  const weight = Math.abs(offset);
  const blend = (key: keyof MonthlyNormal) => here[key] * (1 - weight) + neighbour[key] * weight;
  return {
    highC: blend('highC'),
    lowC: blend('lowC'),
    precipDays: blend('precipDays'),
    humidity: blend('humidity'),
    windKph: blend('windKph'),
  };
}

function monthly(station: ClimateStation, monthIndex: number): MonthlyNormal {
  const normal = station.monthly[(monthIndex + 12) % 12];
  if (!normal) throw new Error(`climate station ${station.id} has no normals for month ${monthIndex + 1}`);
  return normal;
}

function roundTo(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(value * scale) / scale;
}
