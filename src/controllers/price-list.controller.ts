import type { RequestHandler } from 'express';
import type { Config } from '../config.js';
import { orFail } from '../errors.js';
import type { CachedPageResponder } from '../http/cached-page-response.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import { originOf } from '../http/urls.js';
import type { PrintBrand } from '../media/print-layout.js';
import type { PriceListPageService } from '../services/price-list-page.service.js';

export const priceListPdfMessages = {
  failed: 'Fiyat listesinin PDF dosyası oluşturulamadı. Lütfen tekrar deneyin.',
} as const;

/**
 * The price list for visitors (docs/product.md, Price list): the page, cached like the profile
 * (and served by its own fast path, http/price-list-fast-path.ts), and its A4 PDF.
 */
export class PriceListController {
  constructor(
    private readonly lists: PriceListPageService,
    private readonly responder: CachedPageResponder,
    private readonly config: Pick<Config, 'baseUrl'>,
    private readonly brand: () => Promise<PrintBrand | undefined>,
  ) {}

  /** GET /{slug}/fiyat-listesi */
  show: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const cached = await this.lists.cached(
      customer,
      originOf(req, this.config.baseUrl),
      this.responder.encodingOf(req),
      this.lists.choose(customer, req.query.dil, req.headers['accept-language']),
    );
    this.responder.send(req, res, customer.id, cached);
  };

  /**
   * GET /{slug}/fiyat-listesi.pdf, opened in the browser. Its ETag is the customer's version,
   * which every change of the list (and of the brand) raises: a reload of an unchanged list is a 304.
   */
  pdf: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const choice = this.lists.choose(customer, req.query.dil, req.headers['accept-language']);
    const { lang } = choice;
    const etag = `W/"fiyat-listesi-${customer.id}-${customer.version}${lang === 'tr' ? '' : `-${lang}`}"`;
    res.set('ETag', etag);
    res.set('Cache-Control', 'no-cache');
    res.set('Content-Language', lang);
    if (!choice.named && customer.languages.length > 0) res.vary('Accept-Language');
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    const origin = originOf(req, this.config.baseUrl);
    const pdf = await orFail(priceListPdfMessages.failed, () => this.lists.pdf(customer, origin, this.brand, lang));
    res.set('Content-Type', 'application/pdf');
    const file = `${customer.slug}-fiyat-listesi${lang === 'tr' ? '' : `-${lang}`}.pdf`;
    res.set('Content-Disposition', `inline; filename="${file}"`);
    res.send(pdf);
  };
}
