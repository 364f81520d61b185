import { SHARING_IMAGE } from '../domain/sharing-image-size.js';
import type { Customer } from '../repositories/customer.repository.js';
import type { Profile } from '../repositories/profile.repository.js';

/** The sharing image's tags in the page's head (docs/product.md, Public page). */
export interface SharingMeta {
  /** The absolute address of `/{slug}/og.png`, with the page's version so a chat app fetches a changed card anew. */
  image: string;
  width: number;
  height: number;
  /** What the image shows, for whoever cannot see it. */
  alt: string;
}

export function presentSharingMeta(customer: Customer, profile: Profile, origin: string): SharingMeta {
  const shown = [`${customer.name} ${customer.surname}`, profile.title, profile.company].filter(Boolean).join(' · ');
  return {
    image: `${origin}/${customer.slug}/og.png?v=${customer.version}`,
    width: SHARING_IMAGE.width,
    height: SHARING_IMAGE.height,
    alt: `${shown}: dijital kartvizit`,
  };
}
