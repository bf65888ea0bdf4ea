import type { Row, TableSchema } from '../../spec/index.js';
import type { TableReader } from '../settings/index.js';

/** The phone's address book. */
export const CONTACTS_TABLE: TableSchema = {
  name: 'contacts',
  primaryKey: 'person_id',
  description: "The phone's contacts, including one marked is_self: the owner of the phone.",
  columns: {
    person_id: { type: 'string', description: 'Identifier of the contact.' },
    name: { type: 'string', description: 'Full name.' },
    phone_number: { type: 'string', description: 'Phone number in E.164 form, e.g. +14155550123.' },
    relationship: {
      type: 'string',
      nullable: true,
      description: 'How the contact relates to the owner (friend, boss, mother…), if known.',
    },
    is_self: { type: 'boolean', description: 'Whether this contact is the owner of the phone.' },
  },
};

/** The contacts marked as the owner of the phone (a sound world has exactly one). */
export function selfContacts(world: TableReader): readonly Row[] {
  return world.rows(CONTACTS_TABLE.name).filter((contact) => contact.is_self === true);
}

/** Contacts whose stored number equals `phoneNumber` (both in E.164 form). */
export function contactsWithPhoneNumber(world: TableReader, phoneNumber: string): readonly Row[] {
  return world.rows(CONTACTS_TABLE.name).filter((contact) => contact.phone_number === phoneNumber);
}
