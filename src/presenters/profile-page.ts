import type { Customer } from '../repositories/customer.repository.js';
import type { ContactButton, IbanInfo, Profile, SocialLink } from '../repositories/profile.repository.js';
import { initials } from '../lib/initials.js';
import { safeHref } from '../lib/safe-url.js';
import { publicProfileUrl } from '../domain/profile-urls.js';
import { parseBackground, parseCover, type BackgroundDescriptor } from '../domain/background.js';
import { DEFAULT_BACKGROUND_COLOR, DEFAULT_DARK_BACKGROUND_COLOR } from '../shared/background-choices.js';
import { profileCss } from '../domain/background-css.js';
import { locationHref, splitPair } from '../domain/link-values.js';
import { ACTION_ICONS, iconKey } from '../domain/icons.js';
import { linkIcon, platformById } from '../domain/platforms.js';
import { oneIbanPerAccount } from './iban-once.js';
import { publicUploadUrl, withPublicUpload } from './upload-urls.js';
import { presentIdentity, type IdentityView } from './profile-identity.js';
import { presentSharingMeta, type SharingMeta } from './sharing-meta.js';
import { profileJsonLd } from './profile-json-ld.js';
import { presentOpeningHours, type OpeningHoursView } from './opening-hours-view.js';
import type { ZonedOpeningHours } from '../domain/opening-hours.js';
import type { Language } from '../i18n/languages.js';
import type { PriceListKind } from '../repositories/price-list-read.repository.js';
import { translatorFor, type MessageKey, type Translator } from '../i18n/translator.js';

/** Everything a public profile shows, read from the database in one go. */
export interface ProfileBundle {
  customer: Customer;
  profile: Profile;
  contactButtons: ContactButton[];
  socialLinks: SocialLink[];
  iban: IbanInfo | null;
  /** The kind of the price list visitors can open, or null (no visible item). */
  priceList?: PriceListKind | null;
  /** The opening hours with their time zone, or null when never set. */
  openingHours?: ZonedOpeningHours | null;
  /** The language its owner's texts are in (presenters/owner-texts.ts); absent, Turkish. */
  lang?: Language;
}

export interface ContactAction {
  kind: 'phone' | 'email' | 'vcard' | 'website';
  href: string;
  label: string;
  icon: string;
  /** The drawn icon's key in the icon library (src/media/icon-library.ts). */
  svg: string;
  download?: string;
}

interface LinkBase {
  id: number;
  platform: string;
  label: string;
  /** The emoji: the owner's own on a custom link, else the fallback for a missing drawn icon. */
  icon: string;
  /** The drawn icon's key, or null when the owner's emoji is shown. */
  svg: string | null;
  /** What a screen reader hears: the label and the platform. */
  ariaLabel: string;
  /**
   * Where a tap is counted (`<a ping>`, or the page's script): the same for every visitor. A link of the member's
   * company (a negative id, docs/product.md, Companies) is counted for the company, not in the member's statistics.
   */
  clickUrl: string;
}

export type LinkItem =
  | (LinkBase & { kind: 'link'; href: string })
  | (LinkBase & { kind: 'wifi'; dialogId: string; ssid: string; password: string; qrUrl: string })
  | (LinkBase & { kind: 'location'; dialogId: string; address: string; mapHref: string; qrUrl: string })
  | (LinkBase & { kind: 'iban'; dialogId: string; iban: string; grouped: string; holder: string; qrUrl: string })
  | (LinkBase & { kind: 'catalog'; dialogId: string; href: string; viewer: 'pdf' | 'image' | 'none' });

export interface IbanCard {
  iban: string;
  grouped: string;
  holder: string;
}

export interface BackgroundView {
  /** A background other than the default is set (the page then keeps its own colours). */
  custom: boolean;
  image: string | null;
  video: string | null;
  canvas: { type: string; config: string } | null;
  gradient: boolean;
}

export interface CoverView {
  image: string | null;
  video: string | null;
  /** A particles, waves or geometry cover: drawn on a canvas by the page's script (a gradient one is CSS). */
  canvas: { type: string; config: string } | null;
}

