import { fail } from '../../tools/index.js';
import { isSwitchOn, readSettings, type TableReader } from './settings-table.js';

/** The settings other tools depend on. */
export type RequiredSetting = 'wifi' | 'cellular' | 'location_service';

interface MissingSettingError {
  readonly kind: 'connection' | 'permission';
  readonly problem: (toolName: string) => string;
  readonly fixTool: string;
  readonly label: string;
}

const MISSING_SETTING: Readonly<Record<RequiredSetting, MissingSettingError>> = {
  wifi: {
    kind: 'connection',
    problem: (toolName) => `Wifi is off, so ${toolName} cannot reach the internet.`,
    fixTool: 'set_wifi_status',
    label: 'wifi',
  },
  cellular: {
    kind: 'connection',
    problem: (toolName) => `Cellular service is off, so ${toolName} cannot use the mobile network.`,
    fixTool: 'set_cellular_service_status',
    label: 'cellular service',
  },
  location_service: {
    kind: 'permission',
    problem: (toolName) => `Location service is off, so ${toolName} is not allowed to read the device's position.`,
    fixTool: 'set_location_service_status',
    label: 'location service',
  },
};

/**
 * Fails the current call unless `setting` is on: a `connection` error for wifi and cellular, a
 * `permission` error for location service, with a hint naming the tool that turns it on. The hint names
 * only the direct fix; if low battery mode blocks that fix, the fix itself says so (a nested dependency
 * the agent is meant to uncover step by step).
 */
export function requireSetting(world: TableReader, setting: RequiredSetting, toolName: string): void {
  if (isSwitchOn(world, setting)) return;
  const missing = MISSING_SETTING[setting];
  throw fail(
    missing.kind,
    missing.problem(toolName),
    `Turn ${missing.label} on with ${missing.fixTool}(on=true), then call ${toolName} again.`,
    { setting },
  );
}

/** The device's position. Fails with `permission` (naming `toolName`) while location service is off. */
export function currentLocation(
  world: TableReader,
  toolName = 'get_current_location',
): { latitude: number; longitude: number } {
  requireSetting(world, 'location_service', toolName);
  const settings = readSettings(world);
  return { latitude: Number(settings.latitude), longitude: Number(settings.longitude) };
}
