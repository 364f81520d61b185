import { IntlMessageFormat } from 'intl-messageformat';
import { formatPrice } from '../domain/price.js';
import { CATALOGUES, type MessageKey } from './catalogues/index.js';
import { directionOf, INTL_LOCALES, LANGUAGES, type Language } from './languages.js';

export type { MessageKey };

/** Values an ICU message takes: `{name}`, `{count, plural, ...}`. */
export type MessageValues = Readonly<Record<string, string | number>>;

/** The public side's words in one language (docs/product.md, Languages). */
export interface Translator {
  readonly lang: Language;
  readonly dir: 'ltr' | 'rtl';
  /** The locale Intl formats with. */
  readonly locale: string;
  /** The message `key` in this language, its values filled in (plural rules of the language). */
  t(key: MessageKey, values?: MessageValues): string;
  /** A price in kuruş, in lira as this language writes numbers (`125,50 ₺`, `₺125.50`). */
  price(kurus: number): string;
  /** A day (`Date`, its calendar date in the zone given) as this language writes it, e.g. `1 Aralık` / `1 December`. */
  day(date: Date, timeZone: string): string;
}

class CatalogueTranslator implements Translator {
  readonly dir: 'ltr' | 'rtl';
  readonly locale: string;
  private readonly compiled = new Map<MessageKey, IntlMessageFormat>();
  private readonly prices: Intl.NumberFormat;
  private readonly days = new Map<string, Intl.DateTimeFormat>();

  constructor(readonly lang: Language) {
    this.dir = directionOf(lang);
    this.locale = INTL_LOCALES[lang];
    this.prices = new Intl.NumberFormat(this.locale, {
      style: 'currency',
      currency: 'TRY',
      currencyDisplay: 'narrowSymbol',
    });
  }

  t(key: MessageKey, values?: MessageValues): string {
    let message = this.compiled.get(key);
    if (!message) {
      message = new IntlMessageFormat(CATALOGUES[this.lang][key], this.locale);
      this.compiled.set(key, message);
    }
    return String(message.format(values));
  }

  price(kurus: number): string {
    // Turkish keeps the page's own way (`125,50 ₺`), which Intl writes with the sign first.
    return this.lang === 'tr' ? formatPrice(kurus) : this.prices.format(kurus / 100);
  }

  day(date: Date, timeZone: string): string {
    let format = this.days.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat(this.locale, { day: 'numeric', month: 'long', timeZone });
      this.days.set(timeZone, format);
    }
    return format.format(date);
  }
}

const translators = new Map<Language, Translator>(LANGUAGES.map((lang) => [lang, new CatalogueTranslator(lang)]));

/** The translator of a language, made once: its messages compile on first use and stay compiled. */
export function translatorFor(lang: Language): Translator {
  return translators.get(lang) as Translator;
}
