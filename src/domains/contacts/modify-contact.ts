import { z } from 'zod';
import type { CellValue } from '../../spec/index.js';
import { defineTool, fail } from '../../tools/index.js';
import { assertNoOtherSelf, checkedName, requireContact, storedRelationship } from './contact-checks.js';
import { CONTACTS_TABLE } from './contacts-table.js';
import { normalizePhoneNumber, PHONE_NUMBER_FORM } from './phone-number.js';

/**
 * Unlike the reference (which removed the row and added it again, moving it to the end of the table),
 * this updates the contact in place.
 */
export const modifyContact = defineTool({
  name: 'modify_contact',
  description:
    'Changes the details of an existing contact. Give its person_id and at least one new value; ' +
    'details left out stay as they are.',
  parameters: z.object({
    person_id: z.string().describe('The person_id of the contact to change (search_contacts finds it).'),
    name: z.string().optional().describe('The new full name.'),
    phone_number: z.string().optional().describe(`The new phone number: ${PHONE_NUMBER_FORM}.`),
    relationship: z
      .string()
      .optional()
      .describe('The new relationship to the owner of the phone, e.g. "coworker"; an empty string clears it.'),
    is_self: z.boolean().optional().describe('Whether this contact is the owner of the phone.'),
  }),
  returns: 'Nothing.',
  kind: 'action',
  domain: 'contacts',
  run({ person_id, name, phone_number, relationship, is_self }, context) {
    if (name === undefined && phone_number === undefined && relationship === undefined && is_self === undefined) {
      throw fail(
        'invalid-value',
        'modify_contact was given nothing to change.',
        'Give at least one of: name, phone_number, relationship, is_self.',
      );
    }
    requireContact(context.world, person_id);
    const patch: Record<string, CellValue> = {};
    if (name !== undefined) patch.name = checkedName(name);
    if (phone_number !== undefined) patch.phone_number = normalizePhoneNumber(phone_number, 'phone_number');
    if (relationship !== undefined) patch.relationship = storedRelationship(relationship);
    if (is_self !== undefined) {
      if (is_self) assertNoOtherSelf(context.world, person_id);
      patch.is_self = is_self;
    }
    context.world.update(CONTACTS_TABLE.name, person_id, patch);
  },
});
