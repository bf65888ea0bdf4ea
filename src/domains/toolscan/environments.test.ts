import { describe, expect, it } from 'vitest';
import { runTool } from '../../testing/index.js';
import { defineWorldSchema, WorldSnapshot } from '../../world/index.js';
import { TOOLSCAN_ENVIRONMENTS } from './index.js';
import { getPatentWithDateRange, getPatentWithTitle, getPatentWithTitleGteDate } from './patents/patent-tools.js';
import { listMatches } from './sports/sports-tools.js';
import { getHistoricalTemperature, getLatitudeLongitude } from './weather/weather-tools.js';

const world = WorldSnapshot.create(defineWorldSchema([]), {});
const value = async (...call: Parameters<typeof runTool>) => {
  const { outcome } = await runTool(...call);
  if (outcome.type === 'error') throw new Error(outcome.error.message);
  return outcome.value as Record<string, unknown> & { results: Record<string, unknown>[] };
};

describe('ToolScan environments', () => {
  it('have unique API names, read-only tools with described arguments, and several APIs each', () => {
    for (const environment of TOOLSCAN_ENVIRONMENTS) {
      const names = environment.tools.map((tool) => tool.name);
      expect(new Set(names).size, environment.id).toBe(names.length);
      expect(names.length).toBeGreaterThanOrEqual(8);
      for (const tool of environment.tools) expect(tool.kind).toBe('read');
    }
  });

  it('patents: look-alike APIs filter differently, and pages and fields apply', async () => {
    const all = await value(getPatentWithTitle, { title: 'battery', count: 100 }, world);
    const later = await value(getPatentWithTitleGteDate, { title: 'battery', date: '2020-01-01', count: 100 }, world);
    expect(later.total).toBeLessThan(all.total as number);
    expect(later.results.every((patent) => (patent.patent_date as string) >= '2020-01-01')).toBe(true);
    const page = await value(getPatentWithTitle, { title: 'battery', page: 2, count: 3, fields: ['assignee'] }, world);
    expect(page.results).toHaveLength(3);
    expect(Object.keys(page.results[0] ?? {})).toEqual(['assignee']);
    const { outcome } = await runTool(
      getPatentWithDateRange,
      { start_date: '2020-02-01', end_date: '2020-01-01' },
      world,
    );
    expect(outcome.type === 'error' && outcome.error.kind).toBe('invalid-value');
  });

  it('weather: places by name (a region narrows it), history only before today, deterministic values', async () => {
    const portland = await runTool(getLatitudeLongitude, { name: 'Portland, Maine' }, world);
    expect(portland.outcome.type === 'result' && portland.outcome.value).toMatchObject([{ region: 'Maine' }]);
    const both = await runTool(getLatitudeLongitude, { name: 'portland' }, world);
    expect(both.outcome.type === 'result' && (both.outcome.value as unknown[]).length).toBe(2);
    const args = { latitude: 38.72, longitude: -9.14, start_date: '2024-03-01', end_date: '2024-03-03' };
    const first = await runTool(getHistoricalTemperature, args, world);
    const again = await runTool(getHistoricalTemperature, args, world);
    expect(first.outcome).toEqual(again.outcome);
    expect(first.outcome.type === 'result' && (first.outcome.value as unknown[]).length).toBe(3);
    const future = await runTool(
      getHistoricalTemperature,
      { ...args, end_date: '2024-06-20', start_date: '2024-06-14' },
      world,
    );
    expect(future.outcome.type === 'error' && future.outcome.error.kind).toBe('invalid-value');
    const nowhere = await runTool(getHistoricalTemperature, { ...args, latitude: 0, longitude: 0 }, world);
    expect(nowhere.outcome.type === 'error' && nowhere.outcome.error.kind).toBe('not-found');
  });

  it('sports: a season of matches comes in pages with totals', async () => {
    const first = await value(listMatches, { team_id: 100, season: 2023 }, world);
    expect(first.total).toBe(22);
    expect(first.total_pages).toBe(3);
    const big = await value(listMatches, { team_id: 100, season: 2023, page_size: 50 }, world);
    expect(big.results).toHaveLength(22);
  });
});
