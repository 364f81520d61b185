/**
 * What goes into a profile's vCard, decided in one pure function so that the visibility rules
 * (phones, e-mails, website, photo, hidden links) are tested without HTTP. Serializing is vcard.ts.
 */
import type { Customer } from '../repositories/customer.repository.js';
import type { Profile, SocialLink } from '../repositories/profile.repository.js';
import type { VCardAddress, VCardData, VCardUrl } from '../domain/vcard.js';
import { contactPointsOf } from './contact-points.js';

/** ADR's country: a Vizit card's address is a Turkish one (il, ilçe, five-digit postal code). */
const ADDRESS_COUNTRY = 'Türkiye';

/** Links whose stored value is not a web address to share: it holds a secret or a bank account. */
const NEVER_IN_CARD = new Set(['wifi', 'iban']);

/** An absolute http(s) URL in its normalised form, or null. A bare `example.com` gets `https://`. */
export function httpUrl(raw: string | null | undefined, { allowBare = false } = {}): string | null {
  const value = raw?.trim();
  if (!value) return null;
  const candidate = allowBare && !/^[a-z][a-z0-9+.-]*:/i.test(value) ? `https://${value}` : value;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export interface ContactCardInput {
  customer: Pick<Customer, 'name' | 'surname'>;
  profile: Profile;
  links: readonly SocialLink[];
  /** Absolute URL of the public profile page. */
  profileUrl: string;
  photoJpeg: Buffer | null;
}

/** The work address, or null when the profile has none of its parts. */
function addressOf(profile: Profile): VCardAddress | null {
  const { addressLine: street, district, city, postalCode } = profile;
  return street || district || city || postalCode
    ? { street, district, city, postalCode, country: ADDRESS_COUNTRY }
    : null;
}

/** The card's data, every hidden item left out; no phones or e-mails when none is shareable. */
export function contactCardOf({ customer, profile, links, profileUrl, photoJpeg }: ContactCardInput): VCardData {
  const urls: VCardUrl[] = [];
  const seen = new Set<string>();
  const addUrl = (value: string | null, type: string) => {
    if (!value || seen.has(value)) return;
    seen.add(value);
    urls.push({ value, type });
  };
  if (profile.isWebsiteVisible) addUrl(httpUrl(profile.website, { allowBare: true }), 'WORK');
  addUrl(httpUrl(profileUrl), 'PROFILE');
  for (const link of links) {
    if (!link.isVisible || NEVER_IN_CARD.has(link.platform)) continue;
    addUrl(httpUrl(link.url), link.platform);
  }
  return {
    name: customer.name,
    surname: customer.surname,
    organization: profile.company,
    title: profile.title,
    address: addressOf(profile),
    ...contactPointsOf(profile, links),
    urls,
    note: profile.bio,
    photoJpeg: profile.isProfileVisible ? photoJpeg : null,
  };
}
