import { chooseLanguage, type LanguageChoice } from '../i18n/choice.js';
import type { ExtraLanguage, Language } from '../i18n/languages.js';
import type { PublicRequest } from './public-request.js';

/**
 * The language a public page request gets (docs/product.md, Languages): `?dil=`, or a posted form's `dil` (the
 * language the form was sent from), else Accept-Language among the card's languages, else Turkish.
 */
export function pageLanguageOf(
  req: Pick<PublicRequest, 'query' | 'headers'> & { body?: unknown },
  cardLanguages: readonly ExtraLanguage[],
): LanguageChoice {
  const posted = (req.body as Record<string, unknown> | undefined)?.dil;
  const header = req.headers['accept-language'];
  return chooseLanguage(posted ?? req.query.dil, typeof header === 'string' ? header : undefined, cardLanguages);
}

/** Whether the answer depends on the request's Accept-Language: no `?dil=` of the card named, and it has languages. */
export function variesByLanguage(choice: LanguageChoice, cardLanguages: readonly ExtraLanguage[]): boolean {
  return !choice.named && cardLanguages.length > 0;
}

/** `?dil=xx` (or `&dil=xx`) to put on an address the page sends the visitor to; nothing for Turkish. */
export function languageQuery(lang: Language, first: boolean): string {
  return lang === 'tr' ? '' : `${first ? '?' : '&'}dil=${lang}`;
}
