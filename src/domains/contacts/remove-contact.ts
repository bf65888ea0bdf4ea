import { z } from 'zod';
import { defineTool } from '../../tools/index.js';
import { requireContact } from './contact-checks.js';
import { CONTACTS_TABLE } from './contacts-table.js';

export const removeContact = defineTool({
  name: 'remove_contact',
  description: 'Deletes a contact from the address book.',
  parameters: z.object({
    person_id: z.string().describe('The person_id of the contact to delete (search_contacts finds it).'),
  }),
  returns: 'Nothing.',
  kind: 'action',
  domain: 'contacts',
  run({ person_id }, context) {
    requireContact(context.world, person_id);
    context.world.remove(CONTACTS_TABLE.name, person_id);
  },
});
