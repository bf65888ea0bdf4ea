import { z } from 'zod';
import { defineTool, fail, type WorldTransaction } from '../../tools/index.js';
import { contactsWithPhoneNumber, normalizePhoneNumber, PHONE_NUMBER_FORM, selfContacts } from '../contacts/index.js';
import { requireSetting } from '../settings/index.js';
import { MESSAGES_TABLE } from './messages-table.js';

const TOOL_NAME = 'send_message_with_phone_number';

export const sendMessageWithPhoneNumber = defineTool({
  name: TOOL_NAME,
  description:
    'Sends a text message from the phone to a phone number and returns the new message_id. Needs ' +
    'cellular service on. To write to a contact, find their number with search_contacts first.',
  parameters: z.object({
    phone_number: z.string().describe(`The recipient's phone number: ${PHONE_NUMBER_FORM}.`),
    content: z.string().describe('The text to send.'),
  }),
  returns: 'The message_id (a string) of the sent message.',
  kind: 'action',
  domain: 'messaging',
  dependsOn: ['cellular'],
  run({ phone_number, content }, context) {
    const recipientPhoneNumber = normalizePhoneNumber(phone_number, 'phone_number');
    if (!content.trim()) {
      throw fail('invalid-value', 'content is empty; there is nothing to send.', 'Give the text of the message.', {
        argument: 'content',
      });
    }
    requireSetting(context.world, 'cellular', TOOL_NAME);
    const sender = phoneOwner(context.world);
    const recipient = contactsWithPhoneNumber(context.world, recipientPhoneNumber)[0];
    const message_id = context.world.newId();
    context.world.insert(MESSAGES_TABLE.name, {
      message_id,
      sender_person_id: sender.person_id ?? null,
      sender_phone_number: sender.phone_number ?? null,
      recipient_person_id: recipient?.person_id ?? null,
      recipient_phone_number: recipientPhoneNumber,
      content,
      creation_timestamp: context.clock.now(),
    });
    return message_id;
  },
});

/** The one contact marked as the owner of the phone: the sender of every outgoing message. */
function phoneOwner(world: WorldTransaction) {
  const owners = selfContacts(world);
  const [owner] = owners;
  if (!owner) {
    throw fail(
      'not-found',
      'No contact is marked as the owner of the phone, so the message would have no sender.',
      'Mark the owner with modify_contact(person_id=..., is_self=true), or add them with add_contact(..., is_self=true).',
    );
  }
  if (owners.length > 1) {
    const ids = owners.map((contact) => `"${String(contact.person_id)}"`).join(', ');
    throw fail(
      'duplicate',
      `${owners.length} contacts are marked as the owner of the phone (${ids}), so the sender is ambiguous.`,
      'Keep one owner: call modify_contact(person_id=..., is_self=false) for the others.',
      { person_ids: owners.map((contact) => contact.person_id) },
    );
  }
  return owner;
}
