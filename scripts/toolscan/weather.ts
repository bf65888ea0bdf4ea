/** Weather: stations with coordinates and climate normals; queries that need coordinates and dates. */
import {
  dailyWeather,
  dateRange,
  haversineKm,
  type StationClimate,
} from '../../src/domains/toolscan/weather/weather-model.ts';
import {
  call,
  dayNumber,
  isoDay,
  longDate,
  MAIN_AUGMENTATIONS,
  near,
  QUERY_DRAFTS,
  type QueryRecord,
  type Random,
} from './random.ts';

export const CURRENT_DATE = '2024-06-15';

const CLIMATES: Record<string, StationClimate> = {
  oceanic: {
    maxTemperature: [8, 9, 12, 15, 18, 21, 23, 23, 20, 15, 11, 8],
    diurnalRange: 6,
    rainyDays: [15, 12, 12, 11, 11, 10, 9, 10, 10, 13, 14, 14],
    rainPerRainyDay: 4,
    airQuality: 35,
  },
  continental: {
    maxTemperature: [2, 4, 9, 14, 19, 22, 24, 24, 19, 13, 7, 3],
    diurnalRange: 8,
    rainyDays: [10, 9, 9, 8, 9, 10, 10, 9, 8, 9, 10, 11],
    rainPerRainyDay: 4.5,
    airQuality: 42,
  },
  mediterranean: {
    maxTemperature: [14, 15, 18, 20, 23, 27, 30, 30, 27, 22, 17, 14],
    diurnalRange: 9,
    rainyDays: [9, 8, 7, 8, 5, 2, 1, 1, 4, 8, 9, 10],
    rainPerRainyDay: 8,
    airQuality: 40,
  },
  subarctic: {
    maxTemperature: [-1, 0, 4, 10, 16, 20, 22, 21, 16, 9, 4, 0],
    diurnalRange: 6,
    rainyDays: [11, 9, 9, 8, 9, 10, 11, 12, 11, 12, 12, 12],
    rainPerRainyDay: 4,
    airQuality: 24,
  },
  humidSubtropical: {
    maxTemperature: [10, 11, 14, 19, 23, 26, 30, 31, 27, 22, 17, 12],
    diurnalRange: 8,
    rainyDays: [5, 6, 10, 11, 11, 14, 12, 9, 12, 10, 7, 5],
    rainPerRainyDay: 12,
    airQuality: 62,
  },
  tropical: {
    maxTemperature: [31, 32, 33, 33, 33, 32, 32, 32, 32, 32, 31, 31],
    diurnalRange: 7,
    rainyDays: [13, 9, 12, 14, 14, 13, 13, 14, 14, 16, 18, 17],
    rainPerRainyDay: 15,
    airQuality: 55,
  },
  arid: {
    maxTemperature: [20, 22, 25, 29, 33, 35, 36, 36, 34, 31, 26, 21],
    diurnalRange: 13,
    rainyDays: [1, 1, 1, 0.5, 0.3, 0, 0, 0, 0, 0.3, 1, 1],
    rainPerRainyDay: 5,
    airQuality: 88,
  },
  southernTemperate: {
    maxTemperature: [26, 26, 25, 22, 19, 17, 16, 18, 20, 22, 24, 25],
    diurnalRange: 8,
    rainyDays: [8, 9, 10, 9, 9, 9, 8, 7, 7, 8, 8, 8],
    rainPerRainyDay: 9,
    airQuality: 30,
  },
  highland: {
    maxTemperature: [21, 23, 25, 26, 26, 24, 23, 23, 22, 22, 22, 21],
    diurnalRange: 13,
    rainyDays: [3, 3, 5, 9, 14, 19, 22, 21, 18, 12, 5, 3],
    rainPerRainyDay: 6,
    airQuality: 70,
  },
};

