/**
 * The eight set/get tools for the boolean switches of the settings row.
 *
 * Deliberate difference from the reference: asking for the state a switch already has succeeds and changes
 * nothing, where the reference raised an error. "Make sure wifi is on" is a reasonable request, and an
 * error for it would only teach the agent to check first.
 */
import { z } from 'zod';
import { defineTool, fail, type Tool, type WorldTransaction } from '../../tools/index.js';
import { readSettings, SETTINGS_TABLE, type SettingSwitch } from './settings-table.js';

/** The switches low battery mode forces off and keeps off. */
const RADIOS: readonly SettingSwitch[] = ['cellular', 'wifi', 'location_service'];

interface SwitchToolText {
  readonly setting: SettingSwitch;
  readonly setName: string;
  readonly getName: string;
  /** How the switch is named in messages, e.g. "cellular service". */
  readonly label: string;
  readonly setDescription: string;
  readonly getDescription: string;
}

const ALREADY_SO = 'If it is already in the requested state, the call succeeds and changes nothing.';
const BLOCKED_BY_LOW_BATTERY = 'It cannot be turned on while low battery mode is on.';

const SWITCHES: readonly SwitchToolText[] = [
  {
    setting: 'low_battery_mode',
    setName: 'set_low_battery_mode_status',
    getName: 'get_low_battery_mode_status',
    label: 'low battery mode',
    setDescription:
      'Turns low battery mode on or off. Turning it on also switches cellular service, wifi and location ' +
      'service off and keeps them off until low battery mode is turned off again; turning it off does not ' +
      `switch them back on. ${ALREADY_SO}`,
    getDescription: 'Tells whether low battery mode is on.',
  },
  {
    setting: 'location_service',
    setName: 'set_location_service_status',
    getName: 'get_location_service_status',
    label: 'location service',
    setDescription:
      'Turns location service on or off. Tools that need the current position of the phone only work ' +
      `while it is on. ${BLOCKED_BY_LOW_BATTERY} ${ALREADY_SO}`,
    getDescription: 'Tells whether location service (access to the position of the phone) is on.',
  },
  {
    setting: 'cellular',
    setName: 'set_cellular_service_status',
    getName: 'get_cellular_service_status',
    label: 'cellular service',
    setDescription:
      'Turns cellular service on or off. Sending text messages needs it on. ' +
      `${BLOCKED_BY_LOW_BATTERY} ${ALREADY_SO}`,
    getDescription: 'Tells whether cellular service (needed to send text messages) is on.',
  },
  {
    setting: 'wifi',
    setName: 'set_wifi_status',
    getName: 'get_wifi_status',
    label: 'wifi',
    setDescription:
      'Turns wifi on or off. Tools that look things up on the internet need it on. ' +
      `${BLOCKED_BY_LOW_BATTERY} ${ALREADY_SO}`,
    getDescription: 'Tells whether wifi (needed for internet look-ups) is on.',
  },
];

function setSwitch(world: WorldTransaction, text: SwitchToolText, on: boolean): void {
  const settings = readSettings(world);
  if (on && text.setting !== 'low_battery_mode' && settings.low_battery_mode === true) {
    throw fail(
      'permission',
      `Low battery mode is on, and it keeps ${text.label} off.`,
      `Turn low battery mode off with set_low_battery_mode_status(on=false), then call ${text.setName}(on=true) again.`,
      { blockedBy: 'low_battery_mode' },
    );
  }
  const patch: Record<string, boolean> = { [text.setting]: on };
  if (text.setting === 'low_battery_mode' && on) {
    for (const radio of RADIOS) patch[radio] = false;
  }
  const changed = Object.entries(patch).some(([column, value]) => settings[column] !== value);
  if (changed) world.update(SETTINGS_TABLE.name, settings.device_id ?? null, patch);
}

function switchTools(text: SwitchToolText): Tool[] {
  const setTool = defineTool({
    name: text.setName,
    description: text.setDescription,
    parameters: z.object({
      on: z.boolean().describe(`true to turn ${text.label} on, false to turn it off.`),
    }),
    returns: 'Nothing.',
    kind: 'action',
    domain: 'settings',
    run({ on }, context) {
      setSwitch(context.world, text, on);
    },
  });
  const getTool = defineTool({
    name: text.getName,
    description: text.getDescription,
    parameters: z.object({}),
    returns: `true when ${text.label} is on, false when it is off.`,
    kind: 'read',
    domain: 'settings',
    run(_args, context) {
      return readSettings(context.world)[text.setting] === true;
    },
  });
  return [setTool, getTool];
}

/** set/get tools for low battery mode, location service, cellular service and wifi, in that order. */
export const switchToolList: readonly Tool[] = SWITCHES.flatMap(switchTools);
