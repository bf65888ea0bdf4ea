import { describe, expect, it } from 'vitest';
import { isToolFailure } from '../../tools/index.js';
import { normalizePhoneNumber } from './phone-number.js';

function problemWith(input: string) {
  try {
    normalizePhoneNumber(input, 'phone_number');
  } catch (error) {
    if (isToolFailure(error)) return error.error;
    throw error;
  }
  throw new Error(`"${input}" was accepted`);
}

describe('normalizePhoneNumber', () => {
  it.each([
    ['+14155550134', '+14155550134'],
    ['+1 (415) 555-0134', '+14155550134'],
    ['415-555-0134', '+14155550134'],
    ['(415) 555 0134', '+14155550134'],
    ['1-415-555-0134', '+14155550134'],
    ['+44 20 7946 0321', '+442079460321'],
  ])('reads %s as %s', (input, e164) => {
    expect(normalizePhoneNumber(input, 'phone_number')).toBe(e164);
  });

  it.each([
    ['call me', 'does not contain a phone number'],
    ['', 'does not contain a phone number'],
    ['+1234560987', 'not a possible length'],
    ['555-0134', 'not a possible length'],
    ['+1415555013499', 'not a possible length'],
    ['+14155550134 ext. 12', 'extension'],
  ])('rejects %j with invalid-value explaining why', (input, reason) => {
    const error = problemWith(input);
    expect(error.kind).toBe('invalid-value');
    expect(error.message).toContain('phone_number');
    expect(error.message).toContain(reason);
    expect(error.hint).toContain('+14155550123');
  });
});