export interface ProfilePage {
  fullName: string;
  slug: string;
  initials: string;
  url: string;
  description: string;
  /** The sharing image (og.png) as the head names it. */
  sharing: SharingMeta;
  dark: boolean;
  /** The browser's theme-color: the page's default background in its theme. */
  themeColor: string;
  photo: string | null;
  cover: CoverView;
  showNameOnCover: boolean;
  bio: string | null;
  /** The business, title and address under the name. */
  identity: IdentityView;
  actions: ContactAction[];
  links: LinkItem[];
  ibanCard: IbanCard | null;
  background: BackgroundView;
  /** The one inline style block, from validated values only; empty when the defaults apply. */
  styleCss: string;
  /** The schema.org block for search engines, safe inside its script element (presenters/profile-json-ld.ts). */
  jsonLd: string;
  /** The "Fiyat Listesi" button's address, when the price list has a visible item. */
  priceListUrl: string | null;
  /**
   * The week and the form's fields; the moment's state is filled in per response (presenters/opening-hours-view.ts).
   */
  hours: OpeningHoursView;
}

/** "TR33 0006 1005 ..." for reading; copied and encoded without the spaces. */
export function groupIban(iban: string): string {
  return iban.replace(/(.{4})/g, '$1 ').trim();
}

function isVisibleButton(buttons: ContactButton[], type: ContactButton['type']): boolean {
  return buttons.some((button) => button.type === type && button.isVisible);
}

/** The platforms whose own name is a word of ours, in the page's language (the others are brand names). */
const PLATFORM_NAMES: Readonly<Record<string, MessageKey>> = {
  website: 'profile.platform.website',
  email: 'profile.platform.email',
  phone: 'profile.platform.phone',
  maps: 'profile.platform.maps',
  location: 'profile.platform.location',
  catalog: 'profile.platform.catalog',
  custom: 'profile.platform.custom',
};

function platformName(id: string, label: string, translator: Translator): string {
  const key = PLATFORM_NAMES[id];
  return key ? translator.t(key) : label;
}

function contactActions(bundle: ProfileBundle, translator: Translator): ContactAction[] {
  const { profile, contactButtons, customer } = bundle;
  const actions: ContactAction[] = [];
  const phone =
    profile.isPhoneVisible && profile.phone ? safeHref(`tel:${profile.phone.replace(/[^\d+]/g, '')}`) : null;
  const email = profile.isEmailVisible && profile.email ? safeHref(`mailto:${profile.email}`) : null;
  if (phone && isVisibleButton(contactButtons, 'phone'))
    actions.push({
      kind: 'phone',
      href: phone,
      label: translator.t('profile.call'),
      icon: '📞',
      svg: iconKey(ACTION_ICONS.phone),
    });
  if (email && isVisibleButton(contactButtons, 'email'))
    actions.push({
      kind: 'email',
      href: email,
      label: translator.t('profile.email'),
      icon: '✉️',
      svg: iconKey(ACTION_ICONS.email),
    });
  if ((phone || email) && isVisibleButton(contactButtons, 'add_contact')) {
    actions.push({
      kind: 'vcard',
      href: `/${customer.slug}/vcard.vcf`,
      label: translator.t('profile.addContact'),
      icon: '👤',
      svg: iconKey(ACTION_ICONS.vcard),
      download: `${customer.slug}.vcf`,
    });
  }
  const website = profile.isWebsiteVisible && profile.website ? safeHref(profile.website) : null;
  if (website)
    actions.push({
      kind: 'website',
      href: website,
      label: translator.t('profile.website'),
      icon: '🌐',
      svg: iconKey(ACTION_ICONS.website),
    });
  return actions;
}

function catalogViewer(href: string): 'pdf' | 'image' | 'none' {
  if (!href.startsWith('/uploads/')) return 'none';
  if (/\.pdf$/i.test(href)) return 'pdf';
  return /\.(jpe?g|png|gif|webp)$/i.test(href) ? 'image' : 'none';
}

/** One visible link as the page shows it, or null when its stored value is unusable. */
function linkItem(link: SocialLink, slug: string, translator: Translator): LinkItem | null {
  const platform = platformById(link.platform);
  if (!platform) return null;
  const { svg, emoji: icon } = linkIcon(link.platform, link.icon);
  const clickUrl = link.id > 0 ? `/${slug}/links/${link.id}/click` : `/${slug}/company-links/${-link.id}/click`;
  const platformLabel = platformName(platform.id, platform.label, translator);
  const base = {
    id: link.id,
    platform: link.platform,
    label: link.label || platformLabel,
    icon,
    svg,
    ariaLabel: '',
    clickUrl,
  };
  base.ariaLabel = base.label === platformLabel ? base.label : `${base.label} (${platformLabel})`;
  const dialogId = `baglanti-${link.id}`;
  const qrUrl = `/${slug}/links/${link.id}/qr.svg`;
  switch (link.platform) {
    case 'wifi': {
      const { first: ssid, second: password } = splitPair(link.url);
      return ssid ? { ...base, kind: 'wifi', dialogId, ssid, password, qrUrl } : null;
    }
    case 'location': {
      const mapHref = safeHref(locationHref(link.url));
      return mapHref ? { ...base, kind: 'location', dialogId, address: link.url, mapHref, qrUrl } : null;
    }
    case 'iban': {
      const { first: iban, second: holder } = splitPair(link.url);
      return /^TR\d{24}$/.test(iban)
        ? { ...base, kind: 'iban', dialogId, iban, grouped: groupIban(iban), holder, qrUrl }
        : null;
    }
    case 'catalog': {
      const href = safeHref(link.url);
      return href ? { ...base, kind: 'catalog', dialogId, href, viewer: catalogViewer(href) } : null;
    }
    default: {
      const href = safeHref(link.url);
      return href ? { ...base, kind: 'link', href } : null;
    }
  }
}

