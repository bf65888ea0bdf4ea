import type { Domain } from '../domain.js';
import { getCurrentLocation } from './get-current-location.js';
import { SETTINGS_TABLE } from './settings-table.js';
import { switchToolList } from './switch-tools.js';

export { currentLocation, type RequiredSetting, requireSetting } from './require-setting.js';
export { isSwitchOn, readSettings, SETTINGS_TABLE, type SettingSwitch, type TableReader } from './settings-table.js';

export const settingsDomain: Domain = {
  name: 'settings',
  description:
    'The phone itself: low battery mode, location service, cellular service and wifi switches, and the ' +
    'current position. Low battery mode forces the other three off and keeps them off.',
  tables: [SETTINGS_TABLE],
  tools: [...switchToolList, getCurrentLocation],
};
