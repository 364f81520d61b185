/**
 * The print kit of one customer, or an A4 sheet of business cards for several (docs/product.md,
 * Print kit): reads what the cards print and hands it to the PDF builder in media/.
 */
import { splitPair } from '../domain/link-values.js';
import { hasAnyHours, weekLines, type OpeningHours, type WeekLine } from '../domain/opening-hours.js';
import { displayPhone } from '../domain/phone-display.js';
import { publicProfileUrl, taggedProfileUrl } from '../domain/profile-urls.js';
import { HttpError, NotFoundError } from '../errors.js';
import { contactPhotoJpeg } from '../media/contact-photo.js';
import type { PrintBrand, PrintCard } from '../media/print-kit.js';
import { linkQrPayload } from '../media/qr.js';
import type { PassiveCustomer, PrintCustomer, PrintKitRepository } from '../repositories/print-kit.repository.js';
import type { ProfileRepository } from '../repositories/profile.repository.js';
import type { FileStorage } from '../storage/file-storage.js';
import type { PrintFormat } from '../validation/print-kit.validation.js';
import type { CustomerScope } from '../domain/customer-scope.js';

/**
 * pdfkit and the print layout, loaded on the first print rather than at start: about 5 MB of
 * heap that a server which never prints never holds (docs/architecture.md, Memory).
 */
const printKit = () => import('../media/print-kit.js');

export const printKitServiceMessages = {
  /** Printed under the table card's QR when it opens the price list. */
  priceListCallToAction: 'Fiyat listesi için okutun',
  noPriceList:
    'Fiyat listesinde görünür ürün yok: masa kartına fiyat listesinin QR kodu basılamaz. Önce fiyat ' +
    'listesine ürün ekleyin.',
  missing: (ids: readonly number[]) =>
    `Seçilen müşterilerden bazıları bulunamadı (${ids.join(', ')}). Listeyi yenileyip tekrar deneyin.`,
} as const;

export interface PrintFile {
  pdf: Buffer;
  /** The name the download is saved under, and its ASCII stand-in for old clients. */
  fileName: string;
  asciiFileName: string;
}

/** The customer the route loaded: the print kit reads what it prints of it afresh. */
export type PrintTarget = Pick<PrintCustomer, 'id' | 'name' | 'surname' | 'slug'>;

export class PrintKitService {
  constructor(
    private readonly customers: PrintKitRepository,
    private readonly profiles: ProfileRepository,
    private readonly storage: Pick<FileStorage, 'readFile'>,
    /** The opening hours a table card prints when asked (docs/product.md, Opening hours). */
    private readonly openingHours: { find(customerId: number): Promise<OpeningHours | null> } = {
      find: async () => null,
    },
    /**
     * Whether the price list has a visible item: a table card may point its QR there (docs/product.md, Price list for
     * visitors).
     */
    private readonly priceLists: { publishedKind(customerId: number): Promise<string | null> } = {
      publishedKind: async () => null,
    },
  ) {}

  /**
   * `card` (with `bleed`, the print shop's variant) or `a6` of one customer; `origin` is the
   * public site's, as the QR codes carry it.
   */
  async customerKit(
    target: PrintTarget,
    format: PrintFormat,
    origin: string,
    brand?: PrintBrand,
    options: { bleed?: boolean; hours?: boolean; priceList?: boolean } = {},
  ): Promise<PrintFile> {
    const [customer] = await this.customers.customersByIds([target.id]);
    if (!customer) throw new NotFoundError(printKitServiceMessages.missing([target.id]));
    const card = this.cardOf(customer, origin);
    const name = fullName(customer);
    const kit = await printKit();
    if (format === 'card') {
      const pdf = await kit.renderBusinessCard(card, brand, options);
      if (options.bleed)
        return {
          pdf,
          fileName: `${kit.printDocumentTitles.cardWithBleed(name)}.pdf`,
          asciiFileName: `kartvizit-matbaa-${customer.slug}.pdf`,
        };
      return {
        pdf,
        fileName: `${kit.printDocumentTitles.card(name)}.pdf`,
        asciiFileName: `kartvizit-${customer.slug}.pdf`,
      };
    }
    card.wifi = await this.visibleWifi(customer.id);
    if (options.hours) card.hours = await this.hoursLines(customer.id);
    if (options.priceList) await this.pointToPriceList(card, customer, origin);
    return {
      pdf: await kit.renderTableCard(card, brand),
      fileName: `${kit.printDocumentTitles.a6(name)}.pdf`,
      asciiFileName: `masa-karti-${customer.slug}.pdf`,
    };
  }

