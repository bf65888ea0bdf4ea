import { z } from 'zod';
import { defineTool } from '../../tools/index.js';
import { assertNoOtherSelf, checkedName, storedRelationship } from './contact-checks.js';
import { CONTACTS_TABLE } from './contacts-table.js';
import { normalizePhoneNumber, PHONE_NUMBER_FORM } from './phone-number.js';

export const addContact = defineTool({
  name: 'add_contact',
  description:
    'Saves a new contact in the address book and returns its person_id. Two contacts may hold the same ' +
    'details; each gets its own person_id. Only one contact can be the owner of the phone (is_self).',
  parameters: z.object({
    name: z.string().describe('Full name of the person.'),
    phone_number: z.string().describe(`The person's phone number: ${PHONE_NUMBER_FORM}.`),
    relationship: z
      .string()
      .optional()
      .describe('How the person relates to the owner of the phone, e.g. "friend", "boss" or "mother".'),
    is_self: z.boolean().optional().describe('true only if this contact is the owner of the phone. Defaults to false.'),
  }),
  returns: 'The person_id (a string) of the new contact.',
  kind: 'action',
  domain: 'contacts',
  run({ name, phone_number, relationship, is_self }, context) {
    const details = {
      name: checkedName(name),
      phone_number: normalizePhoneNumber(phone_number, 'phone_number'),
      relationship: storedRelationship(relationship),
      is_self: is_self ?? false,
    };
    if (details.is_self) assertNoOtherSelf(context.world);
    const person_id = context.world.newId();
    context.world.insert(CONTACTS_TABLE.name, { person_id, ...details });
    return person_id;
  },
});
