/**
 * The people, messages and reminders of every sandbox preset. Times are offsets from the episode's "now",
 * so the world always looks recent; ids are fixed, so scenarios can name them.
 */
import type { Row } from '../../spec/index.js';
import { deterministicId } from '../../util/index.js';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const baseId = (sequence: number): string => deterministicId('sandbox-base', sequence);

/** The fixed ids of the base world, by a readable name. */
export const SANDBOX_BASE_IDS = {
  device: baseId(0),
  mayaOkafor: baseId(1),
  danielReyes: baseId(2),
  priyaNatarajan: baseId(3),
  helenOkafor: baseId(4),
  tomLindqvist: baseId(5),
  rosaDelgado: baseId(6),
  leoBrandt: baseId(7),
  dentistConfirmation: baseId(11),
  dentistReply: baseId(12),
  climbingQuestion: baseId(13),
  climbingAnswer: baseId(14),
  callMother: baseId(15),
  slidesRequest: baseId(16),
  slidesPromise: baseId(17),
  roomRequest: baseId(18),
  electricityBill: baseId(21),
  recycling: baseId(22),
  dryCleaning: baseId(23),
  carRegistration: baseId(24),
} as const;

const ids = SANDBOX_BASE_IDS;

/** The Ferry Building, San Francisco: where the phone is. */
export const DEVICE_LOCATION = { latitude: 37.7955, longitude: -122.3937 } as const;

/** Union Square, San Francisco: where the dry cleaner of the located reminder is. */
export const DRY_CLEANER_LOCATION = { latitude: 37.7879, longitude: -122.4075 } as const;

/** A number that belongs to no contact (a dentist's office texting from New York). */
export const UNKNOWN_PHONE_NUMBER = '+12125550187';

interface ContactSeed {
  readonly person_id: string;
  readonly name: string;
  readonly phone_number: string;
  readonly relationship: string | null;
  readonly is_self: boolean;
}

export const BASE_CONTACTS: readonly ContactSeed[] = [
  { person_id: ids.mayaOkafor, name: 'Maya Okafor', phone_number: '+14155550100', relationship: null, is_self: true },
  {
    person_id: ids.danielReyes,
    name: 'Daniel Reyes',
    phone_number: '+14155550134',
    relationship: 'friend',
    is_self: false,
  },
  {
    person_id: ids.priyaNatarajan,
    name: 'Priya Natarajan',
    phone_number: '+14155550147',
    relationship: 'boss',
    is_self: false,
  },
  {
    person_id: ids.helenOkafor,
    name: 'Helen Okafor',
    phone_number: '+14155550162',
    relationship: 'mother',
    is_self: false,
  },
  {
    person_id: ids.tomLindqvist,
    name: 'Tom Lindqvist',
    phone_number: '+14155550178',
    relationship: 'coworker',
    is_self: false,
  },
  {
    person_id: ids.rosaDelgado,
    name: 'Rosa Delgado',
    phone_number: '+14155550189',
    relationship: 'neighbor',
    is_self: false,
  },
  {
    person_id: ids.leoBrandt,
    name: 'Leo Brandt',
    phone_number: '+14155550115',
    relationship: 'friend',
    is_self: false,
  },
];

function phoneOf(personId: string): string {
  const contact = BASE_CONTACTS.find((candidate) => candidate.person_id === personId);
  if (!contact) throw new Error(`base world: no contact ${personId}`);
  return contact.phone_number;
}

/** One message of the seed world; `null` person ids stand for the unknown number. */
function message(
  message_id: string,
  from: string | null,
  to: string | null,
  secondsAgo: number,
  content: string,
  now: number,
): Row {
  return {
    message_id,
    sender_person_id: from,
    sender_phone_number: from === null ? UNKNOWN_PHONE_NUMBER : phoneOf(from),
    recipient_person_id: to,
    recipient_phone_number: to === null ? UNKNOWN_PHONE_NUMBER : phoneOf(to),
    content,
    creation_timestamp: now - secondsAgo,
  };
}

/** Eight messages, oldest first: three days ago to twelve minutes ago, both directions. */
export function baseMessages(now: number): Row[] {
  const maya = ids.mayaOkafor;
  return [
    message(
      ids.dentistConfirmation,
      null,
      maya,
      3 * DAY + 2 * HOUR,
      'Hi, this is Bayview Dental confirming your cleaning on Thursday at 10am. Reply YES to confirm.',
      now,
    ),
    message(ids.dentistReply, maya, null, 3 * DAY + 2 * HOUR - 4 * MINUTE, 'YES', now),
    message(
      ids.climbingQuestion,
      ids.danielReyes,
      maya,
      2 * DAY + 5 * HOUR,
      'Still on for climbing Saturday morning?',
      now,
    ),
    message(
      ids.climbingAnswer,
      maya,
      ids.danielReyes,
      2 * DAY + 5 * HOUR - 12 * MINUTE,
      'Yes! Meet at the gym at 10.',
      now,
    ),
    message(ids.callMother, ids.helenOkafor, maya, DAY + 3 * HOUR, 'Call me when you get a minute, sweetheart.', now),
    message(
      ids.slidesRequest,
      ids.priyaNatarajan,
      maya,
      55 * MINUTE,
      'Can you send me the Q3 slides before the 3pm review?',
      now,
    ),
    message(
      ids.slidesPromise,
      maya,
      ids.priyaNatarajan,
      48 * MINUTE,
      "Sure, they'll be in your inbox within the hour.",
      now,
    ),
    message(
      ids.roomRequest,
      ids.priyaNatarajan,
      maya,
      12 * MINUTE,
      'Thanks. Please also book the small conference room.',
      now,
    ),
  ];
}

/** Four reminders: overdue by a day, due a minute ago, due in an hour at a place, due next week. */
export function baseReminders(now: number): Row[] {
  return [
    {
      reminder_id: ids.electricityBill,
      content: 'Pay the electricity bill',
      creation_timestamp: now - 4 * DAY,
      reminder_timestamp: now - DAY,
      latitude: null,
      longitude: null,
    },
    {
      reminder_id: ids.recycling,
      content: 'Take the recycling out',
      creation_timestamp: now - 2 * DAY,
      reminder_timestamp: now - MINUTE,
      latitude: null,
      longitude: null,
    },
    {
      reminder_id: ids.dryCleaning,
      content: 'Pick up the dry cleaning',
      creation_timestamp: now - 5 * HOUR,
      reminder_timestamp: now + HOUR,
      ...DRY_CLEANER_LOCATION,
    },
    {
      reminder_id: ids.carRegistration,
      content: 'Renew the car registration',
      creation_timestamp: now - DAY,
      reminder_timestamp: now + 7 * DAY,
      latitude: null,
      longitude: null,
    },
  ];
}
