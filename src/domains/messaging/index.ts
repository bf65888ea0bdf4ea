import type { Domain } from '../domain.js';
import { MESSAGES_TABLE } from './messages-table.js';
import { searchMessages } from './search-messages.js';
import { sendMessageWithPhoneNumber } from './send-message-with-phone-number.js';

export { MESSAGES_TABLE } from './messages-table.js';
export { checkedBounds, checkedTimestamp, EARLIEST_TIMESTAMP, LATEST_TIMESTAMP } from './timestamp-range.js';

export const messagingDomain: Domain = {
  name: 'messaging',
  description:
    'Text messages: send one to a phone number (needs cellular service) and search the messages sent and received.',
  tables: [MESSAGES_TABLE],
  tools: [sendMessageWithPhoneNumber, searchMessages],
};
