import type { RequestHandler } from 'express';
import { NotFoundError } from '../errors.js';
import { readCardCode } from '../domain/card-code.js';
import { isCountableVisit } from '../http/visit-filter.js';
import type { CardCodeService, CodeTarget } from '../services/card-code.service.js';
import type { ViewAllowance } from '../services/view-allowance.js';

export const messages = {
  unknown: 'Bu kart kodu bulunamadı.',
} as const;

/** Where code views are queued (a ViewRecorder over the card code views). */
interface CodeViewRecorder {
  record(customerId: number, at: number, source: 'nfc' | 'qr', code: string): void;
}

/**
 * `GET /k/{code}` (docs/product.md, Card codes): an assigned code answers 302 to its card's page with the code's
 * source (`?k=nfc` or `?k=qr`, which counts the page's view), and counts a view under the code; a code no card has
 * yet answers the branded "not activated" page; anything else 404. Lower case is read as upper case.
 */
export class CardCodeController {
  constructor(
    private readonly codes: Pick<CardCodeService, 'target'>,
    private readonly views: CodeViewRecorder,
    /** The codes' own allowance, apart from the pages': the redirect's page view still counts. */
    private readonly viewAllowance: ViewAllowance,
    private readonly now: () => number,
  ) {}

  open: RequestHandler = async (req, res) => {
    const code = readCardCode(req.params.code);
    const target: CodeTarget | null = code === null ? null : await this.codes.target(code);
    if (code === null || target === null) throw new NotFoundError(messages.unknown);
    // Another card may get the code tomorrow: no cache keeps today's answer.
    res.set('Cache-Control', 'no-store');
    if (target.customerId === null || target.slug === null) {
      res.render('card-code-inactive', { title: 'Kart henüz etkinleştirilmedi', code });
      return;
    }
    res.redirect(302, `/${target.slug}?k=${target.kind}`);
    if (!isCountableVisit(req)) return;
    const at = this.now();
    if (this.viewAllowance.counts(req.ip, target.customerId, at)) {
      this.views.record(target.customerId, at, target.kind, code);
    }
  };
}
