/** The device switches a preset fixes; everything else about a sandbox world is the same in every preset. */
export interface PresetSettings {
  readonly cellular: boolean;
  readonly wifi: boolean;
  readonly location_service: boolean;
  readonly low_battery_mode: boolean;
}

export interface SandboxPreset {
  /** What the world is for, in a sentence. */
  readonly description: string;
  readonly settings: PresetSettings;
}

const ALL_ON: PresetSettings = { cellular: true, wifi: true, location_service: true, low_battery_mode: false };

const COMMON =
  'The owner Maya Okafor, six contacts, eight recent messages and four reminders, at the Ferry Building in San Francisco';

function offPreset(off: readonly ('wifi' | 'location_service' | 'cellular')[]): SandboxPreset {
  const labels = off.map((setting) => (setting === 'location_service' ? 'location service' : setting));
  const settings = { ...ALL_ON };
  for (const setting of off) settings[setting] = false;
  return {
    description: `${COMMON}, with ${labels.join(' and ')} off: the agent must turn ${off.length > 1 ? 'them' : 'it'} on before tools that need ${off.length > 1 ? 'them' : 'it'} work.`,
    settings,
  };
}

/**
 * The named seed worlds scenarios start from. Every preset holds the same people, messages and reminders
 * (see `base-world-content.ts`); they differ only in the device switches.
 */
export const SANDBOX_PRESETS: Readonly<Record<string, SandboxPreset>> = {
  base: {
    description: `${COMMON}, with cellular, wifi and location service on and low battery mode off.`,
    settings: ALL_ON,
  },
  'base-wifi-off': offPreset(['wifi']),
  'base-location-off': offPreset(['location_service']),
  'base-cellular-off': offPreset(['cellular']),
  'base-wifi-off-location-off': offPreset(['wifi', 'location_service']),
  'base-wifi-off-cellular-off': offPreset(['wifi', 'cellular']),
  'base-location-off-cellular-off': offPreset(['location_service', 'cellular']),
  'base-wifi-off-location-off-cellular-off': offPreset(['wifi', 'location_service', 'cellular']),
  'base-low-battery': {
    description:
      `${COMMON}, in low battery mode, which keeps cellular, wifi and location service off: the agent ` +
      'must turn low battery mode off before it can turn any of them on.',
    settings: { cellular: false, wifi: false, location_service: false, low_battery_mode: true },
  },
};
