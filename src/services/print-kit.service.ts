/**
 * The print kit of one customer, or an A4 sheet of business cards for several (docs/product.md,
 * Print kit): reads what the cards print and hands it to the PDF builder in media/.
 */
import { splitPair } from '../domain/link-values.js';
import { publicProfileUrl, taggedProfileUrl } from '../domain/profile-urls.js';
import { NotFoundError } from '../errors.js';
import type { PrintBrand, PrintCard } from '../media/print-kit.js';
import { linkQrPayload } from '../media/qr.js';
import type { PrintCustomer, PrintKitRepository } from '../repositories/print-kit.repository.js';
import type { ProfileRepository } from '../repositories/profile.repository.js';
import type { PrintFormat } from '../validation/print-kit.validation.js';

/**
 * pdfkit and the print layout, loaded on the first print rather than at start: about 5 MB of
 * heap that a server which never prints never holds (docs/architecture.md, Memory).
 */
const printKit = () => import('../media/print-kit.js');

export const printKitServiceMessages = {
  missing: (ids: readonly number[]) => `Seçilen müşterilerden bazıları bulunamadı (${ids.join(', ')}). Listeyi yenileyip tekrar deneyin.`,
} as const;

export interface PrintFile {
  pdf: Buffer;
  /** The name the download is saved under, and its ASCII stand-in for old clients. */
  fileName: string;
  asciiFileName: string;
}

const ASCII_PREFIX: Readonly<Record<PrintFormat, string>> = { card: 'kartvizit', a6: 'masa-karti' };

export class PrintKitService {
  constructor(
    private readonly customers: PrintKitRepository,
    private readonly profiles: ProfileRepository,
  ) {}

  /** `card` or `a6` of one customer; `origin` is the public site's, as the QR codes carry it. */
  async customerKit(customer: PrintCustomer, format: PrintFormat, origin: string, brand?: PrintBrand): Promise<PrintFile> {
    const card = cardOf(customer, origin);
    const name = fullName(customer);
    if (format === 'card') {
      const { renderBusinessCard, printDocumentTitles } = await printKit();
      return { pdf: await renderBusinessCard(card, brand), fileName: `${printDocumentTitles.card(name)}.pdf`, asciiFileName: `${ASCII_PREFIX.card}-${customer.slug}.pdf` };
    }
    card.wifi = await this.visibleWifi(customer.id);
    const { renderTableCard, printDocumentTitles } = await printKit();
    return { pdf: await renderTableCard(card, brand), fileName: `${printDocumentTitles.a6(name)}.pdf`, asciiFileName: `${ASCII_PREFIX.a6}-${customer.slug}.pdf` };
  }

  /** The business cards of `ids`, in that order; an id that names no customer is a 404 naming it. */
  async sheet(ids: readonly number[], origin: string, brand?: PrintBrand): Promise<PrintFile> {
    const found = await this.customers.customersByIds(ids);
    if (found.length < ids.length) {
      const known = new Set(found.map((customer) => customer.id));
      throw new NotFoundError(printKitServiceMessages.missing(ids.filter((id) => !known.has(id))));
    }
    const { renderCardSheet, printDocumentTitles } = await printKit();
    const pdf = await renderCardSheet(found.map((customer) => cardOf(customer, origin)), brand);
    return { pdf, fileName: `${printDocumentTitles.sheet(found.length)}.pdf`, asciiFileName: `kartvizitler-${found.length}.pdf` };
  }

  /** The first visible Wi-Fi link with a network name, as the public page shows it. */
  private async visibleWifi(customerId: number): Promise<PrintCard['wifi']> {
    const links = await this.profiles.socialLinks(customerId);
    for (const link of links) {
      if (!link.isVisible || link.platform !== 'wifi') continue;
      const payload = linkQrPayload('wifi', link.url);
      if (!payload) continue;
      const { first: ssid, second: password } = splitPair(link.url);
      return { ssid, password, qrText: payload.text };
    }
    return null;
  }
}

function fullName(customer: PrintCustomer): string {
  return `${customer.name} ${customer.surname}`.trim();
}

function cardOf(customer: PrintCustomer, origin: string): PrintCard {
  return {
    name: fullName(customer),
    qrText: taggedProfileUrl(origin, customer.slug, 'qr'),
    displayUrl: publicProfileUrl(origin, customer.slug).replace(/^https?:\/\//, ''),
    wifi: null,
  };
}
