import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/errors.js';
import { BIO_MAX_LENGTH, parseFlag, parseProfileText } from '../../../src/validation/profile.validation.js';

function errorsOf(body: Record<string, unknown>): Record<string, string> {
  try {
    parseProfileText(body);
  } catch (err) {
    if (err instanceof ValidationError) return err.fields;
    throw err;
  }
  return {};
}

describe('parseProfileText', () => {
  it('takes only the fields the form sent', () => {
    expect(parseProfileText({ bio: ' Merhaba ' })).toEqual({ bio: 'Merhaba' });
    expect(parseProfileText({ phone: '0532 123 45 67' })).toEqual({ phone: '+905321234567' });
    expect(parseProfileText({ email: 'Ayse@Ornek.COM' })).toEqual({ email: 'Ayse@ornek.com' });
    expect(parseProfileText({ website: 'ornek.com.tr' })).toEqual({ website: 'https://ornek.com.tr' });
  });

  it.each(['phone', 'email', 'website', 'bio'])('an empty or blank %s removes it (null)', (field) => {
    expect(parseProfileText({ [field]: '' })).toEqual({ [field]: null });
    expect(parseProfileText({ [field]: ' \n\t ' })).toEqual({ [field]: null });
  });

  it('a field that is not a string counts as empty', () => {
    expect(parseProfileText({ phone: ['0532'] })).toEqual({ phone: null });
  });

  it('refuses a wrong phone or e-mail with its own error, even beside an emptied field', () => {
    expect(Object.keys(errorsOf({ phone: '12', email: '' }))).toEqual(['phone']);
    expect(Object.keys(errorsOf({ email: 'ayse@' }))).toEqual(['email']);
  });

  it(`keeps the bio to ${BIO_MAX_LENGTH} code points`, () => {
    expect(parseProfileText({ bio: '😀'.repeat(BIO_MAX_LENGTH) }).bio).toHaveLength(BIO_MAX_LENGTH * 2);
    expect(errorsOf({ bio: 'a'.repeat(BIO_MAX_LENGTH + 1) })).toHaveProperty('bio');
  });

  it('refuses a form with nothing to save', () => {
    expect(errorsOf({})).toHaveProperty('bio');
  });
});

describe('parseFlag', () => {
  it.each([
    ['1', true],
    ['on', true],
    ['0', false],
  ])('%j is %s', (value, flag) => {
    expect(parseFlag({ x: value }, 'x')).toBe(flag);
  });

  it.each(['', 'true', '2', undefined])('refuses %j', (value) => {
    expect(() => parseFlag({ x: value }, 'x')).toThrow(ValidationError);
  });
});
