/**
 * The vCard and QR routes of a public profile. The loader has already refused an unknown (404)
 * or inactive (403) profile; here every hidden item stays out and a link is only ever looked up
 * together with the customer it must belong to.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { Config } from '../config.js';
import { NotFoundError, orFail } from '../errors.js';
import { publicProfileUrl, taggedProfileUrl } from '../domain/profile-urls.js';
import { originOf } from '../http/urls.js';
import { loadedCustomer, loadedLink } from '../http/loaded-customer.js';
import type { ProfileService } from '../services/profile.service.js';
import { contactCardOf } from '../presenters/contact-card.js';
import { contactPhotoJpeg } from '../media/contact-photo.js';
import {
  isQrPlatform,
  linkQrPayload,
  parsePrintSize,
  PROFILE_QR,
  qrMessages,
  renderPng,
  renderSvg,
} from '../media/qr.js';
import { buildVCard } from '../domain/vcard.js';
import { chooseLanguage } from '../i18n/choice.js';
import type { ExtraLanguage } from '../i18n/languages.js';
import type { FileStorage } from '../storage/file-storage.js';

export const profileFileMessages = {
  contactMissing: 'İletişim bilgisi eksik - telefon veya e-posta gerekli',
} as const;

/** The profile QR changes only with the slug or the origin: an hour in any cache is fine. */
const PUBLIC_CACHE = 'public, max-age=3600';
/** A link QR may carry a Wi-Fi password or an IBAN that the owner can hide at any time: no shared caches. */
const PRIVATE_CACHE = 'private, no-cache';

/** Files made from a public profile: the vCard and the QR codes. */
export class ProfileFilesController {
  constructor(
    private readonly profiles: Pick<ProfileService, 'contactCard'>,
    private readonly storage: FileStorage,
    private readonly config: Pick<Config, 'baseUrl'>,
    /** The owner's texts in another language (TranslationRepository): the vCard's title and note in it. */
    private readonly translations: {
      textsOf(customerId: number, lang: ExtraLanguage): Promise<ReadonlyMap<string, string>>;
    } | null = null,
  ) {}

  private profileUrl(req: Request, slug: string): string {
    return publicProfileUrl(originOf(req, this.config.baseUrl), slug);
  }

  /** GET /{slug}/vcard.vcf: only with a visible "add contact" button and a shareable phone or e-mail. */
  vcard: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const parts = await this.profiles.contactCard(customer.id);
    if (!parts) throw new NotFoundError();
    const { profile, links } = parts;
    if (!profile) throw new NotFoundError(profileFileMessages.contactMissing);
    const photoJpeg = profile.isProfileVisible
      ? await contactPhotoJpeg(await this.storage.readFile(customer.id, profile.profilePhoto))
      : null;
    const choice = chooseLanguage(req.query.dil, req.headers['accept-language'], customer.languages);
    const texts =
      choice.lang === 'tr' || !this.translations ? null : await this.translations.textsOf(customer.id, choice.lang);
    const card = contactCardOf({
      customer,
      profile: {
        ...profile,
        title: texts?.get('title') || profile.title,
        bio: texts?.get('bio') || profile.bio,
      },
      links,
      profileUrl: this.profileUrl(req, customer.slug),
      photoJpeg,
    });
    if (!choice.named && customer.languages.length > 0) res.vary('Accept-Language');
    if (!card.phones?.length && !card.emails?.length) throw new NotFoundError(profileFileMessages.contactMissing);
    res.set('Content-Type', 'text/vcard; charset=utf-8');
    res.set('Content-Disposition', `attachment; filename="${customer.slug}.vcf"`);
    res.set('Cache-Control', 'no-cache');
    res.send(Buffer.from(buildVCard(card), 'utf8'));
  };

  /** The profile QR's text: the public address with `?k=qr`, so a scan is counted under "QR kod". */
  private qrUrl(req: Request): string {
    return taggedProfileUrl(originOf(req, this.config.baseUrl), loadedCustomer(req).slug, 'qr');
  }

  /** GET /{slug}/qr.svg */
  qrSvg: RequestHandler = async (req, res) => {
    const url = this.qrUrl(req);
    const svg = await orFail(qrMessages.failed, () => renderSvg(url, PROFILE_QR));
    sendQr(res, 'image/svg+xml', svg, PUBLIC_CACHE);
  };

  /** GET /{slug}/qr.png, `?size=100..2000` for print (422 otherwise). */
  qrPng: RequestHandler = async (req, res) => {
    const width = parsePrintSize(req.query.size);
    const url = this.qrUrl(req);
    const png = await orFail(qrMessages.failed, () => renderPng(url, { ...PROFILE_QR, width }));
    sendQr(res, 'image/png', png, PUBLIC_CACHE);
  };

  /**
   * GET /{slug}/links/{linkId}/qr.svg (the link loaded for this customer): a visible wifi, location or iban link only.
   */
  linkQrSvg: RequestHandler = async (req, res) => {
    const link = loadedLink(req);
    if (!link.isVisible || !isQrPlatform(link.platform)) throw new NotFoundError();
    const payload = linkQrPayload(link.platform, link.url);
    if (!payload) throw new NotFoundError();
    const svg = await orFail(qrMessages.failed, () =>
      renderSvg(payload.text, { width: PROFILE_QR.width, margin: PROFILE_QR.margin, level: payload.level }),
    );
    sendQr(res, 'image/svg+xml', svg, PRIVATE_CACHE);
  };
}

function sendQr(res: Response, type: string, body: string | Buffer, cacheControl: string): void {
  res.set('Content-Type', type);
  res.set('Cache-Control', cacheControl);
  res.send(body);
}
