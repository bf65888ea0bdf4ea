/**
 * For the knowledge domains' tests only: a world holding just the phone's settings row, positioned at
 * Apple Park like the reference's seed world, with every switch on unless overridden.
 */
import type { Row } from '../../spec/index.js';
import { defineWorldSchema, WorldSnapshot } from '../../world/index.js';
import { SETTINGS_TABLE } from '../settings/index.js';

export const APPLE_PARK = { latitude: 37.334606, longitude: -122.009102 } as const;

export function testPhoneWorld(overrides: Readonly<Record<string, boolean | number>> = {}): WorldSnapshot {
  const settings: Row = {
    device_id: 'test-phone',
    cellular: true,
    wifi: true,
    location_service: true,
    low_battery_mode: false,
    ...APPLE_PARK,
    ...overrides,
  };
  return WorldSnapshot.create(defineWorldSchema([SETTINGS_TABLE]), { settings: [settings] });
}
