/** Weather: today's weather, a three-day forecast and monthly climate, by city. No login needed. */
import { z } from 'zod';
import type { Row } from '../../spec/index.js';
import type { WorldTransaction } from '../../tools/index.js';
import { isoDate, pythonDateRepr, pythonStrip } from './python-time.js';
import { ownedKey, TABLES } from './tooltalk-tables.js';
import { conversationNow, defineToolTalkTool, failWith } from './tooltalk-tool.js';

const SUITE = 'Weather';

const day = (row: Row) => ({ date: row.date, high: row.high, low: row.low, conditions: row.conditions });

function knownLocation(world: WorldTransaction, table: string, location: string): string {
  const key = pythonStrip(location.toLowerCase());
  if (!world.rows(table).some((row) => row.location === key)) {
    failWith('not-found', `Location ${key} not found in database`);
  }
  return key;
}

function dayAt(world: WorldTransaction, location: string, date: string): Row {
  const row = world.find(TABLES.weather, ownedKey(location, date));
  if (!row) failWith('not-found', pythonDateRepr(date));
  return row;
}

export const currentWeather = defineToolTalkTool(SUITE, false, {
  name: 'CurrentWeather',
  description: "Today's weather in a city: high, low and conditions.",
  parameters: z.object({ location: z.string().describe('The city.') }),
  returns: '{weather: {date, high, low, conditions}}',
  kind: 'read',
  run(args, context) {
    const location = knownLocation(context.world, TABLES.weather, args.location);
    return { weather: day(dayAt(context.world, location, isoDate(conversationNow(context)))) };
  },
});

export const forecastWeather = defineToolTalkTool(SUITE, false, {
  name: 'ForecastWeather',
  description: 'The weather in a city for each of the next three days.',
  parameters: z.object({ location: z.string().describe('The city.') }),
  returns: '{forecast: [{date, high, low, conditions}] × 3}',
  kind: 'read',
  run(args, context) {
    const location = knownLocation(context.world, TABLES.weather, args.location);
    const now = conversationNow(context);
    return { forecast: [1, 2, 3].map((offset) => day(dayAt(context.world, location, isoDate(now, offset)))) };
  },
});

export const historicWeather = defineToolTalkTool(SUITE, false, {
  name: 'HistoricWeather',
  description: 'Climate figures of a city for a month: usual and record temperatures, rainfall and snow days.',
  parameters: z.object({
    location: z.string().describe('The city.'),
    month: z.string().describe('The month, written out in full (e.g. "March").'),
  }),
  returns: '{weather: {min_temp, max_temp, record_min_temp, record_max_temp, avg_rainfall, snow_days}}',
  kind: 'read',
  run(args, { world }) {
    const location = knownLocation(world, TABLES.historicWeather, args.location);
    const month = args.month.toLowerCase();
    const row = world.find(TABLES.historicWeather, ownedKey(location, month));
    if (!row) failWith('not-found', `Historic weather data for ${location} missing for month ${month}`);
    const { key: _key, location: _location, month: _month, ...figures } = row;
    return { weather: figures };
  },
});

export const WEATHER_TOOLS = [currentWeather, forecastWeather, historicWeather];
