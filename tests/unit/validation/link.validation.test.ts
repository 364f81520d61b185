import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/errors.js';
import { parseLinkInput } from '../../../src/validation/link.validation.js';
import { messages } from '../../../src/validation/link-messages.js';
import { normalizeWebUrl } from '../../../src/validation/web-url.validation.js';
import { errorsOf } from './link-form.js';

describe('label', () => {
  it.each([
    ['instagram', 'Instagram'],
    ['website', 'Web Sitesi'],
    ['phone', 'Telefon'],
    ['custom', 'Özel Link'],
    ['catalog', 'Dijital Katalog'],
  ])('on add, an empty %s label defaults to %s', (platform, label) => {
    const url = platform === 'phone' ? '05321234567' : platform === 'instagram' ? 'ali' : 'ornek.com';
    expect(parseLinkInput({ platform, url, label: '   ' }).label).toBe(label);
  });

  it('is trimmed, NFC-normalised and whitespace-collapsed', () => {
    expect(parseLinkInput({ platform: 'website', url: 'ornek.com', label: '  Menu\u0308   Sayfası ' }).label).toBe(
      'Menü Sayfası',
    );
  });

  it('accepts 60 characters and refuses 61', () => {
    expect(parseLinkInput({ platform: 'website', url: 'ornek.com', label: 'ş'.repeat(60) }).label).toHaveLength(60);
    expect(errorsOf({ platform: 'website', url: 'ornek.com', label: 'ş'.repeat(61) })).toEqual({
      label: messages.labelTooLong,
    });
  });

  it.each(['Menü\u0000', 'Me\u0007nü', 'Menü\u202E'])('refuses control characters in %j', (label) => {
    expect(errorsOf({ platform: 'website', url: 'ornek.com', label })).toEqual({ label: messages.labelInvalid });
  });

  it('is required on edit', () => {
    expect(errorsOf({ url: 'ornek.com', label: ' ' }, { mode: 'edit', platform: 'website' })).toEqual({
      label: messages.labelRequired,
    });
  });
});

describe('icon (custom links only)', () => {
  it.each([
    ['', '🔗'],
    ['   ', '🔗'],
    ['⭐', '⭐'],
    ['☕️', '☕️'],
    ['👨‍👩‍👧', '👨‍👩‍👧'],
    ['👨‍👩‍👧👍🏽', '👨‍👩‍👧👍🏽'],
    ['🇹🇷', '🇹🇷'],
    ['🏴󠁧󠁢󠁥󠁮󠁧󠁿🏴󠁧󠁢󠁳󠁣󠁴󠁿', '🏴󠁧󠁢󠁥󠁮󠁧󠁿🏴󠁧󠁢󠁳󠁣󠁴󠁿'],
    ['AB', 'AB'],
    [' 🍕 ', '🍕'],
  ])('%j → %j', (icon, expected) => {
    expect(parseLinkInput({ platform: 'custom', url: 'ornek.com', icon }).icon).toBe(expected);
  });

  it.each([
    ['🍕🍕🍕', messages.iconTooLong],
    ['abc', messages.iconTooLong],
    [`a${'\u0301'.repeat(40)}`, messages.iconTooLong],
    ['<b', messages.iconInvalid],
    ['>', messages.iconInvalid],
    ['a\u0000', messages.iconInvalid],
  ])('%j is refused', (icon, message) => {
    expect(errorsOf({ platform: 'custom', url: 'ornek.com', icon })).toEqual({ icon: message });
  });

  it('is dropped for every other platform', () => {
    expect(parseLinkInput({ platform: 'website', url: 'ornek.com', icon: '🍕' }).icon).toBeNull();
    expect(parseLinkInput({ platform: 'instagram', url: 'ali', icon: '<script>' }).icon).toBeNull();
  });

  it('defaults a custom link to Özel Link with the link emoji', () => {
    expect(parseLinkInput({ platform: 'custom', url: 'https://ornek.com/menu' })).toEqual({
      platform: 'custom',
      url: 'https://ornek.com/menu',
      label: 'Özel Link',
      icon: '🔗',
    });
  });
});

describe('platform and the whole form', () => {
  it.each([undefined, '', 'myspace', 'INSTAGRAM', '__proto__', ['instagram']])('platform %j is refused', (platform) => {
    expect(errorsOf({ platform, url: 'ali' })).toEqual({ platform: messages.platformInvalid });
  });

  it('on edit, the stored platform wins over the body', () => {
    const link = parseLinkInput(
      { platform: 'website', url: 'ali', label: 'Instagram hesabım' },
      { mode: 'edit', platform: 'instagram' },
    );
    expect(link).toEqual({
      platform: 'instagram',
      url: 'https://instagram.com/ali',
      label: 'Instagram hesabım',
      icon: null,
    });
  });

  it('reports every bad field at once', () => {
    expect(errorsOf({ platform: 'custom', url: 'javascript:alert(1)', label: 'x'.repeat(61), icon: '<<<' })).toEqual({
      url: messages.urlForbiddenScheme,
      label: messages.labelTooLong,
      icon: messages.iconInvalid,
    });
  });

  it('answers with a 422 ValidationError whose message is the first field error', () => {
    try {
      parseLinkInput({ platform: 'website', url: '' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ValidationError);
      expect((err as ValidationError).status).toBe(422);
      expect((err as ValidationError).message).toBe(messages.urlRequired);
    }
  });

  it('normalizeWebUrl can serve the profile website field', () => {
    expect(normalizeWebUrl('ornek.com.tr', 'website')).toBe('https://ornek.com.tr');
  });
});
