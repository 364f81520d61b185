import { describe, expect, it } from 'vitest';
import { normalizeEmailAddress } from '../../../src/validation/email.validation.js';
import { messages } from '../../../src/validation/link-messages.js';
import { errorsOf, urlOf } from './link-form.js';

describe('e-mail → mailto:', () => {
  it.each([
    ['ali@ornek.com', 'mailto:ali@ornek.com'],
    ['  Ali.Veli@Ornek.COM.TR ', 'mailto:Ali.Veli@ornek.com.tr'],
    ['mailto:info@ornek.com', 'mailto:info@ornek.com'],
    ['ali+kafe@ornek.com', 'mailto:ali+kafe@ornek.com'],
    ['ali@örnek.com', 'mailto:ali@xn--rnek-4qa.com'],
  ])('%j → %s', (input, expected) => {
    expect(urlOf('email', input)).toBe(expected);
  });

  it.each([
    'ali',
    'ali@',
    '@ornek.com',
    'ali@ornek',
    'ali@@ornek.com',
    'ali veli@ornek.com',
    'ali@ornek..com',
    '.ali@ornek.com',
    'ali.@ornek.com',
    'ali@ornek.com?cc=evil@evil.com',
    'ali@ornek.com/x',
    'ali@-ornek.com',
    'çağrı@ornek.com',
    `${'a'.repeat(65)}@ornek.com`,
    'ali@ornek.c',
  ])('%j is refused', (input) => {
    expect(errorsOf({ platform: 'email', url: input })).toEqual({ url: messages.emailInvalid });
  });

  it('refuses an empty address', () => {
    expect(errorsOf({ platform: 'email', url: '' })).toEqual({ url: messages.emailRequired });
  });

  it('gives the bare address for the profile e-mail field', () => {
    expect(normalizeEmailAddress('Info@Kafe.COM', 'email')).toBe('Info@kafe.com');
  });
});
