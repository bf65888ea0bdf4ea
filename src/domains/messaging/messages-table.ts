import type { TableSchema } from '../../spec/index.js';

/** Text messages sent and received by the phone. */
export const MESSAGES_TABLE: TableSchema = {
  name: 'messages',
  primaryKey: 'message_id',
  description: 'Text messages sent from and received by the phone.',
  columns: {
    message_id: { type: 'string', description: 'Identifier of the message.' },
    sender_person_id: {
      type: 'string',
      nullable: true,
      description: 'person_id of the sender, or null when the sender is not a contact.',
    },
    sender_phone_number: { type: 'string', description: 'Phone number of the sender, in E.164 form.' },
    recipient_person_id: {
      type: 'string',
      nullable: true,
      description: 'person_id of the recipient, or null when the recipient is not a contact.',
    },
    recipient_phone_number: { type: 'string', description: 'Phone number of the recipient, in E.164 form.' },
    content: { type: 'string', description: 'The text of the message.' },
    creation_timestamp: { type: 'number', description: 'When the message was sent, in seconds since the epoch.' },
  },
};
