import { z } from 'zod';
import { defineTool } from '../../tools/index.js';
import { CONTACTS_TABLE } from './contacts-table.js';
import { normalizePhoneNumber, PHONE_NUMBER_FORM } from './phone-number.js';
import { searchRows } from './row-search.js';

/** Lowest WRatio score for a name or relationship to match, as in the reference. */
export const CONTACT_TEXT_THRESHOLD = 90;

export const searchContacts = defineTool({
  name: 'search_contacts',
  description:
    'Finds contacts that meet every criterion given (at least one is needed). Name and relationship ' +
    'match approximately (spelling slips and partial names are tolerated); the other criteria must be ' +
    'exact. Phone numbers are compared in international form, however they are written.',
  parameters: z.object({
    person_id: z.string().optional().describe('The exact person_id.'),
    name: z.string().optional().describe('The name, or part of it, e.g. "Ada" or "Ada Lovelace".'),
    phone_number: z.string().optional().describe(`The phone number: ${PHONE_NUMBER_FORM}.`),
    relationship: z.string().optional().describe('The relationship to the owner of the phone, e.g. "friend".'),
    is_self: z.boolean().optional().describe('true to find the owner of the phone, false to find everyone else.'),
  }),
  returns:
    'A list (possibly empty) of contacts, each { person_id, name, phone_number, relationship, is_self }: closest name or relationship matches first, otherwise in address-book order.',
  kind: 'read',
  domain: 'contacts',
  run({ person_id, name, phone_number, relationship, is_self }, context) {
    const normalizedPhone = phone_number === undefined ? undefined : normalizePhoneNumber(phone_number, 'phone_number');
    return searchRows(
      context.world.rows(CONTACTS_TABLE.name),
      [
        { argument: 'person_id', column: 'person_id', match: 'exact', value: person_id },
        { argument: 'name', column: 'name', match: 'fuzzy', value: name, threshold: CONTACT_TEXT_THRESHOLD },
        { argument: 'phone_number', column: 'phone_number', match: 'exact', value: normalizedPhone },
        {
          argument: 'relationship',
          column: 'relationship',
          match: 'fuzzy',
          value: relationship,
          threshold: CONTACT_TEXT_THRESHOLD,
        },
        { argument: 'is_self', column: 'is_self', match: 'exact', value: is_self },
      ],
      'search_contacts',
    );
  },
});
