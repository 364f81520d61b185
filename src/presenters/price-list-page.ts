/**
 * What the price list's page and PDF show (docs/product.md, Price list): the business, the
 * "Son güncelleme" date, and the visible items of each category with their prices the Turkish
 * way (`125,50 ₺`) and their labels as text.
 */
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
}

/** The business as the card names it: the company when there is one, else the person. */
export function businessNameOf(customer: Pick<Customer, 'name' | 'surname'>, profile: Pick<Profile, 'company'> | null): string {
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
  };
}
