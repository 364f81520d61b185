/**
 * The catalogues (docs/product.md, Languages): every language has every key of the Turkish source (the compiler
 * checks the keys; this checks the texts), each message is valid ICU taking the same arguments as the Turkish one, and
 * a language other than Turkish has its own words, not the Turkish ones copied.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, type MessageKey } from '../../../src/i18n/catalogues/index.js';
import { EXTRA_LANGUAGES } from '../../../src/i18n/languages.js';
import { translatorFor } from '../../../src/i18n/translator.js';

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date) {
      into.add(element.value);
    } else if (element.type === TYPE.plural || element.type === TYPE.select) {
      into.add(element.value);
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    } else if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
}

const keys = Object.keys(CATALOGUES.tr) as MessageKey[];

describe.each(EXTRA_LANGUAGES)('the %s catalogue', (lang) => {
  it('has every key of the Turkish one and no other', () => {
    expect(Object.keys(CATALOGUES[lang]).sort()).toEqual([...keys].sort());
  });

  it.each(keys)('%s is valid ICU with the Turkish arguments, in its own words', (key) => {
    const text = CATALOGUES[lang][key];
    expect(text.trim()).not.toBe('');
    expect([...argumentsOf(parse(text))].sort()).toEqual([...argumentsOf(parse(CATALOGUES.tr[key]))].sort());
    expect(text).not.toBe(CATALOGUES.tr[key]);
  });
});

describe('translatorFor', () => {
  it('writes prices the way each language writes numbers, in lira', () => {
    expect(translatorFor('tr').price(125050)).toBe('1.250,50\u00a0₺');
    expect(translatorFor('en').price(125050)).toBe('₺1,250.50');
    expect(translatorFor('de').price(125050)).toMatch(/^1\.250,50\s₺$/u);
    expect(translatorFor('ar').price(125050)).toContain('1,250.50');
  });

  it('writes a day in the language, in the zone given', () => {
    const day = new Date(Date.UTC(2026, 11, 1, 22, 30));
    expect(translatorFor('tr').day(day, 'Europe/Istanbul')).toBe('2 Aralık');
    expect(translatorFor('en').day(day, 'Europe/Istanbul')).toBe('2 December');
    expect(translatorFor('ru').day(day, 'Europe/Istanbul')).toBe('2 декабря');
  });

  it('gives the direction of each language', () => {
    expect(translatorFor('ar').dir).toBe('rtl');
    expect(translatorFor('en').dir).toBe('ltr');
  });
});
