/**
 * The ToolTalk tool set: the reference's 28 tools in its 7 plugins, with its names, arguments, kinds,
 * login rule and error texts, over typed world tables loaded from its mock databases.
 */
import { ACCOUNT_TOOLS } from './account-tools.js';
import { ALARM_TOOLS } from './alarm-tools.js';
import { CALENDAR_TOOLS } from './calendar-tools.js';
import { EMAIL_TOOLS } from './email-tools.js';
import { MESSAGE_TOOLS } from './message-tools.js';
import { REMINDER_TOOLS } from './reminder-tools.js';
import type { ToolTalkTool } from './tooltalk-tool.js';
import { WEATHER_TOOLS } from './weather-tools.js';

export * from './python-random.js';
export * from './python-time.js';
export * from './tooltalk-databases.js';
export * from './tooltalk-tables.js';
export * from './tooltalk-tool.js';

/** All 28 tools, plugin by plugin, in the reference's order. */
export const TOOLTALK_TOOLS: readonly ToolTalkTool[] = [
  ...ACCOUNT_TOOLS,
  ...ALARM_TOOLS,
  ...CALENDAR_TOOLS,
  ...EMAIL_TOOLS,
  ...MESSAGE_TOOLS,
  ...REMINDER_TOOLS,
  ...WEATHER_TOOLS,
];

export const TOOLTALK_TOOLS_BY_NAME: ReadonlyMap<string, ToolTalkTool> = new Map(
  TOOLTALK_TOOLS.map((entry) => [entry.tool.name, entry]),
);
