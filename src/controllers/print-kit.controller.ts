import type { RequestHandler, Response } from 'express';
import type { Config } from '../config.js';
import { HttpError, orFail } from '../errors.js';
import { attachmentHeader } from '../http/attachment.js';
import { actingAdmin, actingScope, isAdminRequest } from '../http/acting-admin.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import { originOf } from '../http/urls.js';
import type { PrintBrand } from '../media/print-kit.js';
import { printPassiveMessages, printPassiveView } from '../presenters/print-passive.js';
import type { ActivityLog } from '../services/activity-log.service.js';
import type { PrintFile, PrintKitService } from '../services/print-kit.service.js';
import {
  parseBleed,
  parseHoursOption,
  parsePriceListOption,
  parsePrintFormat,
  parseSheetIds,
  passiveChoiceOf,
} from '../validation/print-kit.validation.js';

export const printKitMessages = {
  failed: 'Baskı dosyası oluşturulamadı. Lütfen tekrar deneyin.',
} as const;

/** The agency's brand for the printed cards; none gives Vizit's own look. */
export type PrintBrandSource = () => Promise<PrintBrand | undefined>;

/**
 * The print kit downloads (docs/product.md, Print kit). The routes set `Cache-Control: no-store`
 * (an admin page, or the owner's secret link) before these run.
 */
export class PrintKitController {
  constructor(
    private readonly kits: PrintKitService,
    private readonly config: Pick<Config, 'baseUrl'>,
    private readonly brand: PrintBrandSource = async () => undefined,
    private readonly activity: ActivityLog,
  ) {}

  /**
   * `print.pdf?format=card|a6` (`&bleed=1` for a print shop's card, `&hours=1` for a table card with the opening hours)
   * of the customer the route loaded (by admin id or by edit token).
   */
  customerKit: RequestHandler = async (req, res) => {
    const format = parsePrintFormat(req.query.format);
    const bleed = parseBleed(req.query.bleed, format);
    const hours = parseHoursOption(req.query.hours, format);
    const priceList = parsePriceListOption(req.query.price_list, format);
    const customer = loadedCustomer(req);
    const origin = originOf(req, this.config.baseUrl);
    const file = await orFail(printKitMessages.failed, async () =>
      this.kits.customerKit(customer, format, origin, await this.brand(), { bleed, hours, priceList }),
    );
    // The owner prints from the edit link too; only an administrator's download is in the log.
    if (isAdminRequest(res))
      await this.activity.printKitDownloaded(actingAdmin(res), customer, bleed ? `${format}-bleed` : format);
    sendPdf(res, file);
  };

  /**
   * `/admin/print.pdf?ids=1,2,3` (or `ids` repeated): A4 sheets of business cards. Passive
   * customers among them are asked about first (`passive=include` prints them, `skip` leaves them out).
   */
  sheet: RequestHandler = async (req, res) => {
    const asked = parseSheetIds(req.query.ids);
    parseBleed(req.query.bleed, 'sheet');
    const choice = passiveChoiceOf(req.query.passive);
    const scope = actingScope(res);
    const passive = await this.kits.passiveAmong(asked, scope);
    if (passive.length > 0 && choice === null) {
      const fields = [['ids', asked.join(',')]] as const;
      res.render('admin/print-passive', {
        view: printPassiveView(passive, asked.length, { method: 'get', action: '/admin/print.pdf', fields }, '/admin'),
      });
      return;
    }
    const left = new Set(choice === 'skip' ? passive.map((customer) => customer.id) : []);
    const ids = asked.filter((id) => !left.has(id));
    if (ids.length === 0) throw new HttpError(400, printPassiveMessages.nothingLeft);
    const origin = originOf(req, this.config.baseUrl);
    const file = await orFail(printKitMessages.failed, async () =>
      this.kits.sheet(ids, scope, origin, await this.brand()),
    );
    await this.activity.printSheetDownloaded(actingAdmin(res), ids.length);
    sendPdf(res, file);
  };
}

function sendPdf(res: Response, file: PrintFile): void {
  res.set('Content-Type', 'application/pdf');
  res.set('Content-Disposition', attachmentHeader(file.fileName, file.asciiFileName));
  res.send(file.pdf);
}
