import { createRequire } from 'node:module';
import type { CountryCode, parsePhoneNumberWithError } from 'libphonenumber-js';
import { fail } from '../../tools/index.js';

type PhoneNumbers = Pick<typeof import('libphonenumber-js'), 'ParseError' | 'parsePhoneNumberWithError'>;

/**
 * libphonenumber-js (its metadata of every country, ~100 modules) is loaded on the first phone number
 * checked, not when the domain is imported: commands that never check one do not pay for it.
 */
const requireModule = createRequire(import.meta.url);
let phoneNumbers: PhoneNumbers | undefined;
function loadPhoneNumbers(): PhoneNumbers {
  phoneNumbers ??= requireModule('libphonenumber-js') as PhoneNumbers;
  return phoneNumbers;
}

/** Countries a number without a "+country code" prefix is read in. */
const DEFAULT_COUNTRY: CountryCode = 'US';

export const PHONE_NUMBER_FORM =
  'a phone number with its country code, e.g. +14155550123 (a number without one is read as a US number)';

/**
 * Checks a phone number and returns it in E.164 form (`+14155550123`). Spaces, dashes, dots and
 * parentheses are accepted; a number without a country code is read as a US number. A number that
 * cannot be a phone number (no digits, an unknown country code, too few or too many digits for its
 * country, an extension) fails with `invalid-value` naming the argument and what is wrong.
 *
 * Numbers are checked for a possible length, not against the list of assigned area codes, so fictional
 * numbers such as +14155550123 are accepted.
 */
export function normalizePhoneNumber(input: string, argumentName: string): string {
  const problem = phoneNumberProblem(input);
  if (typeof problem !== 'string') return problem.e164;
  throw fail(
    'invalid-value',
    `${argumentName} "${input}" is not a usable phone number: ${problem}.`,
    `Give ${PHONE_NUMBER_FORM}.`,
    { argument: argumentName },
  );
}

/** Verdicts per input, remembered (the same numbers come back in every case of a scenario); bounded. */
const verdicts = new Map<string, string | { readonly e164: string }>();
const MAX_REMEMBERED_VERDICTS = 20_000;

function phoneNumberProblem(input: string): string | { readonly e164: string } {
  let verdict = verdicts.get(input);
  if (verdict === undefined) {
    verdict = phoneNumberProblemAfresh(input);
    if (verdicts.size >= MAX_REMEMBERED_VERDICTS) verdicts.clear();
    verdicts.set(input, verdict);
  }
  return verdict;
}

function phoneNumberProblemAfresh(input: string): string | { e164: string } {
  const { ParseError, parsePhoneNumberWithError: parse } = loadPhoneNumbers();
  let parsed: ReturnType<typeof parsePhoneNumberWithError>;
  try {
    parsed = parse(input, DEFAULT_COUNTRY);
  } catch (error) {
    if (error instanceof ParseError) return parseErrorProblem(error.message);
    throw error;
  }
  if (parsed.ext) return `it has an extension (${parsed.ext}), which text messages cannot use`;
  if (!parsed.isPossible()) {
    return `it has ${parsed.nationalNumber.length} digits after the country code +${parsed.countryCallingCode}, which is not a possible length there`;
  }
  return { e164: parsed.number };
}

function parseErrorProblem(code: string): string {
  switch (code) {
    case 'NOT_A_NUMBER':
      return 'it does not contain a phone number';
    case 'INVALID_COUNTRY':
      return 'its country code is not one in use';
    case 'TOO_SHORT':
      return 'it has too few digits';
    case 'TOO_LONG':
      return 'it has too many digits';
    default:
      return `it could not be read (${code})`;
  }
}
