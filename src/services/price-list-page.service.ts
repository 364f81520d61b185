import { publicAccentCss } from '../domain/public-accent.js';
import { NotFoundError } from '../errors.js';
import { styleHashOf } from '../http/inline-style.js';
import { presentPriceList, type PriceListLanguage, type PriceListPage } from '../presenters/price-list-page.js';
import { chooseLanguage, type LanguageChoice } from '../i18n/choice.js';
import { LANGUAGES, type Language } from '../i18n/languages.js';
import { translatorFor } from '../i18n/translator.js';
import type { TranslationRepository } from '../repositories/translation.repository.js';
import type { Customer } from '../repositories/customer.repository.js';
import type { PriceListContent, PriceListReadRepository } from '../repositories/price-list-read.repository.js';
import type { ProfileRepository } from '../repositories/profile.repository.js';
import type { PrintBrand } from '../media/print-layout.js';
import { PriceListPdfThread } from '../media/price-list-pdf-thread.js';
import type { BrandLook } from './brand.service.js';
import { CachedPage, PageCache, type Encoding, type HeldPage, type LivePart } from './page-cache.js';
import { liveOpeningState } from './live-opening-state.js';
import type { ZonedOpeningHours } from '../domain/opening-hours.js';
import type { CachedBody, RenderView } from './public-page.service.js';

export const priceListMessages = {
  notFound: 'Fiyat listesi bulunamadı',
} as const;

/**
 * The rendered price list pages held: a 200-item list is about 60,000 characters, so some 30
 * lists, beside the profiles' own cache (docs/architecture.md, Memory).
 */
export const PRICE_LIST_CACHE_BYTES = 4 * 1024 * 1024;

/**
 * The page has no form to stamp; a text no page can hold (the owner's `<` is always escaped)
 * stands in the cache's placeholder, so the cached bytes are served unchanged.
 */
const NO_STAMP = '<\u0000>';

/** PDFs held, least recently asked for first out: 200 items make 33 KB, so about 1 MB at most. */
const PDF_CACHE_ENTRIES = 32;

/** A price list as read and presented, for the page and the PDF. */
export interface PriceListDocument {
  page: PriceListPage;
  content: PriceListContent;
  /** The accent of the customer's company (docs/product.md, Companies); null, the agency's. */
  accent: string | null;
}

/**
 * The public price list page (`/{slug}/fiyat-listesi`): rendered once per customer version and
 * origin, then served from its own cache, already compressed, by the full route and the fast
 * path alike. Every change of the list raises the customer's version, as a profile edit does.
 */
export class PriceListPageService {
  /** One cache per language (docs/product.md, Languages): Turkish keeps the whole budget, each other a quarter. */
  private readonly caches = new Map<Language, PageCache>(
    LANGUAGES.map((lang) => [lang, new PageCache(lang === 'tr' ? PRICE_LIST_CACHE_BYTES : PRICE_LIST_CACHE_BYTES / 4)]),
  );
  /** Keyed by customer id and language (`12:en`). */
  private readonly pdfs = new Map<string, { version: number; origin: string; pdf: Promise<Buffer> }>();
  /** pdfkit and the print fonts load in a thread of their own, on the first PDF (docs/architecture.md, Memory). */
  private readonly pdfThread = new PriceListPdfThread();

  constructor(
    private readonly lists: PriceListReadRepository,
    private readonly profiles: Pick<ProfileRepository, 'findProfile'>,
    private readonly renderView: RenderView,
    private readonly brand: { fresh(): Promise<BrandLook> },
    /** "26 Kasım 2026" in APP_TIMEZONE, as the language writes a date. */
    private readonly formatDate: (ms: number, lang: Language) => string,
    private readonly now: () => number,
    /**
     * The opening hours, whose "Şimdi açık" the page shows under the business, filled in per response
     * (docs/architecture.md, Opening hours on a cached page).
     */
    private readonly openingHours: { find(customerId: number): Promise<ZonedOpeningHours | null> } = {
      find: async () => null,
    },
    /** STORAGE_PUBLIC_URL: where the page links the items' photos; null keeps /uploads. */
    private readonly uploadsBase: string | null = null,
    /** The owner's texts in the visitor's language; none read without it (every page in Turkish). */
    private readonly translations: Pick<TranslationRepository, 'textsOf'> | null = null,
  ) {}

  /** The language of a request for the customer's list: `?dil=`, else Accept-Language among the card's. */
  choose(customer: Pick<Customer, 'languages'>, dil: unknown, acceptLanguage: string | undefined): LanguageChoice {
    return chooseLanguage(dil, acceptLanguage, customer.languages);
  }

  private async languageOf(customer: Customer, lang: Language): Promise<PriceListLanguage> {
    const translator = translatorFor(lang);
    const texts = lang === 'tr' || !this.translations ? new Map() : await this.translations.textsOf(customer.id, lang);
    return { translator, texts };
  }

