import type { Domain } from '../domain.js';
import { addContact } from './add-contact.js';
import { CONTACTS_TABLE } from './contacts-table.js';
import { modifyContact } from './modify-contact.js';
import { removeContact } from './remove-contact.js';
import { searchContacts } from './search-contacts.js';

export { CONTACTS_TABLE, contactsWithPhoneNumber, selfContacts } from './contacts-table.js';
export { fuzzyScore } from './fuzzy-match.js';
export { normalizePhoneNumber, PHONE_NUMBER_FORM } from './phone-number.js';
export { type SearchCriterion, searchRows } from './row-search.js';

export const contactsDomain: Domain = {
  name: 'contacts',
  description:
    "The phone's address book: add, change, delete and search contacts. One contact is the owner of the phone.",
  tables: [CONTACTS_TABLE],
  tools: [addContact, modifyContact, removeContact, searchContacts],
};
