import { describe, expect, it } from 'vitest';
import { parseLinkInput } from '../../../src/validation/link.validation.js';
import { messages } from '../../../src/validation/link-messages.js';
import { errorsOf } from './link-form.js';

describe('wifi: ssid|password', () => {
  it.each([
    [{ ssid: 'Kafe34', password: '12345678' }, 'Kafe34|12345678'],
    [{ ssid: '  Kafe 34  ', password: '' }, 'Kafe 34|'],
    [{ ssid: 'Kafe', password: '   ' }, 'Kafe|'],
    [{ ssid: 'Kafe', password: ' boşluklu şifre ' }, 'Kafe| boşluklu şifre '],
    [{ ssid: 'Kafe', password: 'a|b|c|d|e' }, 'Kafe|a|b|c|d|e'],
    [{ ssid: 'a'.repeat(32), password: 'p'.repeat(63) }, `${'a'.repeat(32)}|${'p'.repeat(63)}`],
    [{ ssid: 'ğ'.repeat(16) }, `${'ğ'.repeat(16)}|`],
    [{ url: 'Kafe34|12345678' }, 'Kafe34|12345678'],
  ])('%j → %j', (fields, expected) => {
    expect(parseLinkInput({ platform: 'wifi', ...fields }).url).toBe(expected);
  });

  it.each([
    [{ ssid: '', password: '12345678' }, { ssid: messages.ssidRequired }],
    [{ ssid: 'a'.repeat(33) }, { ssid: messages.ssidTooLong }],
    [{ ssid: 'ğ'.repeat(17) }, { ssid: messages.ssidTooLong }],
    [{ ssid: 'Kafe|34' }, { ssid: messages.ssidPipe }],
    [{ ssid: 'Ka\u0007fe' }, { ssid: messages.ssidInvalid }],
    [{ ssid: 'Kafe', password: '1234567' }, { password: messages.passwordLength }],
    [{ ssid: 'Kafe', password: 'p'.repeat(64) }, { password: messages.passwordLength }],
    [{ ssid: 'Kafe', password: '1234\u00005678' }, { password: messages.passwordInvalid }],
    [
      { ssid: '', password: '123' },
      { ssid: messages.ssidRequired, password: messages.passwordLength },
    ],
  ])('%j is refused', (fields, expected) => {
    expect(errorsOf({ platform: 'wifi', ...fields })).toEqual(expected);
  });
});