  /** The visible list, presented; a list with no visible item is a 404, as a missing page. */
  async document(customer: Customer, origin: string, lang: Language = 'tr'): Promise<PriceListDocument> {
    const [content, profile, language] = await Promise.all([
      this.lists.content(customer.id, { visibleOnly: true }),
      this.profiles.findProfile(customer.id),
      this.languageOf(customer, lang),
    ]);
    if (content.sections.length === 0) throw new NotFoundError(priceListMessages.notFound);
    const formatDate = (ms: number) => this.formatDate(ms, lang);
    const page = presentPriceList(customer, profile, content, origin, formatDate, this.uploadsBase, language);
    return { page, content, accent: profile?.template?.accent ?? null };
  }

  /**
   * The A4 PDF of the visible list (`/{slug}/fiyat-listesi.pdf`): drawn once per customer version
   * and origin in a worker thread (a drawing costs up to a second or two of CPU for 500 items, which
   * the event loop does not wait for), then answered from memory;
   * requests that come while it is drawn share that drawing. A failed drawing is not kept.
   */
  pdf(
    customer: Customer,
    origin: string,
    brand: () => Promise<PrintBrand | undefined>,
    lang: Language = 'tr',
  ): Promise<Buffer> {
    const key = `${customer.id}:${lang}`;
    const held = this.pdfs.get(key);
    if (held && held.version === customer.version && held.origin === origin) {
      this.pdfs.delete(key);
      this.pdfs.set(key, held);
      return held.pdf;
    }
    const entry = { version: customer.version, origin, pdf: this.drawPdf(customer, origin, brand, lang) };
    this.pdfs.delete(key);
    this.pdfs.set(key, entry);
    entry.pdf.catch(() => {
      if (this.pdfs.get(key) === entry) this.pdfs.delete(key);
    });
    for (const id of this.pdfs.keys()) {
      if (this.pdfs.size <= PDF_CACHE_ENTRIES) break;
      this.pdfs.delete(id);
    }
    return entry.pdf;
  }

  private async drawPdf(
    customer: Customer,
    origin: string,
    brand: () => Promise<PrintBrand | undefined>,
    lang: Language,
  ): Promise<Buffer> {
    const [{ page }, look] = await Promise.all([this.document(customer, origin, lang), brand()]);
    const { business, updated, sections, contact, qr } = page;
    return this.pdfThread.draw(
      { business, updated, sections: sections.map(({ name, items }) => ({ name, items })), contact, qr, lang },
      look,
    );
  }

  private async render(
    customer: Customer,
    origin: string,
    lang: Language,
  ): Promise<{ html: string; styleCss: string; live: LivePart | null }> {
    const [{ page, accent }, brand, hours] = await Promise.all([
      this.document(customer, origin, lang),
      this.brand.fresh(),
      this.openingHours.find(customer.id),
    ]);
    const styleCss = publicAccentCss(accent ?? brand.accentColor, page.dark);
    const live = liveOpeningState(hours);
    const translator = translatorFor(lang);
    const html = await this.renderView('price-list/show', {
      page,
      t: translator.t.bind(translator),
      lang,
      dir: translator.dir,
      brand,
      styleCss,
      openState: live?.placeholder ?? null,
    });
    return { html, styleCss, live };
  }

  /** The page in a language from the cache while the customer's version is unchanged. */
  async cached(
    customer: Customer,
    origin: string,
    encoding: Encoding,
    choice: LanguageChoice = { lang: 'tr', named: false },
  ): Promise<CachedBody & { varyLanguage: boolean }> {
    const { lang } = choice;
    const cache = this.cacheOf(lang);
    let page = cache.get(customer.id, customer.version, origin);
    if (!page) {
      const rendered = await this.render(customer, origin, lang);
      page = new CachedPage(
        customer.version,
        origin,
        rendered.html,
        NO_STAMP,
        styleHashOf(rendered.styleCss),
        rendered.live,
        lang,
      );
      cache.set(customer, page);
    }
    return { ...this.bodyOf(page, encoding), varyLanguage: varies(customer, choice) };
  }

  private cacheOf(lang: Language): PageCache {
    return this.caches.get(lang) as PageCache;
  }

  /**
   * The page held for a slug in the request's language, whatever its version (the fast path checks it against the
   * row it read, whose version proves the card's languages the choice was made with current). Null when none is.
   */
  held(slug: string, dil?: unknown, acceptLanguage?: string): (HeldPage & { varyLanguage: boolean }) | null {
    let known: HeldPage | null = null;
    for (const cache of this.caches.values()) {
      const found = cache.held(slug);
      if (found && (!known || found.customer.version > known.customer.version)) known = found;
    }
    if (!known) return null;
    const choice = this.choose(known.customer, dil, acceptLanguage);
    const held = this.cacheOf(choice.lang).held(slug);
    if (!held || held.customer.version !== known.customer.version) return null;
    return { ...held, varyLanguage: varies(held.customer, choice) };
  }

  bodyOf(page: CachedPage, encoding: Encoding): CachedBody {
    const second = Math.floor(this.now() / 1000);
    const cache = this.cacheOf((page.lang as Language | undefined) ?? 'tr');
    return { page, body: cache.body(page, second, () => NO_STAMP, encoding), encoding, second };
  }
}

/** Whether the answer depends on Accept-Language: the card has languages and `?dil=` did not name one. */
function varies(customer: Pick<Customer, 'languages'>, choice: LanguageChoice): boolean {
  return !choice.named && customer.languages.length > 0;
}
