import type { Row, TableSchema } from '../../spec/index.js';

/** The device's settings: one row for the phone the agent operates. */
export const SETTINGS_TABLE: TableSchema = {
  name: 'settings',
  primaryKey: 'device_id',
  description: 'The phone the agent operates: its radios, power mode and position. Holds exactly one row.',
  columns: {
    device_id: { type: 'string', description: 'Identifier of the device.' },
    cellular: { type: 'boolean', description: 'Whether cellular service (calls, text messages) is on.' },
    wifi: { type: 'boolean', description: 'Whether wifi, and with it internet access, is on.' },
    location_service: { type: 'boolean', description: 'Whether apps may read the device position.' },
    low_battery_mode: { type: 'boolean', description: 'Whether low battery mode is on; it keeps the radios off.' },
    latitude: { type: 'number', description: 'Current latitude of the device, in degrees.' },
    longitude: { type: 'number', description: 'Current longitude of the device, in degrees.' },
  },
};

/** The boolean switches of the settings row. */
export type SettingSwitch = 'cellular' | 'wifi' | 'location_service' | 'low_battery_mode';

/** Anything that can list a table's rows: a world snapshot or a tool call's transaction. */
export interface TableReader {
  rows(table: string): readonly Row[];
}

/**
 * The settings row. A world without exactly one is a broken world definition, not an agent mistake,
 * so this throws a plain error (reported as an internal tool error).
 */
export function readSettings(world: TableReader): Row {
  const rows = world.rows(SETTINGS_TABLE.name);
  const [settings] = rows;
  if (!settings || rows.length !== 1) {
    throw new Error(`the world's "settings" table must hold exactly one row, found ${rows.length}`);
  }
  return settings;
}

/** Whether a switch of the settings row is on. */
export function isSwitchOn(world: TableReader, setting: SettingSwitch): boolean {
  return readSettings(world)[setting] === true;
}
