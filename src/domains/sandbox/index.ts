import { contactsDomain } from '../contacts/index.js';
import { currencyDomain } from '../currency/index.js';
import type { Domain } from '../domain.js';
import { holidayDomain } from '../holiday/index.js';
import { mapDomain } from '../map/index.js';
import { mathDomain } from '../math/index.js';
import { messagingDomain } from '../messaging/index.js';
import { remindersDomain } from '../reminders/index.js';
import { settingsDomain } from '../settings/index.js';
import { stockDomain } from '../stock/index.js';
import { timeDomain } from '../time/index.js';
import { weatherDomain } from '../weather/index.js';

/**
 * The sandbox world's eleven domains (the ToolSandbox paper's: settings, contacts, messaging,
 * reminders, time and math utilities, map, weather, stock, currency conversion, holidays). Together
 * with the user's `end_conversation` they make the 34 tools of the sandbox benchmark.
 */
export const SANDBOX_DOMAINS: readonly Domain[] = [
  settingsDomain,
  contactsDomain,
  messagingDomain,
  remindersDomain,
  timeDomain,
  mathDomain,
  mapDomain,
  weatherDomain,
  stockDomain,
  currencyDomain,
  holidayDomain,
];

export * from '../sandbox-presets/index.js';
