import { publicAccentCss } from '../domain/public-accent.js';
import { NotFoundError } from '../errors.js';
import { styleHashOf } from '../http/inline-style.js';
import { presentPriceList, type PriceListPage } from '../presenters/price-list-page.js';
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
  private readonly cache = new PageCache(PRICE_LIST_CACHE_BYTES);
  private readonly pdfs = new Map<number, { version: number; origin: string; pdf: Promise<Buffer> }>();
  /** pdfkit and the print fonts load in a thread of their own, on the first PDF (docs/architecture.md, Memory). */
  private readonly pdfThread = new PriceListPdfThread();

  constructor(
    private readonly lists: PriceListReadRepository,
    private readonly profiles: Pick<ProfileRepository, 'findProfile'>,
    private readonly renderView: RenderView,
    private readonly brand: { fresh(): Promise<BrandLook> },
    /** "26 Kasım 2026" in APP_TIMEZONE. */
    private readonly formatDate: (ms: number) => string,
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
  ) {}

  /** The visible list, presented; a list with no visible item is a 404, as a missing page. */
  async document(customer: Customer, origin: string): Promise<PriceListDocument> {
    const [content, profile] = await Promise.all([
      this.lists.content(customer.id, { visibleOnly: true }),
      this.profiles.findProfile(customer.id),
    ]);
    if (content.sections.length === 0) throw new NotFoundError(priceListMessages.notFound);
    const page = presentPriceList(customer, profile, content, origin, this.formatDate, this.uploadsBase);
    return { page, content, accent: profile?.template?.accent ?? null };
  }

  /**
   * The A4 PDF of the visible list (`/{slug}/fiyat-listesi.pdf`): drawn once per customer version
   * and origin in a worker thread (a drawing costs up to a second or two of CPU for 500 items, which
   * the event loop does not wait for), then answered from memory;
   * requests that come while it is drawn share that drawing. A failed drawing is not kept.
   */
  pdf(customer: Customer, origin: string, brand: () => Promise<PrintBrand | undefined>): Promise<Buffer> {
    const held = this.pdfs.get(customer.id);
    if (held && held.version === customer.version && held.origin === origin) {
      this.pdfs.delete(customer.id);
      this.pdfs.set(customer.id, held);
      return held.pdf;
    }
    const entry = { version: customer.version, origin, pdf: this.drawPdf(customer, origin, brand) };
    this.pdfs.delete(customer.id);
    this.pdfs.set(customer.id, entry);
    entry.pdf.catch(() => {
      if (this.pdfs.get(customer.id) === entry) this.pdfs.delete(customer.id);
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
  ): Promise<Buffer> {
    const [{ page }, look] = await Promise.all([this.document(customer, origin), brand()]);
    const { business, updated, sections, contact, qr } = page;
    return this.pdfThread.draw(
      { business, updated, sections: sections.map(({ name, items }) => ({ name, items })), contact, qr },
      look,
    );
  }

  private async render(
    customer: Customer,
    origin: string,
  ): Promise<{ html: string; styleCss: string; live: LivePart | null }> {
    const [{ page, accent }, brand, hours] = await Promise.all([
      this.document(customer, origin),
      this.brand.fresh(),
      this.openingHours.find(customer.id),
    ]);
    const styleCss = publicAccentCss(accent ?? brand.accentColor, page.dark);
    const live = liveOpeningState(hours);
    const html = await this.renderView('price-list/show', {
      page,
      brand,
      styleCss,
      openState: live?.placeholder ?? null,
    });
    return { html, styleCss, live };
  }

  /** The page from the cache while the customer's version is unchanged. */
  async cached(customer: Customer, origin: string, encoding: Encoding): Promise<CachedBody> {
    let page = this.cache.get(customer.id, customer.version, origin);
    if (!page) {
      const rendered = await this.render(customer, origin);
      page = new CachedPage(
        customer.version,
        origin,
        rendered.html,
        NO_STAMP,
        styleHashOf(rendered.styleCss),
        rendered.live,
      );
      this.cache.set(customer, page);
    }
    return this.bodyOf(page, encoding);
  }

  /** The page held for a slug, whatever its version (the fast path checks it against the row it read). */
  held(slug: string): HeldPage | null {
    return this.cache.held(slug);
  }

  bodyOf(page: CachedPage, encoding: Encoding): CachedBody {
    const second = Math.floor(this.now() / 1000);
    return { page, body: this.cache.body(page, second, () => NO_STAMP, encoding), encoding, second };
  }
}
