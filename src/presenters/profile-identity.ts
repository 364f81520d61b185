import type { Profile } from '../repositories/profile.repository.js';
import { publicUploadUrl } from './upload-urls.js';

/** The business on the card as the public page shows it (docs/product.md, The business on the card). */
export interface IdentityView {
  /** "Unvan · İşletme", or whichever of the two is given; null for neither. */
  role: string | null;
  address: AddressView | null;
  /** The logo of the member's company (docs/product.md, Companies), beside the business name; null, none. */
  logo: string | null;
}

export interface AddressView {
  /** The street and number, then "34710 Kadıköy/İstanbul": the lines as a Turkish address is written. */
  lines: string[];
  /** "Yol tarifi": a Google Maps search, which a phone opens in its map app; null when only a postal code is known. */
  directionsHref: string | null;
}

const MAPS_SEARCH = 'https://www.google.com/maps/search/?api=1&query=';

/** The fields the business on the card is made of, and the member's company template for its logo (absent: none). */
type IdentityFields = Pick<Profile, 'title' | 'company' | 'addressLine' | 'district' | 'city' | 'postalCode'> &
  Partial<Pick<Profile, 'template'>>;

/** "34710 Kadıköy/İstanbul", from the parts that are given. */

function placeLine(profile: IdentityFields): string {
  const place = [profile.district, profile.city].filter(Boolean).join('/');
  return [profile.postalCode, place].filter(Boolean).join(' ');
}

function addressView(profile: IdentityFields): AddressView | null {
  const lines = [profile.addressLine ?? '', placeLine(profile)].filter(Boolean);
  if (lines.length === 0) return null;
  const findable = Boolean(profile.addressLine || profile.district || profile.city);
  // The country too: without it a street name alone may land in another country's town.
  const query = [...lines, 'Türkiye'].join(', ');
  return { lines, directionsHref: findable ? MAPS_SEARCH + encodeURIComponent(query) : null };
}

export function presentIdentity(profile: IdentityFields, uploadsBase: string | null = null): IdentityView {
  const role = [profile.title, profile.company].filter(Boolean).join(' · ');
  const logo = profile.template?.logoPath ? publicUploadUrl(profile.template.logoPath, uploadsBase) : null;
  return { role: role || null, address: addressView(profile), logo };
}
