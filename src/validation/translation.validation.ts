/** The owner's "Diller" page and the company template's "Çeviriler" (docs/product.md, Languages). */
import { LEAD_LIMITS } from '../domain/lead-notice.js';
import { ValidationError } from '../errors.js';
import { isExtraLanguage, type ExtraLanguage } from '../i18n/languages.js';
import type { TranslationWrite } from '../repositories/translation.repository.js';
import { PRICE_LIST_DESCRIPTION_MAX_LENGTH, PRICE_LIST_NAME_MAX_LENGTH } from '../shared/price-list-limits.js';
import { codePoints, TEXT_FORBIDDEN } from './field-text.js';
import { IDENTITY_MAX_LENGTH, identityMessages } from './identity.validation.js';
import { messages as leadMessages } from './lead.validation.js';
import { LINK_LIMITS } from './link-limits.js';
import { messages as linkMessages } from './link-messages.js';
import { priceListFieldMessages } from './price-list.validation.js';
import { BIO_MAX_LENGTH, messages as profileMessages } from './profile.validation.js';

export const translationMessages = {
  unknownLanguage: 'Dil olarak İngilizce, Almanca, Rusça ya da Arapça seçin.',
  badCharacters: 'Metinde kullanılamayan görünmez karakterler var.',
} as const;

/** What kind of text a translation is of: its limit and refusal are the Turkish field's. */
export type TextKind = 'title' | 'company' | 'bio' | 'prompt' | 'label' | 'category' | 'name' | 'description';

const LIMITS: Readonly<Record<TextKind, { max: number; tooLong: string; multiline: boolean }>> = {
  title: { max: IDENTITY_MAX_LENGTH.title, tooLong: identityMessages.tooLong('title'), multiline: false },
  company: { max: IDENTITY_MAX_LENGTH.company, tooLong: identityMessages.tooLong('company'), multiline: false },
  bio: { max: BIO_MAX_LENGTH, tooLong: profileMessages.bioTooLong, multiline: true },
  prompt: { max: LEAD_LIMITS.prompt, tooLong: leadMessages.promptTooLong, multiline: false },
  label: { max: LINK_LIMITS.label, tooLong: linkMessages.labelTooLong, multiline: false },
  category: {
    max: PRICE_LIST_NAME_MAX_LENGTH,
    tooLong: priceListFieldMessages.categoryNameLong,
    multiline: false,
  },
  name: { max: PRICE_LIST_NAME_MAX_LENGTH, tooLong: priceListFieldMessages.itemNameLong, multiline: false },
  description: {
    max: PRICE_LIST_DESCRIPTION_MAX_LENGTH,
    tooLong: priceListFieldMessages.descriptionLong,
    multiline: true,
  },
};

/** A text's limit: the form's `maxlength`, and whether it is a textarea. */
export function limitOf(kind: TextKind): { max: number; multiline: boolean } {
  const { max, multiline } = LIMITS[kind];
  return { max, multiline };
}

/** One of the owner's Turkish texts that may be translated: its subject and its form field (`bio`, `label_12`). */
export interface TranslatableText {
  subject: string;
  field: string;
  kind: TextKind;
}

/** A translation as typed: NFC, trimmed; a one-line text's line breaks and runs of spaces made one space. */
function readText(raw: unknown, kind: TextKind): string {
  if (typeof raw !== 'string') return '';
  const text = raw
    .normalize('NFC')
    .replace(/[\u200B\u2060\uFEFF]/gu, '')
    .replace(/\r\n?/g, '\n')
    .trim();
  return LIMITS[kind].multiline ? text : text.replace(/\s+/g, ' ');
}

/** One translated cell or field: the text, or the Turkish field's refusal. */
export function readTranslation(raw: unknown, kind: TextKind): { text: string } | { error: string } {
  const text = readText(raw, kind);
  if (codePoints(text) > LIMITS[kind].max) return { error: LIMITS[kind].tooLong };
  if (TEXT_FORBIDDEN.test(text.replace(/\n/g, ''))) return { error: translationMessages.badCharacters };
  return { text };
}

/**
 * `POST .../translations`: the field `{field}_{lang}` of every listed text in every given language; an empty one
 * removes the translation. Refused fields by name, all at once.
 */
export function parseTranslations(
  body: Readonly<Record<string, unknown>>,
  texts: readonly TranslatableText[],
  languages: readonly ExtraLanguage[],
): TranslationWrite[] {
  const writes: TranslationWrite[] = [];
  const errors: Record<string, string> = {};
  for (const text of texts) {
    for (const lang of languages) {
      const name = `${text.field}_${lang}`;
      if (!(name in body)) continue;
      const read = readTranslation(body[name], text.kind);
      if ('error' in read) errors[name] = read.error;
      else writes.push({ subject: text.subject, lang, text: read.text });
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return writes;
}

/** `POST .../languages`: `languages` repeated, in the order posted; none is Turkish only. */
export function parseLanguageChoice(body: Readonly<Record<string, unknown>>): ExtraLanguage[] {
  const raw = body.languages;
  const codes = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  const chosen: ExtraLanguage[] = [];
  for (const code of codes) {
    if (!isExtraLanguage(code)) throw new ValidationError({ languages: translationMessages.unknownLanguage });
    if (!chosen.includes(code)) chosen.push(code);
  }
  return chosen;
}
