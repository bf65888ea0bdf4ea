/**
 * Sunrise and sunset from the NOAA solar equations (accurate to a minute or two away from the poles),
 * printed as a local clock time the way weather services do ("06:59 AM").
 */
import { Temporal } from 'temporal-polyfill';
import type { LatLon } from '../knowledge-data/geodesic-distance.js';

/** The sun's centre 0.833° below the horizon: refraction plus the solar radius. */
const ZENITH_DEGREES = 90.833;
const RADIANS = Math.PI / 180;

export interface SunTimes {
  /** Local time such as "06:59 AM", or null when the sun does not rise (polar night) or set (midnight sun). */
  readonly sunrise: string | null;
  readonly sunset: string | null;
}

export function sunTimes(date: Temporal.PlainDate, point: LatLon, timeZone: string): SunTimes {
  const gamma = ((2 * Math.PI) / (date.inLeapYear ? 366 : 365)) * (date.dayOfYear - 1);
  const equationOfTimeMinutes =
    229.18 *
    (0.000075 +
      0.001868 * Math.cos(gamma) -
      0.032077 * Math.sin(gamma) -
      0.014615 * Math.cos(2 * gamma) -
      0.040849 * Math.sin(2 * gamma));
  const declination =
    0.006918 -
    0.399912 * Math.cos(gamma) +
    0.070257 * Math.sin(gamma) -
    0.006758 * Math.cos(2 * gamma) +
    0.000907 * Math.sin(2 * gamma) -
    0.002697 * Math.cos(3 * gamma) +
    0.00148 * Math.sin(3 * gamma);
  const latitude = point.latitude * RADIANS;
  const cosHourAngle =
    Math.cos(ZENITH_DEGREES * RADIANS) / (Math.cos(latitude) * Math.cos(declination)) -
    Math.tan(latitude) * Math.tan(declination);
  if (!(cosHourAngle >= -1 && cosHourAngle <= 1)) return { sunrise: null, sunset: null };
  const hourAngleDegrees = Math.acos(cosHourAngle) / RADIANS;
  const utcMidnight = Temporal.PlainDateTime.from({
    year: date.year,
    month: date.month,
    day: date.day,
  }).toZonedDateTime('UTC');
  const at = (minutesAfterUtcMidnight: number) =>
    clockTime(utcMidnight.add({ seconds: Math.round(minutesAfterUtcMidnight * 60) }).withTimeZone(timeZone));
  return {
    sunrise: at(720 - 4 * (point.longitude + hourAngleDegrees) - equationOfTimeMinutes),
    sunset: at(720 - 4 * (point.longitude - hourAngleDegrees) - equationOfTimeMinutes),
  };
}

/** "07:05 AM", "05:48 PM". */
function clockTime(time: Temporal.ZonedDateTime): string {
  const hour = time.hour % 12 === 0 ? 12 : time.hour % 12;
  const minute = String(time.minute).padStart(2, '0');
  return `${String(hour).padStart(2, '0')}:${minute} ${time.hour < 12 ? 'AM' : 'PM'}`;
}
