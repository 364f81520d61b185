/**
 * The add/edit link forms → values safe to store in `social_links` (docs/product.md, "Links and
 * platforms"). Each platform's value is normalised to one canonical form (a bare Instagram name
 * becomes its profile URL, a phone number a `tel:+90...` URL, ...), so the public page and the
 * owner page render the same thing, and only http(s), mailto and tel ever get stored.
 * The per-platform rules are in the other *.validation.ts files beside this one;
 * `lib/safe-url.ts` checks hrefs once more when a page is drawn.
 */
import { ValidationError } from '../errors.js';
import { platformById, type Platform, type PlatformId } from '../domain/platforms.js';
import { normalizeCatalog } from './catalog.validation.js';
import { normalizeEmailAddress } from './email.validation.js';
import { cleanText, collect, codePoints, fail, graphemeCount, TEXT_FORBIDDEN } from './field-text.js';
import { ibanLinkValue } from './iban.validation.js';
import { LINK_LIMITS } from './link-limits.js';
import { messages } from './link-messages.js';
import { normalizeLocation } from './location.validation.js';
import { normalizePhoneNumber, normalizeWhatsApp } from './phone.validation.js';
import { isSocialId, normalizeSocialLink } from './social-name.validation.js';
import { screenUrlValue } from './url-scheme.validation.js';
import { normalizeWebUrl } from './web-url.validation.js';
import { wifiLinkValue } from './wifi.validation.js';

export const DEFAULT_CUSTOM_ICON = '🔗';

export interface LinkInput {
  platform: PlatformId;
  /** The stored value: a URL, `IBAN|holder`, `ssid|password`, an address or an `/uploads/...` path. */
  url: string;
  label: string;
  /** Only for custom links; null means "use the platform's icon" (and is never written on edit). */
  icon: string | null;
}

export interface LinkInputOptions {
  /** 'edit' makes the label required; 'add' (default) falls back to the platform's label. */
  mode?: 'add' | 'edit';
  /** The platform of the link being edited; wins over `body.platform`, which cannot change it. */
  platform?: string;
  /**
   * Public path of a catalog file stored by our own upload handler (or the stored path of the
   * catalog link being edited). Never taken from the request body.
   */
  uploadedFile?: string;
}

function validLabel(raw: unknown, platform: Platform, mode: 'add' | 'edit'): string {
  const label = cleanText(raw).replace(/\s+/gu, ' ');
  if (label === '') {
    if (mode === 'edit') fail('label', messages.labelRequired);
    return platform.label;
  }
  if (TEXT_FORBIDDEN.test(label)) fail('label', messages.labelInvalid);
  if (codePoints(label) > LINK_LIMITS.label) fail('label', messages.labelTooLong);
  return label;
}

/** Custom links only: at most 2 user-perceived characters (one family emoji counts as one). */
export function validIcon(raw: unknown): string {
  const icon = cleanText(raw);
  if (icon === '') return DEFAULT_CUSTOM_ICON;
  if (/[<>\p{Cc}]/u.test(icon)) fail('icon', messages.iconInvalid);
  if (icon.length > LINK_LIMITS.iconUnits || graphemeCount(icon) > LINK_LIMITS.icon) fail('icon', messages.iconTooLong);
  return icon;
}

function normalizeValue(
  platform: Platform,
  body: Readonly<Record<string, unknown>>,
  options: LinkInputOptions,
  errors: Record<string, string>,
): string | undefined {
  const id = platform.id;
  if (id === 'wifi') return wifiLinkValue(body, errors);
  if (id === 'iban') return ibanLinkValue(body, errors);
  return collect(errors, () => {
    if (id === 'location') return normalizeLocation(body.url, 'url');
    if (id === 'catalog') return normalizeCatalog(body.url, options.uploadedFile, 'url');
    const raw = typeof body.url === 'string' ? body.url : '';
    if (id === 'whatsapp') return normalizeWhatsApp(raw);
    if (id === 'phone') {
      screenUrlValue(cleanText(raw), 'url', messages.phoneRequired);
      return `tel:${normalizePhoneNumber(raw)}`;
    }
    if (id === 'email') {
      screenUrlValue(cleanText(raw), 'url', messages.emailRequired);
      return `mailto:${normalizeEmailAddress(raw)}`;
    }
    if (isSocialId(id)) return normalizeSocialLink(id, raw);
    return normalizeWebUrl(raw);
  });
}

/**
 * The add or edit link form (fields `platform`, `url`, `label`, `icon`; a wifi link may send
 * `ssid` + `password`, an IBAN link `iban` + `account_holder`) as a row ready to store, or a
 * ValidationError keyed by form field with Turkish messages.
 */
export function parseLinkInput(body: Readonly<Record<string, unknown>>, options: LinkInputOptions = {}): LinkInput {
  const mode = options.mode ?? 'add';
  const requested = options.platform ?? (typeof body.platform === 'string' ? body.platform.trim() : '');
  const platform = platformById(requested);
  if (platform === undefined) throw new ValidationError({ platform: messages.platformInvalid });

  const errors: Record<string, string> = {};
  const url = normalizeValue(platform, body, options, errors);
  const label = collect(errors, () => validLabel(body.label, platform, mode));
  const icon = platform.id === 'custom' ? collect(errors, () => validIcon(body.icon)) : null;
  if (url === undefined || label === undefined || icon === undefined || Object.keys(errors).length > 0) {
    throw new ValidationError(errors);
  }
  return { platform: platform.id, url, label, icon };
}
