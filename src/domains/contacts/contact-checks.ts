import type { Row } from '../../spec/index.js';
import { fail } from '../../tools/index.js';
import type { TableReader } from '../settings/index.js';
import { CONTACTS_TABLE, selfContacts } from './contacts-table.js';

/** The contact with this id, or a `not-found` failure pointing at search_contacts. */
export function requireContact(world: TableReader, personId: string): Row {
  const contact = world.rows(CONTACTS_TABLE.name).find((row) => row.person_id === personId);
  if (contact) return contact;
  throw fail(
    'not-found',
    `No contact has person_id "${personId}".`,
    'Look the person up with search_contacts (e.g. by name) and use the person_id it returns.',
    { person_id: personId },
  );
}

/** Fails with `duplicate` if a contact other than `exceptPersonId` is already marked as the owner. */
export function assertNoOtherSelf(world: TableReader, exceptPersonId?: string): void {
  const other = selfContacts(world).find((contact) => contact.person_id !== exceptPersonId);
  if (!other) return;
  throw fail(
    'duplicate',
    `The owner of the phone is already a contact (${String(other.name)}, person_id "${String(other.person_id)}"), and there can be only one.`,
    `To change the owner's details, call modify_contact(person_id="${String(other.person_id)}", ...) instead.`,
    { person_id: other.person_id },
  );
}

/** A contact name: trimmed, and not empty. */
export function checkedName(name: string): string {
  const trimmed = name.trim();
  if (trimmed) return trimmed;
  throw fail('invalid-value', 'name is empty.', 'Give the contact\'s name, e.g. name="Ada Lovelace".', {
    argument: 'name',
  });
}

/** A relationship as stored: trimmed, and `null` when blank (no relationship). */
export function storedRelationship(relationship: string | undefined): string | null {
  const trimmed = relationship?.trim();
  return trimmed ? trimmed : null;
}
