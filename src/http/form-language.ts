import type { Request } from 'express';
import { chooseLanguage } from '../i18n/choice.js';
import type { Language } from '../i18n/languages.js';
import { loadedCustomer } from './loaded-customer.js';

/**
 * The language a public form's answer is in (docs/product.md, Languages): the form's hidden `dil` field, else `?dil=`
 * (the thanks after a redirect), when it is one of the card's languages; else Turkish.
 */
export function formLanguage(req: Request): Language {
  const body = req.body as Record<string, unknown> | undefined;
  return chooseLanguage(body?.dil ?? req.query.dil, undefined, loadedCustomer(req).languages).lang;
}

/** `?dil=` for an address the form redirects to, empty for Turkish: `/{slug}?dil=en&sent=1`. */
export function languageQuery(lang: Language): string {
  return lang === 'tr' ? '' : `dil=${lang}&`;
}
