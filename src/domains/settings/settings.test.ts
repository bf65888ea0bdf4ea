import { describe, expect, it } from 'vitest';
import { runTool } from '../../testing/run-tool.js';
import { isToolFailure, WorldTransaction } from '../../tools/index.js';
import type { WorldSnapshot } from '../../world/index.js';
import { phoneTool, sandboxWorld, toolErrorOf } from '../sandbox-presets/sandbox-test-world.test-helpers.js';
import { currentLocation, readSettings, requireSetting, settingsDomain } from './index.js';

function switches(world: WorldSnapshot) {
  const { cellular, wifi, location_service, low_battery_mode } = readSettings(world);
  return { cellular, wifi, location_service, low_battery_mode };
}

/** Runs `run` and returns the tool error it throws. */
function thrownError(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (isToolFailure(error)) return error.error;
    throw error;
  }
  throw new Error('expected a tool failure');
}

describe('settings domain', () => {
  it('has the nine reference tools, all in the settings domain', () => {
    expect(settingsDomain.tools.map((tool) => tool.name).sort()).toEqual([
      'get_cellular_service_status',
      'get_current_location',
      'get_location_service_status',
      'get_low_battery_mode_status',
      'get_wifi_status',
      'set_cellular_service_status',
      'set_location_service_status',
      'set_low_battery_mode_status',
      'set_wifi_status',
    ]);
    expect(settingsDomain.tools.every((tool) => tool.domain === 'settings')).toBe(true);
    expect(settingsDomain.tables.map((table) => table.name)).toEqual(['settings']);
  });

  it.each([
    ['get_cellular_service_status', 'base-cellular-off'],
    ['get_wifi_status', 'base-wifi-off'],
    ['get_location_service_status', 'base-location-off'],
  ])('%s reports the switch in %s and in base', async (toolName, offPreset) => {
    expect((await runTool(phoneTool(toolName), {}, sandboxWorld('base'))).outcome).toEqual({
      type: 'result',
      value: true,
    });
    expect((await runTool(phoneTool(toolName), {}, sandboxWorld(offPreset))).outcome).toEqual({
      type: 'result',
      value: false,
    });
  });

  it('get_low_battery_mode_status reports low battery mode', async () => {
    const tool = phoneTool('get_low_battery_mode_status');
    expect((await runTool(tool, {}, sandboxWorld('base'))).outcome).toEqual({ type: 'result', value: false });
    expect((await runTool(tool, {}, sandboxWorld('base-low-battery'))).outcome).toEqual({
      type: 'result',
      value: true,
    });
  });

  it.each([
    ['set_wifi_status', 'wifi'],
    ['set_cellular_service_status', 'cellular'],
    ['set_location_service_status', 'location_service'],
  ] as const)('%s turns %s off and on again', async (toolName, column) => {
    const off = await runTool(phoneTool(toolName), { on: false }, sandboxWorld('base'));
    expect(off.outcome).toEqual({ type: 'result', value: null });
    expect(readSettings(off.world)[column]).toBe(false);
    const on = await runTool(phoneTool(toolName), { on: true }, off.world);
    expect(readSettings(on.world)[column]).toBe(true);
  });

  it('setting a switch to the state it already has succeeds and changes nothing', async () => {
    const world = sandboxWorld('base');
    for (const [toolName, on] of [
      ['set_wifi_status', true],
      ['set_cellular_service_status', true],
      ['set_location_service_status', true],
      ['set_low_battery_mode_status', false],
    ] as const) {
      const run = await runTool(phoneTool(toolName), { on }, world);
      expect(run.outcome.type).toBe('result');
      expect(run.world.sharesTable(world, 'settings')).toBe(true);
    }
  });

  it('turning low battery mode on switches the three radios off; turning it off restores none', async () => {
    const on = await runTool(phoneTool('set_low_battery_mode_status'), { on: true }, sandboxWorld('base'));
    expect(switches(on.world)).toEqual({
      cellular: false,
      wifi: false,
      location_service: false,
      low_battery_mode: true,
    });
    const off = await runTool(phoneTool('set_low_battery_mode_status'), { on: false }, on.world);
    expect(switches(off.world)).toEqual({
      cellular: false,
      wifi: false,
      location_service: false,
      low_battery_mode: false,
    });
  });

  it.each([
    ['set_wifi_status', 'wifi'],
    ['set_cellular_service_status', 'cellular service'],
    ['set_location_service_status', 'location service'],
  ])('%s(on=true) fails with permission in low battery mode and changes nothing', async (toolName, label) => {
    const world = sandboxWorld('base-low-battery');
    const run = await runTool(phoneTool(toolName), { on: true }, world);
    const error = toolErrorOf(run.outcome);
    expect(error.kind).toBe('permission');
    expect(error.message).toContain('Low battery mode');
    expect(error.message).toContain(label);
    expect(error.hint).toContain('set_low_battery_mode_status(on=false)');
    expect(run.world).toBe(world);
  });

  it('turning a radio off in low battery mode is allowed', async () => {
    const run = await runTool(phoneTool('set_wifi_status'), { on: false }, sandboxWorld('base-low-battery'));
    expect(run.outcome.type).toBe('result');
  });

  it('get_current_location returns the device position', async () => {
    const run = await runTool(phoneTool('get_current_location'), {}, sandboxWorld('base'));
    expect(run.outcome).toEqual({ type: 'result', value: { latitude: 37.7955, longitude: -122.3937 } });
  });

  it('get_current_location fails with permission while location service is off', async () => {
    const error = toolErrorOf(
      (await runTool(phoneTool('get_current_location'), {}, sandboxWorld('base-location-off'))).outcome,
    );
    expect(error.kind).toBe('permission');
    expect(error.message).toContain('Location service is off');
    expect(error.hint).toContain('set_location_service_status(on=true)');
  });
});

describe('requireSetting and currentLocation', () => {
  const transaction = (preset: string) => new WorldTransaction(sandboxWorld(preset), 'seed');

  it('pass silently when the setting is on', () => {
    const world = transaction('base');
    expect(() => requireSetting(world, 'wifi', 'search_stock')).not.toThrow();
    expect(() => requireSetting(world, 'cellular', 'send_message_with_phone_number')).not.toThrow();
    expect(currentLocation(world)).toEqual({ latitude: 37.7955, longitude: -122.3937 });
  });

  it('fail with connection for wifi and cellular, naming the tool and the fix', () => {
    const wifi = thrownError(() => requireSetting(transaction('base-wifi-off'), 'wifi', 'search_stock'));
    expect(wifi).toMatchObject({ kind: 'connection', details: { setting: 'wifi' } });
    expect(wifi.message).toBe('Wifi is off, so search_stock cannot reach the internet.');
    expect(wifi.hint).toContain('set_wifi_status(on=true)');
    expect(wifi.hint).toContain('search_stock');
    const cellular = thrownError(() => requireSetting(transaction('base-cellular-off'), 'cellular', 'send_it'));
    expect(cellular.kind).toBe('connection');
    expect(cellular.hint).toContain('set_cellular_service_status(on=true)');
  });

  it('fail with permission for location service, also through currentLocation', () => {
    const world = transaction('base-location-off');
    const direct = thrownError(() => requireSetting(world, 'location_service', 'search_weather_around_lat_lon'));
    expect(direct.kind).toBe('permission');
    expect(direct.message).toContain('search_weather_around_lat_lon');
    const viaLocation = thrownError(() => currentLocation(world, 'search_lat_lon'));
    expect(viaLocation.kind).toBe('permission');
    expect(viaLocation.hint).toContain('set_location_service_status(on=true)');
  });
});
