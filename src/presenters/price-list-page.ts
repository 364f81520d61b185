/**
 * What the price list's page and PDF show (docs/product.md, Price list): the business, the
 * "Son güncelleme" date, and the visible items of each category with their prices the Turkish
 * way (`125,50 ₺`) and their labels as text.
 */
import { displayPhone } from '../domain/phone-display.js';
import { formatPrice } from '../domain/price.js';
import { labelOf } from '../domain/price-list-labels.js';
import { publicProfileUrl } from '../domain/profile-urls.js';
import { DEFAULT_BACKGROUND_COLOR, DEFAULT_DARK_BACKGROUND_COLOR } from '../shared/background-choices.js';
import type { Customer } from '../repositories/customer.repository.js';
import type { PriceListContent, PriceListKind } from '../repositories/price-list-read.repository.js';
import type { Profile } from '../repositories/profile.repository.js';
import { priceListJsonLd } from './price-list-json-ld.js';
import { publicUploadUrl } from './upload-urls.js';

export const priceListTexts = {
  title: 'Fiyat Listesi',
  updated: (date: string) => `Son güncelleme: ${date}`,
  soldOut: 'Tükendi',
  pageTitle: (business: string) => `${business} - Fiyat Listesi`,
  description: (business: string) => `${business} fiyat listesi: ürünler ve güncel fiyatlar.`,
} as const;

export interface PriceListItemView {
  name: string;
  description: string | null;
  /** `125,50 ₺`, with a no-break space before the sign. */
  price: string;
  labels: string[];
  soldOut: boolean;
  /** The thumbnail's address: `/uploads/…`, or at STORAGE_PUBLIC_URL. */
  photo: string | null;
}

export interface PriceListSectionView {
  /** The jump link's target: `kategori-{id}`. */
  anchor: string;
  name: string;
  items: PriceListItemView[];
}

export interface PriceListPage {
  kind: PriceListKind;
  business: string;
  slug: string;
  /** The profile's address, and this page's. */
  profileUrl: string;
  url: string;
  /** "26 Kasım 2026", or null before any price was ever set. */
  updated: string | null;
  dark: boolean;
  themeColor: string;
  sections: PriceListSectionView[];
  itemCount: number;
  /** The schema.org `Menu` or `OfferCatalog`, safe inside its script element. */
  jsonLd: string;
  /** Who to reach, as the PDF's first page prints it: only what the card shows. */
  contact: { person: string | null; phone: string | null; website: string | null; address: string | null };
  /** The PDF's QR: this page's address, where the prices are always current. */
  qr: { text: string; display: string };
}

/** The card's visible phone, website and address, and the person when the business is the company. */
function contactOf(customer: Customer, profile: Profile | null): PriceListPage['contact'] {
  const person = `${customer.name} ${customer.surname}`.trim();
  const place = [profile?.district, profile?.city].filter(Boolean).join(' / ');
  const address = [profile?.addressLine, place].filter(Boolean).join(', ');
  return {
    person: profile?.company?.trim() && person ? person : null,
    phone: profile?.isPhoneVisible && profile.phone ? displayPhone(profile.phone) : null,
    website:
      profile?.isWebsiteVisible && profile.website
        ? profile.website.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '')
        : null,
    address: address || null,
  };
}

/** The business as the card names it: the company when there is one, else the person. */
export function businessNameOf(
  customer: Pick<Customer, 'name' | 'surname'>,
  profile: Pick<Profile, 'company'> | null,
): string {
  return profile?.company?.trim() || `${customer.name} ${customer.surname}`.trim();
}

export function priceListUrl(origin: string, slug: string): string {
  return `${publicProfileUrl(origin, slug)}/fiyat-listesi`;
}

export function presentPriceList(
  customer: Customer,
  profile: Profile | null,
  content: PriceListContent,
  origin: string,
  formatDate: (ms: number) => string,
  /** STORAGE_PUBLIC_URL: the photos at a CDN or the bucket, as the profile's (upload-urls.ts); null keeps /uploads. */
  uploadsBase: string | null = null,
): PriceListPage {
  const dark = profile?.darkMode ?? false;
  const sections = content.sections.map((section) => ({
    anchor: `kategori-${section.id}`,
    name: section.name,
    items: section.items.map((item) => ({
      name: item.name,
      description: item.description,
      price: formatPrice(item.priceKurus),
      labels: item.labels.map(labelOf).filter((label): label is string => label !== undefined),
      soldOut: item.soldOut,
      photo: item.photoPath?.startsWith('/uploads/') ? publicUploadUrl(item.photoPath, uploadsBase) : null,
    })),
  }));
  const business = businessNameOf(customer, profile);
  const url = priceListUrl(origin, customer.slug);
  return {
    kind: content.kind,
    business,
    slug: customer.slug,
    profileUrl: publicProfileUrl(origin, customer.slug),
    url,
    updated: content.updatedAt === null ? null : formatDate(content.updatedAt),
    dark,
    themeColor: dark ? DEFAULT_DARK_BACKGROUND_COLOR : DEFAULT_BACKGROUND_COLOR,
    sections,
    itemCount: sections.reduce((sum, section) => sum + section.items.length, 0),
    jsonLd: priceListJsonLd(content, { business, url, origin, uploadsBase }),
    contact: contactOf(customer, profile),
    qr: { text: url, display: url.replace(/^https?:\/\//, '') },
  };
}
