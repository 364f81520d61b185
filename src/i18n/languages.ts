/**
 * The languages a public page can be read in (docs/product.md, Languages): Turkish always, and the extra ones an
 * owner may choose. Codes are the ones `?dil=`, `Content-Language` and `hreflang` carry.
 */
export const EXTRA_LANGUAGES = ['en', 'de', 'ru', 'ar'] as const;
export const LANGUAGES = ['tr', ...EXTRA_LANGUAGES] as const;

export type Language = (typeof LANGUAGES)[number];
export type ExtraLanguage = (typeof EXTRA_LANGUAGES)[number];

/** Each language in its own words, as a visitor looks for it in the switcher. */
export const LANGUAGE_ENDONYMS: Readonly<Record<Language, string>> = {
  tr: 'Türkçe',
  en: 'English',
  de: 'Deutsch',
  ru: 'Русский',
  ar: 'العربية',
};

/** Each extra language in Turkish, as the owner's pages name it. */
export const LANGUAGE_NAMES_TR: Readonly<Record<ExtraLanguage, string>> = {
  en: 'İngilizce',
  de: 'Almanca',
  ru: 'Rusça',
  ar: 'Arapça',
};

/**
 * The locale Intl formats dates and numbers with. Arabic keeps Western digits: the prices, phone numbers and dates
 * of a Turkish shop are read beside the ones printed in it.
 */
export const INTL_LOCALES: Readonly<Record<Language, string>> = {
  tr: 'tr-TR',
  en: 'en-GB',
  de: 'de-DE',
  ru: 'ru-RU',
  ar: 'ar-u-nu-latn',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function isExtraLanguage(value: unknown): value is ExtraLanguage {
  return typeof value === 'string' && (EXTRA_LANGUAGES as readonly string[]).includes(value);
}

export function directionOf(lang: Language): 'ltr' | 'rtl' {
  return lang === 'ar' ? 'rtl' : 'ltr';
}

/** A card's extra languages as `customers.languages` keeps them (`en,ar`): unknown codes and repeats dropped. */
export function parseLanguages(stored: string | null | undefined): ExtraLanguage[] {
  const found: ExtraLanguage[] = [];
  for (const code of (stored ?? '').split(',')) {
    const lang = code.trim();
    if (isExtraLanguage(lang) && !found.includes(lang)) found.push(lang);
  }
  return found;
}

export function storedLanguages(languages: readonly ExtraLanguage[]): string {
  return parseLanguages(languages.join(',')).join(',');
}
