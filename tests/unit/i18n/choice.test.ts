import { describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../../src/i18n/choice.js';
import { parseLanguages, storedLanguages } from '../../../src/i18n/languages.js';

describe('chooseLanguage', () => {
  it('takes ?dil= when the card offers it, whatever the browser says', () => {
    expect(chooseLanguage('ar', 'de-DE,de;q=0.9', ['de', 'ar'])).toEqual({ lang: 'ar', named: true });
    expect(chooseLanguage('tr', 'en', ['en'])).toEqual({ lang: 'tr', named: true });
  });

  it('reads a ?dil= the card does not offer as none', () => {
    expect(chooseLanguage('ru', 'en-US,en;q=0.9', ['en'])).toEqual({ lang: 'en', named: false });
    expect(chooseLanguage('fr', undefined, ['en'])).toEqual({ lang: 'tr', named: false });
    expect(chooseLanguage(['en', 'de'], undefined, ['en'])).toEqual({ lang: 'tr', named: false });
  });

  it('takes the card language the browser prefers most, Turkish among them', () => {
    expect(chooseLanguage(undefined, 'en-US,en;q=0.9', ['de', 'en']).lang).toBe('en');
    expect(chooseLanguage(undefined, 'ru-RU;q=0.8, en;q=0.9', ['ru', 'en']).lang).toBe('en');
    expect(chooseLanguage(undefined, 'fr, tr;q=0.5, de;q=0.3', ['de']).lang).toBe('tr');
    expect(chooseLanguage(undefined, 'AR', ['ar']).lang).toBe('ar');
  });

  it('falls back to Turkish without a match, a header or card languages', () => {
    expect(chooseLanguage(undefined, 'fr-FR,fr;q=0.9', ['en'])).toEqual({ lang: 'tr', named: false });
    expect(chooseLanguage(undefined, undefined, ['en']).lang).toBe('tr');
    expect(chooseLanguage(undefined, 'en', []).lang).toBe('tr');
    expect(chooseLanguage(undefined, ';;;q=x,,', ['en']).lang).toBe('tr');
  });

  it('answers a repeated header the same for different cards', () => {
    expect(chooseLanguage(undefined, 'de, en;q=0.5', ['en']).lang).toBe('en');
    expect(chooseLanguage(undefined, 'de, en;q=0.5', ['en', 'de']).lang).toBe('de');
  });
});

describe('stored languages', () => {
  it('keep the owner order, dropping unknown codes and repeats', () => {
    expect(parseLanguages('ar,en,xx,ar, de')).toEqual(['ar', 'en', 'de']);
    expect(parseLanguages('')).toEqual([]);
    expect(parseLanguages(null)).toEqual([]);
    expect(storedLanguages(['ru', 'en', 'ru'])).toBe('ru,en');
  });
});
