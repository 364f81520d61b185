import type { Request } from 'express';
import type { Language } from '../i18n/languages.js';
import { loadedCustomer } from './loaded-customer.js';
import { pageLanguageOf } from './page-language.js';

/**
 * The language a public form's answer is in (docs/product.md, Languages): the language of the page it was sent from
 * (its hidden `dil`), chosen as the page's own (page-language.ts).
 */
export function formLanguage(req: Request): Language {
  return pageLanguageOf(req, loadedCustomer(req).languages).lang;
}
