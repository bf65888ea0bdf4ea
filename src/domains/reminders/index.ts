import type { Domain } from '../domain.js';
import { addReminder } from './add-reminder.js';
import { modifyReminder } from './modify-reminder.js';
import { REMINDERS_TABLE } from './reminders-table.js';
import { removeReminder } from './remove-reminder.js';
import { searchReminder } from './search-reminder.js';

export { checkedLatitude, checkedLongitude, checkedPlace } from './coordinates.js';
export { REMINDERS_TABLE } from './reminders-table.js';

export const remindersDomain: Domain = {
  name: 'reminders',
  description: "The phone's reminders: add, change, delete and search them, optionally tied to a place.",
  tables: [REMINDERS_TABLE],
  tools: [addReminder, modifyReminder, removeReminder, searchReminder],
};