// name, region, country, latitude, longitude, elevation (m), climate, offset of the normals (°C)
const CITIES: [string, string, string, number, number, number, string, number][] = [
  ['London', 'England', 'GB', 51.5074, -0.1278, 11, 'oceanic', 0],
  ['Dublin', 'Leinster', 'IE', 53.3498, -6.2603, 20, 'oceanic', -1],
  ['Paris', 'Île-de-France', 'FR', 48.8566, 2.3522, 35, 'oceanic', 1],
  ['Amsterdam', 'North Holland', 'NL', 52.3676, 4.9041, -2, 'oceanic', 0],
  ['Brussels', 'Brussels', 'BE', 50.8503, 4.3517, 13, 'oceanic', 0.5],
  ['Edinburgh', 'Scotland', 'GB', 55.9533, -3.1883, 47, 'oceanic', -2],
  ['Bergen', 'Vestland', 'NO', 60.3913, 5.3221, 12, 'oceanic', -2],
  ['Berlin', 'Berlin', 'DE', 52.52, 13.405, 34, 'continental', 0],
  ['Warsaw', 'Masovia', 'PL', 52.2297, 21.0122, 100, 'continental', -0.5],
  ['Prague', 'Prague', 'CZ', 50.0755, 14.4378, 235, 'continental', -0.5],
  ['Vienna', 'Vienna', 'AT', 48.2082, 16.3738, 190, 'continental', 1],
  ['Munich', 'Bavaria', 'DE', 48.1351, 11.582, 519, 'continental', -0.5],
  ['Budapest', 'Budapest', 'HU', 47.4979, 19.0402, 102, 'continental', 1.5],
  ['Kyiv', 'Kyiv', 'UA', 50.4501, 30.5234, 179, 'continental', -1],
  ['Zurich', 'Zurich', 'CH', 47.3769, 8.5417, 408, 'continental', -0.5],
  ['Lisbon', 'Lisbon', 'PT', 38.7223, -9.1393, 45, 'mediterranean', -1],
  ['Madrid', 'Madrid', 'ES', 40.4168, -3.7038, 657, 'mediterranean', 0],
  ['Barcelona', 'Catalonia', 'ES', 41.3874, 2.1686, 12, 'mediterranean', -1],
  ['Rome', 'Lazio', 'IT', 41.9028, 12.4964, 21, 'mediterranean', 0],
  ['Athens', 'Attica', 'GR', 37.9838, 23.7275, 70, 'mediterranean', 1],
  ['Marseille', "Provence-Alpes-Côte d'Azur", 'FR', 43.2965, 5.3698, 12, 'mediterranean', -0.5],
  ['Istanbul', 'Istanbul', 'TR', 41.0082, 28.9784, 39, 'mediterranean', -3],
  ['Oslo', 'Oslo', 'NO', 59.9139, 10.7522, 23, 'subarctic', 0],
  ['Stockholm', 'Stockholm', 'SE', 59.3293, 18.0686, 28, 'subarctic', 0],
  ['Helsinki', 'Uusimaa', 'FI', 60.1699, 24.9384, 17, 'subarctic', -1],
  ['Reykjavik', 'Capital Region', 'IS', 64.1466, -21.9426, 0, 'subarctic', -5],
  ['Tallinn', 'Harju', 'EE', 59.437, 24.7536, 9, 'subarctic', -1],
  ['Tokyo', 'Tokyo', 'JP', 35.6762, 139.6503, 40, 'humidSubtropical', 0],
  ['Shanghai', 'Shanghai', 'CN', 31.2304, 121.4737, 4, 'humidSubtropical', 0],
  ['Seoul', 'Seoul', 'KR', 37.5665, 126.978, 38, 'humidSubtropical', -2],
  ['Osaka', 'Osaka', 'JP', 34.6937, 135.5023, 12, 'humidSubtropical', 0.5],
  ['Atlanta', 'Georgia', 'US', 33.749, -84.388, 320, 'humidSubtropical', 1],
  ['Hong Kong', 'Hong Kong', 'CN', 22.3193, 114.1694, 5, 'humidSubtropical', 4],
  ['Singapore', 'Singapore', 'SG', 1.3521, 103.8198, 15, 'tropical', 0],
  ['Bangkok', 'Bangkok', 'TH', 13.7563, 100.5018, 2, 'tropical', 1],
  ['Manila', 'Metro Manila', 'PH', 14.5995, 120.9842, 7, 'tropical', 0],
  ['Jakarta', 'Jakarta', 'ID', -6.2088, 106.8456, 8, 'tropical', 0],
  ['Kuala Lumpur', 'Federal Territory', 'MY', 3.139, 101.6869, 56, 'tropical', 0],
  ['Mumbai', 'Maharashtra', 'IN', 19.076, 72.8777, 14, 'tropical', -1],
  ['Cairo', 'Cairo', 'EG', 30.0444, 31.2357, 23, 'arid', 0],
  ['Dubai', 'Dubai', 'AE', 25.2048, 55.2708, 5, 'arid', 3],
  ['Riyadh', 'Riyadh', 'SA', 24.7136, 46.6753, 612, 'arid', 3],
  ['Phoenix', 'Arizona', 'US', 33.4484, -112.074, 331, 'arid', 2],
  ['Marrakesh', 'Marrakesh-Safi', 'MA', 31.6295, -7.9811, 466, 'arid', -1],
  ['Sydney', 'New South Wales', 'AU', -33.8688, 151.2093, 58, 'southernTemperate', 0],
  ['Melbourne', 'Victoria', 'AU', -37.8136, 144.9631, 31, 'southernTemperate', -3],
  ['Buenos Aires', 'Buenos Aires', 'AR', -34.6037, -58.3816, 25, 'southernTemperate', 2],
  ['Cape Town', 'Western Cape', 'ZA', -33.9249, 18.4241, 42, 'southernTemperate', -1],
  ['Auckland', 'Auckland', 'NZ', -36.8485, 174.7633, 196, 'southernTemperate', -3],
  ['Santiago', 'Santiago Metropolitan', 'CL', -33.4489, -70.6693, 570, 'southernTemperate', 3],
  ['Montevideo', 'Montevideo', 'UY', -34.9011, -56.1645, 43, 'southernTemperate', 0],
  ['Mexico City', 'Mexico City', 'MX', 19.4326, -99.1332, 2240, 'highland', 0],
  ['Bogota', 'Bogota', 'CO', 4.711, -74.0721, 2640, 'highland', -4],
  ['Quito', 'Pichincha', 'EC', -0.1807, -78.4678, 2850, 'highland', -3],
  ['Nairobi', 'Nairobi', 'KE', -1.2921, 36.8219, 1795, 'highland', 0],
  ['Addis Ababa', 'Addis Ababa', 'ET', 9.03, 38.74, 2355, 'highland', -2],
  ['La Paz', 'La Paz', 'BO', -16.4897, -68.1193, 3640, 'highland', -8],
  ['New York', 'New York', 'US', 40.7128, -74.006, 10, 'continental', 2],
  ['Chicago', 'Illinois', 'US', 41.8781, -87.6298, 181, 'continental', 0],
  ['Toronto', 'Ontario', 'CA', 43.6532, -79.3832, 76, 'continental', -1],
  ['Montreal', 'Quebec', 'CA', 45.5017, -73.5673, 36, 'continental', -2],
  ['Vancouver', 'British Columbia', 'CA', 49.2827, -123.1207, 70, 'oceanic', 0],
  ['Seattle', 'Washington', 'US', 47.6062, -122.3321, 53, 'oceanic', 1],
  ['San Francisco', 'California', 'US', 37.7749, -122.4194, 16, 'mediterranean', -5],
  ['Portland', 'Oregon', 'US', 45.5152, -122.6784, 15, 'oceanic', 2],
  ['Portland', 'Maine', 'US', 43.6591, -70.2568, 19, 'continental', -2],
  ['San Jose', 'California', 'US', 37.3382, -121.8863, 25, 'mediterranean', 0],
  ['San Jose', 'San José', 'CR', 9.9281, -84.0907, 1170, 'tropical', -5],
];

