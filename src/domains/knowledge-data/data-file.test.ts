import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { climateFileSchema, loadClimate } from './climate.js';
import { currenciesFileSchema, loadCurrencies } from './currencies.js';
import { DataFileError, formatFieldPath, readDataFile } from './data-file.js';
import { loadPlaces, placesFileSchema } from './places.js';
import { loadStocks, stocksFileSchema } from './stocks.js';

const folder = mkdtempSync(join(tmpdir(), 'toolgauge-knowledge-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function writeTemp(name: string, content: unknown): string {
  const path = join(folder, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

function readError(path: string, schema: Parameters<typeof readDataFile>[1]): DataFileError {
  try {
    readDataFile(path, schema);
  } catch (error) {
    if (error instanceof DataFileError) return error;
    throw error;
  }
  throw new Error(`${path} was accepted`);
}

const place = {
  id: 'test-cafe',
  name: 'Test Cafe',
  category: 'cafe',
  brand: null,
  address: '1 Test St, Testville, CA 90000, USA',
  street: '1 Test St',
  city: 'Testville',
  region: 'CA',
  postalCode: '90000',
  country: 'US',
  latitude: 37.1,
  longitude: -122.1,
  timeZone: 'America/Los_Angeles',
  phone: null,
};

describe('the shipped data files', () => {
  it('load and validate', () => {
    expect(loadPlaces().places.length).toBeGreaterThan(200);
    expect(loadClimate().stations.length).toBeGreaterThan(0);
    expect(loadStocks().quotes.length).toBeGreaterThan(0);
    expect(loadCurrencies().currencies.some((currency) => currency.code === 'EUR')).toBe(true);
  });

  it('are read once and cached', () => {
    expect(loadPlaces()).toBe(loadPlaces());
  });
});

describe('readDataFile', () => {
  it('accepts a valid file', () => {
    const path = writeTemp('good-places.json', { formatVersion: 1, asOf: '2026-01-01', places: [place] });
    expect(readDataFile(path, placesFileSchema).places[0]?.id).toBe('test-cafe');
  });

  it('names the file and the field path of a wrong value', () => {
    const broken = {
      formatVersion: 1,
      asOf: '2026-01-01',
      places: [place, { ...place, id: 'other', latitude: '37.1' }],
    };
    const error = readError(writeTemp('places.json', broken), placesFileSchema);
    expect(error.message).toContain(join(folder, 'places.json'));
    expect(error.message).toContain('places[1].latitude');
    expect(error.problems).toHaveLength(1);
  });

  it('reports a missing field, an out-of-range value and an unknown time zone', () => {
    const { phone: _phone, ...withoutPhone } = place;
    const broken = {
      formatVersion: 1,
      asOf: '2026-01-01',
      places: [withoutPhone, { ...place, id: 'b', longitude: 200 }, { ...place, id: 'c', timeZone: 'Mars/Base' }],
    };
    const error = readError(writeTemp('places-3.json', broken), placesFileSchema);
    expect(error.message).toContain('places[0].phone');
    expect(error.message).toContain('places[1].longitude');
    expect(error.message).toContain('places[2].timeZone');
  });

  it('reports a duplicate id where it repeats', () => {
    const broken = { formatVersion: 1, asOf: '2026-01-01', places: [place, place] };
    const error = readError(writeTemp('duplicate-places.json', broken), placesFileSchema);
    expect(error.message).toContain('places[1].id');
    expect(error.message).toContain('duplicate id "test-cafe"');
  });

  it('checks the other files: climate months, stock symbols, currency base', () => {
    const climate = {
      formatVersion: 1,
      stations: [
        {
          id: 'x',
          name: 'X',
          latitude: 0,
          longitude: 0,
          timeZone: 'UTC',
          monthly: [{ highC: 10, lowC: 5, precipDays: 3, humidity: 70, windKph: 10 }],
        },
      ],
    };
    expect(readError(writeTemp('climate.json', climate), climateFileSchema).message).toContain('stations[0].monthly');
    const stocks = { formatVersion: 1, asOf: '2026-01-02', quotes: [{ symbol: 'AAPL' }] };
    expect(readError(writeTemp('stocks.json', stocks), stocksFileSchema).message).toContain('quotes[0].name');
    const currencies = {
      formatVersion: 1,
      asOf: '2026-01-02',
      base: 'USD',
      currencies: [{ code: 'USD', name: 'US Dollar', symbol: '$', unitsPerUSD: 2, decimals: 2, countries: [] }],
    };
    expect(readError(writeTemp('currencies.json', currencies), currenciesFileSchema).message).toContain(
      'currencies[0].unitsPerUSD',
    );
  });

  it('names a file that is not JSON, or missing', () => {
    const notJson = readError(writeTemp('not-json.json', '{ "places": ['), placesFileSchema);
    expect(notJson.message).toContain('not-json.json is not valid JSON');
    const missing = readError(join(folder, 'absent.json'), placesFileSchema);
    expect(missing.message).toContain('absent.json cannot be read');
  });
});

describe('formatFieldPath', () => {
  it('writes indexes in brackets and keys with dots', () => {
    expect(formatFieldPath(['places', 3, 'latitude'])).toBe('places[3].latitude');
    expect(formatFieldPath([])).toBe('(root)');
  });
});
