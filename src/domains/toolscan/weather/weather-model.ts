/**
 * The weather of the ToolScan weather environment: each station's daily values are a deterministic
 * function of its monthly climate normals (`data/toolscan/weather.json`) and the date, so any day can
 * be asked about without storing every day. Same station and date, same numbers, on every machine.
 *
 * This file imports nothing, so the data generator (`scripts/toolscan/`) computes query answers with
 * exactly the rules the tools use.
 */

export interface StationClimate {
  /** Mean daily maximum temperature (°C) for January … December. */
  readonly maxTemperature: readonly number[];
  /** Difference between the daily maximum and minimum (°C). */
  readonly diurnalRange: number;
  /** Rainy days per month, January … December. */
  readonly rainyDays: readonly number[];
  /** Mean precipitation on a rainy day (mm). */
  readonly rainPerRainyDay: number;
  /** Typical air quality index (US AQI). */
  readonly airQuality: number;
}

export interface DailyWeather {
  readonly date: string;
  readonly temperature_max: number;
  readonly temperature_min: number;
  readonly precipitation: number;
  readonly air_quality_index: number;
}

/** A number in [0, 1) from a string: FNV-1a, then an avalanche. */
function unit(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b) >>> 0;
  hash ^= hash >>> 13;
  return (hash >>> 0) / 4294967296;
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The weather of one station on one day (`YYYY-MM-DD`). */
export function dailyWeather(stationId: string, climate: StationClimate, date: string): DailyWeather {
  const month = Number(date.slice(5, 7)) - 1;
  const day = Number(date.slice(8, 10));
  const next = (month + 1) % 12;
  // Blend this month's normal with the next one across the month, so temperatures drift smoothly.
  const weight = Math.min(Math.max((day - 15) / 30, 0), 1);
  const normal = (climate.maxTemperature[month] ?? 0) * (1 - weight) + (climate.maxTemperature[next] ?? 0) * weight;
  const anomaly = (unit(`${stationId}|${date}|t`) + unit(`${stationId}|${date}|u`) - 1) * 6;
  const temperatureMax = round1(normal + anomaly);
  const range = climate.diurnalRange * (0.7 + 0.6 * unit(`${stationId}|${date}|r`));
  const rainy = unit(`${stationId}|${date}|p`) < (climate.rainyDays[month] ?? 0) / 30;
  const amount = rainy ? -Math.log(1 - unit(`${stationId}|${date}|a`) * 0.98) * climate.rainPerRainyDay : 0;
  return {
    date,
    temperature_max: temperatureMax,
    temperature_min: round1(temperatureMax - range),
    precipitation: round1(amount),
    air_quality_index: Math.max(5, Math.round(climate.airQuality * (0.6 + 0.8 * unit(`${stationId}|${date}|q`)))),
  };
}

/** Great-circle distance in kilometres (mean Earth radius 6371.0088 km). */
export function haversineKm(latitude1: number, longitude1: number, latitude2: number, longitude2: number): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(latitude2 - latitude1);
  const dLon = radians(longitude2 - longitude1);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(latitude1)) * Math.cos(radians(latitude2)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Days between two `YYYY-MM-DD` dates, `to` minus `from`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The dates from `start` to `end` inclusive. */
export function dateRange(start: string, end: string): string[] {
  const dates: string[] = [];
  for (let offset = 0; offset <= daysBetween(start, end); offset += 1) {
    dates.push(new Date(Date.parse(`${start}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10));
  }
  return dates;
}
