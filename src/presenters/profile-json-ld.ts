/**
 * What search engines read from a public page (docs/product.md, Public page): one schema.org
 * block in JSON-LD, a `LocalBusiness` when the card names a business, else a `Person`. Only what
 * the page itself shows goes in: the phone and e-mail the owner shows, the address, the visible
 * social profiles.
 */
import type { Customer } from '../repositories/customer.repository.js';
import type { ContactButton, Profile, SocialLink } from '../repositories/profile.repository.js';
import { publicProfileUrl } from '../domain/profile-urls.js';
import { httpUrl } from './contact-card.js';
import { contactPointsOf } from './contact-points.js';
import { openingHoursOfBusiness } from './opening-hours-json-ld.js';
import type { ZonedOpeningHours } from '../domain/opening-hours.js';
import { priceListOfProfile } from './price-list-json-ld.js';
import type { PriceListKind } from '../repositories/price-list-read.repository.js';
import { publicUploadUrl } from './upload-urls.js';

/** The rows of the page (presenters/profile-page.ts, ProfileBundle) the block is made from. */
export interface JsonLdSource {
  customer: Pick<Customer, 'name' | 'surname' | 'slug' | 'version'>;
  profile: Profile;
  contactButtons: readonly ContactButton[];
  socialLinks: readonly SocialLink[];
  /** The price list visitors can open (presenters/price-list-json-ld.ts names it), or null. */
  priceList?: PriceListKind | null;
  /** The opening hours (presenters/opening-hours-json-ld.ts), a business's only. */
  openingHours?: ZonedOpeningHours | null;
  /** The language the texts are in (`inLanguage`); absent, none named. */
  lang?: string;
}

/** Platforms whose link is the owner's own profile elsewhere: what schema.org's `sameAs` is for. */
const SAME_AS_PLATFORMS: ReadonlySet<string> = new Set([
  'instagram',
  'youtube',
  'tiktok',
  'twitter',
  'facebook',
  'linkedin',
  'telegram',
  'spotify',
  'github',
]);

/** A card's address is a Turkish one (il, ilçe, five-digit postal code). */
const ADDRESS_COUNTRY = 'TR';

type JsonLd = Record<string, unknown>;

function isShown(buttons: readonly ContactButton[], type: ContactButton['type']): boolean {
  return buttons.some((button) => button.type === type && button.isVisible);
}

/** The profile's own phone and e-mail are on the page only behind their button or in the vCard's. */
function shownContacts(profile: Profile, buttons: readonly ContactButton[]): Profile {
  const inCard = isShown(buttons, 'add_contact');
  return {
    ...profile,
    isPhoneVisible: profile.isPhoneVisible && (inCard || isShown(buttons, 'phone')),
    isEmailVisible: profile.isEmailVisible && (inCard || isShown(buttons, 'email')),
  };
}

function postalAddress(profile: Profile): JsonLd | undefined {
  const { addressLine, district, city, postalCode } = profile;
  if (!addressLine && !district && !city && !postalCode) return undefined;
  return withoutEmpty({
    '@type': 'PostalAddress',
    streetAddress: addressLine,
    addressLocality: district,
    addressRegion: city,
    postalCode,
    addressCountry: ADDRESS_COUNTRY,
  });
}

function sameAs(links: readonly SocialLink[]): string[] | undefined {
  const urls = links
    .filter((link) => link.isVisible && SAME_AS_PLATFORMS.has(link.platform))
    .map((link) => httpUrl(link.url))
    .filter((url): url is string => url !== null);
  const unique = [...new Set(urls)];
  return unique.length > 0 ? unique : undefined;
}

/** The object without its empty properties (undefined, null, ''). */
export function withoutEmpty(object: JsonLd): JsonLd {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
}

/**
 * The image: the photo the page shows (at STORAGE_PUBLIC_URL when set, as the page's own `<img>`),
 * else the sharing card (`/{slug}/og.png`, the address the page's og:image names, its version
 * keeping a crawler's copy fresh; drawn by the app, so always at the origin).
 */
function imageOf(source: JsonLdSource, origin: string, uploadsBase: string | null): string {
  const { customer, profile } = source;
  const photo = profile.isProfileVisible && profile.profilePhoto?.startsWith('/uploads/') ? profile.profilePhoto : null;
  if (!photo) return `${publicProfileUrl(origin, customer.slug)}/og.png?v=${customer.version}`;
  return uploadsBase ? publicUploadUrl(photo, uploadsBase) : `${origin}${photo}`;
}

/** The block's data: `LocalBusiness` named after the business when there is one, else the `Person`. */
export function profileJsonLdData(source: JsonLdSource, origin: string, uploadsBase: string | null = null): JsonLd {
  const { customer, profile } = source;
  const contacts = contactPointsOf(shownContacts(profile, source.contactButtons), source.socialLinks);
  const company = profile.company?.trim();
  const person = `${customer.name} ${customer.surname}`.trim();
  return withoutEmpty({
    '@context': 'https://schema.org',
    '@type': company ? 'LocalBusiness' : 'Person',
    inLanguage: source.lang,
    name: company || person,
    jobTitle: company ? undefined : profile.title?.trim(),
    url: publicProfileUrl(origin, customer.slug),
    image: imageOf(source, origin, uploadsBase),
    telephone: contacts.phones[0]?.number,
    email: contacts.emails[0],
    address: postalAddress(profile),
    sameAs: sameAs(source.socialLinks),
    ...priceListOfProfile(source.priceList ?? null, publicProfileUrl(origin, customer.slug)),
    ...(company ? openingHoursOfBusiness(source.openingHours) : {}),
  });
}

/**
 * The JSON as it may stand inside `<script type="application/ld+json">`: `<` `>` `&` and the two
 * JavaScript line separators as \u escapes (the same string to a JSON parser), so no text of the
 * owner's can close the element or open a comment in it.
 */
export function scriptSafeJson(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function profileJsonLd(source: JsonLdSource, origin: string, uploadsBase: string | null = null): string {
  return scriptSafeJson(profileJsonLdData(source, origin, uploadsBase));
}