  /**
   * The table card's QR, address and call to action for the price list; a list with no visible item has no page to open
   * (409).
   */
  private async pointToPriceList(card: PrintCard, customer: PrintCustomer, origin: string): Promise<void> {
    if (!(await this.priceLists.publishedKind(customer.id)))
      throw new HttpError(409, printKitServiceMessages.noPriceList);
    card.qrText = `${publicProfileUrl(origin, customer.slug)}/fiyat-listesi?k=qr`;
    card.displayUrl = `${card.displayUrl}/fiyat-listesi`;
    card.callToAction = printKitServiceMessages.priceListCallToAction;
  }

  /**
   * The passive customers among `ids` that `scope` reaches (docs/product.md, Print kit: the sheet asks before printing
   * their cards).
   */
  passiveAmong(ids: readonly number[], scope: CustomerScope): Promise<PassiveCustomer[]> {
    return this.customers.passiveAmong(ids, scope);
  }

  /**
   * The business cards of `ids`, in that order; an id that names no customer `scope` reaches (domain/customer-scope.ts)
   * is a 404 naming it, as an unknown one.
   */
  async sheet(ids: readonly number[], scope: CustomerScope, origin: string, brand?: PrintBrand): Promise<PrintFile> {
    const found = await this.customers.customersByIds(ids, scope);
    if (found.length < ids.length) {
      const known = new Set(found.map((customer) => customer.id));
      throw new NotFoundError(printKitServiceMessages.missing(ids.filter((id) => !known.has(id))));
    }
    const { renderCardSheet, printDocumentTitles } = await printKit();
    const pdf = await renderCardSheet(
      found.map((customer) => this.cardOf(customer, origin)),
      brand,
    );
    return {
      pdf,
      fileName: `${printDocumentTitles.sheet(found.length)}.pdf`,
      asciiFileName: `kartvizitler-${found.length}.pdf`,
    };
  }

  /**
   * What the card prints: the visible phone, e-mail and photo (as the public page shows them), the business and
   * address.
   */
  private cardOf(customer: PrintCustomer, origin: string): PrintCard {
    const photoPath = customer.isProfileVisible ? customer.profilePhoto : null;
    return {
      name: fullName(customer),
      title: customer.title,
      company: customer.company,
      phone: customer.isPhoneVisible && customer.phone ? displayPhone(customer.phone) : null,
      email: customer.isEmailVisible ? customer.email : null,
      address: addressLines(customer),
      qrText: taggedProfileUrl(origin, customer.slug, 'qr'),
      displayUrl: publicProfileUrl(origin, customer.slug).replace(/^https?:\/\//, ''),
      wifi: null,
      // The 200x200 JPEG the vCard carries: 390 dpi in the card's 13 mm circle, 5 to 10 KB where the
      // stored 400x400 one is up to 60 KB (a 300-card sheet of photos: 2.6 MB, not 18; docs/architecture.md, Memory).
      photo: photoPath ? async () => contactPhotoJpeg(await this.storage.readFile(customer.id, photoPath)) : null,
    };
  }

  /** The week as the table card lists it; none when no weekday has hours (the page shows none either). */
  private async hoursLines(customerId: number): Promise<WeekLine[]> {
    const hours = await this.openingHours.find(customerId);
    return hours && hasAnyHours(hours.week) ? weekLines(hours.week) : [];
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

/** The street line, then `{postal code} {district} / {city}` as Turkish addresses are written; only the parts given. */
function addressLines(customer: PrintCustomer): string[] {
  const place = [customer.district, customer.city].filter((part) => part !== null).join(' / ');
  const second = [customer.postalCode, place].filter((part) => part !== null && part !== '').join(' ');
  return [customer.addressLine ?? '', second].filter((line) => line !== '');
}
