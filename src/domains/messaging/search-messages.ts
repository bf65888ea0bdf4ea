import { z } from 'zod';
import { defineTool } from '../../tools/index.js';
import { normalizePhoneNumber, PHONE_NUMBER_FORM, searchRows } from '../contacts/index.js';
import { MESSAGES_TABLE } from './messages-table.js';
import { checkedBounds } from './timestamp-range.js';

/** Lowest WRatio score for message content to match, as in the reference (loose: content is long text). */
export const MESSAGE_CONTENT_THRESHOLD = 50;

export const searchMessages = defineTool({
  name: 'search_messages',
  description:
    'Finds sent and received text messages that meet every criterion given (at least one is needed). ' +
    'Content matches approximately; ids and phone numbers must match exactly (numbers are compared in ' +
    'international form); the time bounds are inclusive.',
  parameters: z.object({
    message_id: z.string().optional().describe('The exact message_id.'),
    sender_person_id: z.string().optional().describe('person_id of the sender.'),
    sender_phone_number: z.string().optional().describe(`Phone number of the sender: ${PHONE_NUMBER_FORM}.`),
    recipient_person_id: z.string().optional().describe('person_id of the recipient.'),
    recipient_phone_number: z.string().optional().describe(`Phone number of the recipient: ${PHONE_NUMBER_FORM}.`),
    content: z.string().optional().describe('Words from the message text.'),
    creation_timestamp_lowerbound: z
      .number()
      .optional()
      .describe('Earliest send time to include, in POSIX seconds (inclusive).'),
    creation_timestamp_upperbound: z
      .number()
      .optional()
      .describe('Latest send time to include, in POSIX seconds (inclusive).'),
  }),
  returns:
    'A list (possibly empty) of messages, each { message_id, sender_person_id, sender_phone_number, ' +
    'recipient_person_id, recipient_phone_number, content, creation_timestamp }: closest content matches first, otherwise in the order they were stored.',
  kind: 'read',
  domain: 'messaging',
  run(args, context) {
    const senderPhone =
      args.sender_phone_number === undefined
        ? undefined
        : normalizePhoneNumber(args.sender_phone_number, 'sender_phone_number');
    const recipientPhone =
      args.recipient_phone_number === undefined
        ? undefined
        : normalizePhoneNumber(args.recipient_phone_number, 'recipient_phone_number');
    checkedBounds(
      args.creation_timestamp_lowerbound,
      args.creation_timestamp_upperbound,
      'creation_timestamp_lowerbound',
      'creation_timestamp_upperbound',
    );
    return searchRows(
      context.world.rows(MESSAGES_TABLE.name),
      [
        { argument: 'message_id', column: 'message_id', match: 'exact', value: args.message_id },
        { argument: 'sender_person_id', column: 'sender_person_id', match: 'exact', value: args.sender_person_id },
        { argument: 'sender_phone_number', column: 'sender_phone_number', match: 'exact', value: senderPhone },
        {
          argument: 'recipient_person_id',
          column: 'recipient_person_id',
          match: 'exact',
          value: args.recipient_person_id,
        },
        { argument: 'recipient_phone_number', column: 'recipient_phone_number', match: 'exact', value: recipientPhone },
        {
          argument: 'content',
          column: 'content',
          match: 'fuzzy',
          value: args.content,
          threshold: MESSAGE_CONTENT_THRESHOLD,
        },
        {
          argument: 'creation_timestamp_lowerbound',
          column: 'creation_timestamp',
          match: 'at-least',
          value: args.creation_timestamp_lowerbound,
        },
        {
          argument: 'creation_timestamp_upperbound',
          column: 'creation_timestamp',
          match: 'at-most',
          value: args.creation_timestamp_upperbound,
        },
      ],
      'search_messages',
    );
  },
});
