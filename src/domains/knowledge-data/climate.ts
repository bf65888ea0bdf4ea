/**
 * Climate normals (`data/sandbox/climate.json`): for each weather station, twelve monthly averages. The
 * weather tool draws each day's weather around them, so forecasts are plausible for the place and season.
 */
import { z } from 'zod';
import { formatVersionField, latitudeField, longitudeField, rejectDuplicates, timeZoneField } from './data-fields.js';
import { cachedDataFile } from './data-file.js';

const monthlyNormalSchema = z
  .object({
    /** Average daily high, °C. */
    highC: z.number().min(-80).max(60),
    /** Average daily low, °C. */
    lowC: z.number().min(-90).max(50),
    /** Average number of days with measurable precipitation in the month. */
    precipDays: z.number().min(0).max(31),
    /** Average relative humidity, percent. */
    humidity: z.number().min(0).max(100),
    /** Average wind speed, km/h. */
    windKph: z.number().min(0).max(200),
  })
  .refine((month) => month.lowC <= month.highC, { message: 'lowC is above highC', path: ['lowC'] });

const stationSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  latitude: latitudeField,
  longitude: longitudeField,
  timeZone: timeZoneField,
  /** January first. */
  monthly: z.array(monthlyNormalSchema).length(12),
});

export const climateFileSchema = z.object({
  formatVersion: formatVersionField,
  stations: z
    .array(stationSchema)
    .min(1)
    .superRefine((stations, context) => rejectDuplicates(stations, (station) => station.id, 'id', context)),
});

export type ClimateStation = z.output<typeof stationSchema>;
export type MonthlyNormal = z.output<typeof monthlyNormalSchema>;

/** The climate stations, read on first use. */
export const loadClimate = cachedDataFile('climate.json', climateFileSchema);
