export {
  BASE_CONTACTS,
  DEVICE_LOCATION,
  DRY_CLEANER_LOCATION,
  SANDBOX_BASE_IDS,
  UNKNOWN_PHONE_NUMBER,
} from './base-world-content.js';
export { buildSandboxWorld } from './build-sandbox-world.js';
export { type PresetSettings, SANDBOX_PRESETS, type SandboxPreset } from './sandbox-presets.js';
