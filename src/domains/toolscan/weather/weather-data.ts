import { z } from 'zod';
import { cachedToolscanFile, isoDateField } from '../environment-data.js';
import { haversineKm } from './weather-model.js';

const twelve = z.array(z.number()).length(12);

const stationSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  region: z.string(),
  country: z.string().length(2),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  elevation: z.number(),
  climate: z.object({
    maxTemperature: twelve,
    diurnalRange: z.number().positive(),
    rainyDays: twelve,
    rainPerRainyDay: z.number().nonnegative(),
    airQuality: z.number().positive(),
  }),
});

export type Station = z.output<typeof stationSchema>;

export const loadWeather = cachedToolscanFile(
  'weather.json',
  z.object({ formatVersion: z.literal(1), currentDate: isoDateField, stations: z.array(stationSchema).min(1) }),
);

/** How far (degrees of latitude and longitude) a coordinate may be from a station and still use it. */
export const STATION_RADIUS_DEGREES = 0.25;

/** The station serving a coordinate: the nearest one within {@link STATION_RADIUS_DEGREES}. */
export function stationAt(latitude: number, longitude: number): Station | undefined {
  let best: Station | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const station of loadWeather().stations) {
    if (Math.abs(station.latitude - latitude) > STATION_RADIUS_DEGREES) continue;
    if (Math.abs(station.longitude - longitude) > STATION_RADIUS_DEGREES) continue;
    const distance = haversineKm(latitude, longitude, station.latitude, station.longitude);
    if (distance < bestDistance) {
      best = station;
      bestDistance = distance;
    }
  }
  return best;
}
