import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/errors.js';
import { messages } from '../../../src/validation/link-messages.js';
import { normalizePhoneNumber, normalizeWhatsApp } from '../../../src/validation/phone.validation.js';
import { errorsOf, urlOf } from './link-form.js';

describe('WhatsApp', () => {
  it.each([
    ['0532 123 45 67', 'https://wa.me/905321234567'],
    ['05321234567', 'https://wa.me/905321234567'],
    ['5321234567', 'https://wa.me/905321234567'],
    ['(0532) 123-45-67', 'https://wa.me/905321234567'],
    ['+90 532 123 45 67', 'https://wa.me/905321234567'],
    ['90 532 123 45 67', 'https://wa.me/905321234567'],
    ['0090 532 123 45 67', 'https://wa.me/905321234567'],
    ['+49 151 23456789', 'https://wa.me/4915123456789'],
    ['wa.me/905321234567', 'https://wa.me/905321234567'],
    ['http://wa.me/905321234567?text=Merhaba', 'https://wa.me/905321234567?text=Merhaba'],
    ['https://api.whatsapp.com/send?phone=905321234567', 'https://api.whatsapp.com/send?phone=905321234567'],
  ])('%j → %s', (input, expected) => {
    expect(urlOf('whatsapp', input)).toBe(expected);
    expect(normalizeWhatsApp(input)).toBe(expected);
  });

  it.each([
    ['532 123 45', messages.whatsappTooShort],
    ['123456789', messages.whatsappTooShort],
    ['1234567890123456', messages.whatsappTooLong],
    ['', messages.whatsappRequired],
    ['https://evil.com/905321234567', messages.whatsappInvalid],
    ['https://wa.me/', messages.whatsappInvalid],
    ['https://chat.whatsapp.com.evil.com/x', messages.whatsappInvalid],
    ['numaram 0532 123 45 67', messages.whatsappInvalid],
  ])('%j is refused', (input, message) => {
    expect(errorsOf({ platform: 'whatsapp', url: input })).toEqual({ url: message });
  });
});

describe('phone → tel:', () => {
  it.each([
    ['0532 123 45 67', 'tel:+905321234567'],
    ['532 123 45 67', 'tel:+905321234567'],
    ['0212 555 12 12', 'tel:+902125551212'],
    ['212 555 12 12', 'tel:+902125551212'],
    ['0850 222 33 44', 'tel:+908502223344'],
    ['+90 (532) 123-45-67', 'tel:+905321234567'],
    ['905321234567', 'tel:+905321234567'],
    ['0090 532 123 45 67', 'tel:+905321234567'],
    ['+1 212 555 0123', 'tel:+12125550123'],
    ['0049 30 1234567', 'tel:+49301234567'],
    ['tel:+905321234567', 'tel:+905321234567'],
    ['TEL:0532.123.45.67', 'tel:+905321234567'],
  ])('%j → %s', (input, expected) => {
    expect(urlOf('phone', input)).toBe(expected);
  });

  it.each([
    ['0532 123 45', messages.phoneTooShort],
    ['123456789', messages.phoneTooShort],
    ['+90 532 123 45 6', messages.phoneInvalid],
    ['+90 532 123 45 678', messages.phoneInvalid],
    ['01234567890', messages.phoneInvalid],
    ['1234567890', messages.phoneInvalid],
    ['+1234567890123456', messages.phoneTooLong],
    ['0532-ARA-MA', messages.phoneInvalid],
    ['532+1234567', messages.phoneInvalid],
    ['', messages.phoneRequired],
  ])('%j is refused', (input, message) => {
    expect(errorsOf({ platform: 'phone', url: input })).toEqual({ url: message });
  });

  it('can be used for the profile phone field with its own key', () => {
    expect(normalizePhoneNumber('0532 123 45 67', 'phone')).toBe('+905321234567');
    expect(() => normalizePhoneNumber('12', 'phone')).toThrow(ValidationError);
    try {
      normalizePhoneNumber('12', 'phone');
    } catch (err) {
      expect((err as ValidationError).fields).toEqual({ phone: messages.phoneTooShort });
    }
  });
});