/** The stored default colour needs no inline style: the stylesheet already has it. */
function pageBackground(profile: Profile): BackgroundDescriptor | null {
  const descriptor = parseBackground(profile.backgroundType, profile.backgroundValue);
  return descriptor?.kind === 'color' && descriptor.color === DEFAULT_BACKGROUND_COLOR ? null : descriptor;
}

function backgroundView(descriptor: BackgroundDescriptor | null): BackgroundView {
  const view: BackgroundView = { custom: descriptor !== null, image: null, video: null, canvas: null, gradient: false };
  if (!descriptor) return view;
  if (descriptor.kind === 'image') view.image = descriptor.url;
  if (descriptor.kind === 'video') view.video = descriptor.url;
  if (descriptor.kind === 'animation') {
    if (descriptor.type === 'gradient') view.gradient = true;
    else view.canvas = { type: descriptor.type, config: JSON.stringify(descriptor.config) };
  }
  return view;
}

function coverView(cover: BackgroundDescriptor | null): CoverView {
  const view: CoverView = { image: null, video: null, canvas: null };
  if (cover?.kind === 'image') view.image = cover.url;
  if (cover?.kind === 'video') view.video = cover.url;
  if (cover?.kind === 'animation' && cover.type !== 'gradient')
    view.canvas = { type: cover.type, config: JSON.stringify(cover.config) };
  return view;
}

/**
 * Turns stored rows into what the public page shows; every URL passes safeHref on the way.
 * `uploadsBase` (STORAGE_PUBLIC_URL) puts the uploaded images and videos at a CDN or the bucket. Our own words are
 * in the translator's language.
 */
export function presentProfile(
  bundle: ProfileBundle,
  origin: string,
  uploadsBase: string | null = null,
  translator: Translator = translatorFor('tr'),
): ProfilePage {
  const { customer, profile } = bundle;
  const background = withPublicUpload(pageBackground(profile), uploadsBase);
  const cover = withPublicUpload(parseCover(profile.coverPhoto), uploadsBase);
  const fullName = `${customer.name} ${customer.surname}`;
  const photo =
    profile.isProfileVisible && profile.profilePhoto?.startsWith('/uploads/')
      ? publicUploadUrl(profile.profilePhoto, uploadsBase)
      : null;
  const ibanCard =
    bundle.iban?.isVisible && /^TR\d{24}$/.test(bundle.iban.iban)
      ? { iban: bundle.iban.iban, grouped: groupIban(bundle.iban.iban), holder: bundle.iban.accountHolder }
      : null;
  return {
    fullName,
    slug: customer.slug,
    initials: initials(customer.name, customer.surname),
    url: publicProfileUrl(origin, customer.slug),
    description: profile.bio?.trim() || translator.t('profile.description', { name: fullName }),
    sharing: presentSharingMeta(customer, profile, origin),
    dark: profile.darkMode,
    themeColor: profile.darkMode ? DEFAULT_DARK_BACKGROUND_COLOR : DEFAULT_BACKGROUND_COLOR,
    photo,
    cover: coverView(cover),
    showNameOnCover: profile.showNameOnCover,
    bio: profile.bio?.trim() || null,
    identity: presentIdentity(profile, uploadsBase),
    actions: contactActions(bundle, translator),
    links: oneIbanPerAccount(
      bundle.socialLinks
        .filter((link) => link.isVisible)
        .map((link) => linkItem(link, customer.slug, translator))
        .filter((item): item is LinkItem => item !== null),
      ibanCard,
    ),
    ibanCard,
    background: backgroundView(background),
    styleCss: background || cover ? profileCss(background, cover, { dark: profile.darkMode }) : '',
    jsonLd: profileJsonLd(bundle, origin, uploadsBase),
    priceListUrl: bundle.priceList ? `/${customer.slug}/fiyat-listesi` : null,
    hours: presentOpeningHours(bundle.openingHours, translator),
  };
}
