import { DefinitionError, type Row } from '../../spec/index.js';
import { BASE_CONTACTS, baseMessages, baseReminders, DEVICE_LOCATION, SANDBOX_BASE_IDS } from './base-world-content.js';
import { SANDBOX_PRESETS } from './sandbox-presets.js';

/**
 * The rows of a preset's world around `now` (epoch seconds), by table: `settings`, `contacts`,
 * `messages` and `reminders`, ready for `WorldSnapshot.create`. The same preset and `now` always give
 * the same rows.
 */
export function buildSandboxWorld(preset: string, options: { now: number }): Record<string, Row[]> {
  const definition = Object.hasOwn(SANDBOX_PRESETS, preset) ? SANDBOX_PRESETS[preset] : undefined;
  if (!definition) {
    throw new DefinitionError(
      `unknown sandbox preset "${preset}"; known presets: ${Object.keys(SANDBOX_PRESETS).join(', ')}`,
    );
  }
  const { now } = options;
  if (!Number.isFinite(now)) {
    throw new DefinitionError(`sandbox preset "${preset}": "now" must be a finite number of seconds, got ${now}`);
  }
  return {
    settings: [{ device_id: SANDBOX_BASE_IDS.device, ...definition.settings, ...DEVICE_LOCATION }],
    contacts: BASE_CONTACTS.map((contact) => ({ ...contact })),
    messages: baseMessages(now),
    reminders: baseReminders(now),
  };
}
