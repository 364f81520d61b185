import Negotiator from 'negotiator';
import { isLanguage, type ExtraLanguage, type Language } from './languages.js';

/** The language a public request gets, and whether the address named it (`?dil=`) or the browser chose it. */
export interface LanguageChoice {
  lang: Language;
  /** True when `?dil=` named a language of the card: the answer then does not vary with Accept-Language. */
  named: boolean;
}

/** Accept-Language headers seen lately, with the card languages they were matched against: most visitors repeat. */
const remembered = new Map<string, Language>();
const REMEMBERED_MAX = 512;

function negotiated(acceptLanguage: string, cardLanguages: readonly ExtraLanguage[]): Language {
  const key = `${cardLanguages.join(',')}|${acceptLanguage}`;
  const known = remembered.get(key);
  if (known !== undefined) return known;
  const best = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).language(['tr', ...cardLanguages]);
  const lang: Language = isLanguage(best) ? best : 'tr';
  if (remembered.size >= REMEMBERED_MAX) remembered.clear();
  remembered.set(key, lang);
  return lang;
}

/**
 * The visitor's language (docs/product.md, Languages): `?dil=` when it names one of the card's languages (or
 * Turkish); else the card's language the browser's Accept-Language prefers, Turkish among them; else Turkish.
 * A `?dil=` the card does not offer is read as no `?dil=` at all.
 */
export function chooseLanguage(
  dil: unknown,
  acceptLanguage: string | undefined,
  cardLanguages: readonly ExtraLanguage[],
): LanguageChoice {
  if (typeof dil === 'string' && (dil === 'tr' || (cardLanguages as readonly string[]).includes(dil))) {
    return { lang: dil as Language, named: true };
  }
  if (cardLanguages.length === 0 || !acceptLanguage) return { lang: 'tr', named: false };
  return { lang: negotiated(acceptLanguage, cardLanguages), named: false };
}