export interface StationRecord {
  id: string;
  name: string;
  region: string;
  country: string;
  latitude: number;
  longitude: number;
  elevation: number;
  climate: StationClimate;
}

export function generateWeather(random: Random): { stations: StationRecord[]; queries: QueryRecord[] } {
  const stations = CITIES.map(([name, region, country, latitude, longitude, elevation, climate, offset]) => {
    const base = CLIMATES[climate];
    if (!base) throw new Error(`unknown climate ${climate}`);
    const jitter = Math.round((random.next() - 0.5) * 10) / 10;
    return {
      id: `${name}-${region}`.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      name,
      region,
      country,
      latitude,
      longitude,
      elevation,
      climate: {
        ...base,
        maxTemperature: base.maxTemperature.map((value) => Math.round((value + offset + jitter) * 10) / 10),
        rainyDays: base.rainyDays.map((value) => Math.round(value * (0.8 + random.next() * 0.4) * 10) / 10),
      },
    };
  });
  return { stations, queries: weatherQueries(random, stations) };
}

function weatherQueries(random: Random, stations: readonly StationRecord[]): QueryRecord[] {
  const queries: QueryRecord[] = [];
  const unique = stations.filter((station) => stations.filter((other) => other.name === station.name).length === 1);
  const coordinates = (station: StationRecord) => ({
    latitude: near(station.latitude, 0.05),
    longitude: near(station.longitude, 0.05),
  });
  const locate = (station: StationRecord) => call('get_latitude_longitude', { name: station.name });
  const pastDate = () => isoDay(dayNumber('2023-01-01') + random.int(0, 520));
  const round1 = (value: number) => Math.round(value * 10) / 10;
  let attempts = 0;
  while (queries.length < QUERY_DRAFTS && attempts < 5000) {
    attempts += 1;
    const aug = MAIN_AUGMENTATIONS[queries.length % 3] ?? 'constraint';
    const pick = (texts: [string, string, string]) => texts[MAIN_AUGMENTATIONS.indexOf(aug)] ?? texts[0];
    const push = (
      base: number,
      goal: string,
      trajectories: ReturnType<typeof call>[][],
      answer: QueryRecord['answer'],
    ) =>
      queries.push({
        id: `weather-${String(queries.length + 1).padStart(3, '0')}`,
        baseId: `weather-b${base}`,
        goal,
        augmentation: aug,
        trajectories,
        answer,
      });
    const station = random.pick(unique);
    const other = random.pick(unique);
    const template = queries.length % 8;
    if (template === 0) {
      const date = pastDate();
      const day = dailyWeather(station.id, station.climate, date);
      push(
        1,
        pick([
          `What was the maximum temperature in ${station.name} on ${longDate(date)}, in °C?`,
          `On ${date}, how warm did it get in ${station.name} (daily maximum, Celsius)?`,
          `I'm writing a travel diary about my trip to ${station.name}. What was the highest temperature there on ${longDate(date)} in degrees Celsius?`,
        ]),
        [
          [
            locate(station),
            call('get_historical_temperature', { ...coordinates(station), start_date: date, end_date: date }),
          ],
        ],
        { type: 'number', value: day.temperature_max, tolerance: 0.05, check: 'appears' },
      );
    } else if (template === 1) {
      const start = pastDate();
      const end = isoDay(dayNumber(start) + random.int(2, 9));
      const total = round1(
        dateRange(start, end).reduce(
          (sum, date) => sum + dailyWeather(station.id, station.climate, date).precipitation,
          0,
        ),
      );
      push(
        2,
        pick([
          `How much precipitation in total (mm) fell in ${station.name} from ${longDate(start)} to ${longDate(end)}, both days included?`,
          `Add up the daily rainfall in ${station.name} between ${start} and ${end} inclusive: how many millimetres?`,
          `Our outdoor festival in ${station.name} ran from ${longDate(start)} to ${longDate(end)} and the grass is still recovering. What was the total precipitation over those days, in mm?`,
        ]),
        [[locate(station), call('get_historical_rain', { ...coordinates(station), start_date: start, end_date: end })]],
        { type: 'number', value: total, tolerance: 0.15, check: 'computed' },
      );
    } else if (template === 2) {
      if (other.id === station.id) continue;
      const distance = haversineKm(station.latitude, station.longitude, other.latitude, other.longitude);
      const there = {
        latitude1: near(station.latitude, 0.05),
        longitude1: near(station.longitude, 0.05),
        latitude2: near(other.latitude, 0.05),
        longitude2: near(other.longitude, 0.05),
      };
      const back = {
        latitude1: near(other.latitude, 0.05),
        longitude1: near(other.longitude, 0.05),
        latitude2: near(station.latitude, 0.05),
        longitude2: near(station.longitude, 0.05),
      };
      push(
        3,
        pick([
          `What is the great-circle distance in kilometres between ${station.name} and ${other.name}?`,
          `How many km apart are ${station.name} and ${other.name}, as the crow flies?`,
          `My pen pal lives in ${other.name} and I live in ${station.name}. How far apart are we in a straight line, in kilometres?`,
        ]),
        [
          [locate(station), locate(other), call('get_distance', there)],
          [locate(other), locate(station), call('get_distance', back)],
        ],
        {
          type: 'number',
          value: Math.round(distance * 10) / 10,
          tolerance: Math.max(1, distance * 0.01),
          check: 'appears',
        },
      );
    } else if (template === 3) {
      push(
        4,
        pick([
          `What is the elevation of ${station.name} in metres?`,
          `How high above sea level is ${station.name}, in metres?`,
          `I get altitude sickness easily and I'm flying to ${station.name} for a conference. What is its elevation in metres?`,
        ]),
        [[locate(station), call('get_elevation', coordinates(station))]],
        { type: 'number', value: station.elevation, tolerance: 0.5, check: 'appears' },
      );
    } else if (template === 4) {
      const tomorrow = isoDay(dayNumber('2024-06-15') + 1);
      const day = dailyWeather(station.id, station.climate, tomorrow);
      push(
        5,
        pick([
          `What maximum temperature (°C) is forecast for ${station.name} tomorrow?`,
          `Tomorrow in ${station.name}: what is the forecast daily high in Celsius?`,
          `I'm packing for a day trip to ${station.name} tomorrow and can't decide on a jacket. What high temperature is forecast there, in °C?`,
        ]),
        [
          [
            call('get_current_date'),
            locate(station),
            call('get_forecast_temperature', { ...coordinates(station), start_date: tomorrow, end_date: tomorrow }),
          ],
        ],
        { type: 'number', value: day.temperature_max, tolerance: 0.05, check: 'appears' },
      );
    } else if (template === 5) {
      if (other.id === station.id) continue;
      const date = pastDate();
      const difference = round1(
        dailyWeather(station.id, station.climate, date).temperature_max -
          dailyWeather(other.id, other.climate, date).temperature_max,
      );
      push(
        6,
        pick([
          `On ${longDate(date)}, by how many degrees Celsius was the maximum temperature in ${station.name} higher than in ${other.name}? (Negative if lower.)`,
          `Take the daily highs of ${station.name} and ${other.name} on ${date}: what is ${station.name}'s minus ${other.name}'s, in °C?`,
          `My friend in ${other.name} claimed it was warmer there than in ${station.name} on ${longDate(date)}. What was the maximum temperature in ${station.name} minus that in ${other.name}, in °C?`,
        ]),
        [
          [
            locate(station),
            call('get_historical_temperature', { ...coordinates(station), start_date: date, end_date: date }),
            locate(other),
            call('get_historical_temperature', { ...coordinates(other), start_date: date, end_date: date }),
          ],
        ],
        { type: 'number', value: difference, tolerance: 0.15, check: 'computed' },
      );
    } else if (template === 6) {
      const date = pastDate();
      const day = dailyWeather(station.id, station.climate, date);
      push(
        7,
        pick([
          `What was the air quality index in ${station.name} on ${longDate(date)}?`,
          `Give me ${station.name}'s AQI reading for ${date}.`,
          `I have asthma and I'm comparing cities for a move. What was the air quality index in ${station.name} on ${longDate(date)}?`,
        ]),
        [[locate(station), call('get_air_quality', { ...coordinates(station), date })]],
        { type: 'number', value: day.air_quality_index, tolerance: 0, check: 'appears' },
      );
    } else {
      const start = pastDate();
      const end = isoDay(dayNumber(start) + 6);
      const days = dateRange(start, end).map((date) => dailyWeather(station.id, station.climate, date).temperature_max);
      const mean = round1(days.reduce((sum, value) => sum + value, 0) / days.length);
      push(
        8,
        pick([
          `What was the average daily maximum temperature in ${station.name} over the 7 days from ${longDate(start)} to ${longDate(end)}, in °C (one decimal)?`,
          `Averaging the daily highs in ${station.name} from ${start} through ${end}, what do you get in Celsius?`,
          `For a school project on ${station.name}'s climate, my son needs the mean of the daily maximum temperatures from ${longDate(start)} to ${longDate(end)}. What is it, in °C?`,
        ]),
        [
          [
            locate(station),
            call('get_historical_temperature', { ...coordinates(station), start_date: start, end_date: end }),
          ],
        ],
        { type: 'number', value: mean, tolerance: 0.1, check: 'computed' },
      );
    }
  }
  return queries;
}
