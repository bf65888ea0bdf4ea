import { describe, expect, it } from 'vitest';
import { currencyDomain } from '../currency/index.js';
import type { Domain } from '../domain.js';
import { holidayDomain } from '../holiday/index.js';
import { mapDomain } from '../map/index.js';
import { mathDomain } from '../math/index.js';
import { stockDomain } from '../stock/index.js';
import { timeDomain } from '../time/index.js';
import { weatherDomain } from '../weather/index.js';

const domains: readonly Domain[] = [
  timeDomain,
  mathDomain,
  mapDomain,
  weatherDomain,
  stockDomain,
  currencyDomain,
  holidayDomain,
];

/** Tool and argument names exactly as in the reference, so traces compare with the paper's. */
const REFERENCE_TOOLS: Readonly<Record<string, readonly string[]>> = {
  get_current_timestamp: [],
  timestamp_to_datetime_info: ['timestamp'],
  datetime_info_to_timestamp: ['year', 'month', 'day', 'hour', 'minute', 'second'],
  shift_timestamp: ['timestamp', 'weeks', 'days', 'hours', 'minutes', 'seconds'],
  timestamp_diff: ['timestamp_0', 'timestamp_1'],
  seconds_to_hours_minutes_seconds: ['seconds'],
  unit_conversion: ['amount', 'from_unit', 'to_unit'],
  calculate_lat_lon_distance: ['latitude_0', 'longitude_0', 'latitude_1', 'longitude_1'],
  search_holiday: ['holiday_name', 'year'],
  search_lat_lon: ['latitude', 'longitude'],
  search_location_around_lat_lon: ['location', 'latitude', 'longitude'],
  search_weather_around_lat_lon: ['days', 'latitude', 'longitude'],
  search_stock: ['query'],
  convert_currency: ['amount', 'from_currency_code', 'to_currency_code'],
};

const NEEDS_WIFI = [
  'search_lat_lon',
  'search_location_around_lat_lon',
  'search_weather_around_lat_lon',
  'search_stock',
  'convert_currency',
  'search_holiday',
];

describe('the knowledge domains', () => {
  const tools = domains.flatMap((domain) => domain.tools);

  it("have the reference's 14 tools with its argument names", () => {
    expect(Object.fromEntries(tools.map((tool) => [tool.name, Object.keys(tool.parameters.properties ?? {})]))).toEqual(
      REFERENCE_TOOLS,
    );
  });

  it('tag each tool with its domain, as read-only tools without tables', () => {
    for (const domain of domains) {
      expect(domain.tables).toEqual([]);
      for (const tool of domain.tools) {
        expect(tool.domain).toBe(domain.name);
        expect(tool.kind).toBe('read');
      }
    }
  });

  it('declare wifi and location service where the tool needs them', () => {
    for (const tool of tools) {
      expect(tool.dependsOn.includes('wifi')).toBe(NEEDS_WIFI.includes(tool.name));
      const searchesAroundMe = 'latitude' in (tool.parameters.properties as object) && tool.name !== 'search_lat_lon';
      expect(tool.dependsOn.includes('location_service')).toBe(searchesAroundMe);
    }
  });
});
