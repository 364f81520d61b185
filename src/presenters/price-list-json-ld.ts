/**
 * The price list for search engines (docs/product.md, Price list): a schema.org `Menu` with its
 * sections, items and offers for a café or restaurant, an `OfferCatalog` of offers for a shop.
 * Only the visible items, as the page shows them; prices as `125.50` in TRY.
 */
import type { PriceListContent, PriceListEntry, PriceListKind } from '../repositories/price-list-read.repository.js';
import { scriptSafeJson, withoutEmpty } from './profile-json-ld.js';
import { publicUploadUrl } from './upload-urls.js';

type JsonLd = Record<string, unknown>;

interface ListIdentity {
  business: string;
  /** The price list page's own address. */
  url: string;
  origin: string;
  /** STORAGE_PUBLIC_URL, where the page links the photos; null keeps them on this origin. */
  uploadsBase?: string | null;
  /** The list's name in the page's language (`{business} - Price list`); the Turkish one without. */
  title?: string;
  /** The page's language, the Menu's `inLanguage`. */
  lang?: string;
}

/** schema.org's diets for the labels that name one. */
const DIETS: Readonly<Record<string, string>> = {
  vegan: 'https://schema.org/VeganDiet',
  vejetaryen: 'https://schema.org/VegetarianDiet',
  glutensiz: 'https://schema.org/GlutenFreeDiet',
};

/** `12550` → `125.50`: schema.org's price is a plain decimal with a dot. */
export function schemaPrice(kurus: number): string {
  return `${Math.floor(kurus / 100)}.${String(kurus % 100).padStart(2, '0')}`;
}

function offerOf(item: PriceListEntry): JsonLd {
  return {
    '@type': 'Offer',
    price: schemaPrice(item.priceKurus),
    priceCurrency: 'TRY',
    availability: item.soldOut ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
  };
}

/** The photo the page shows, as an absolute address: at the CDN when there is one, else on this origin. */
function imageOf(item: PriceListEntry, list: ListIdentity): string | undefined {
  if (!item.photoPath?.startsWith('/uploads/')) return undefined;
  return list.uploadsBase ? publicUploadUrl(item.photoPath, list.uploadsBase) : `${list.origin}${item.photoPath}`;
}

function menuItem(item: PriceListEntry, list: ListIdentity): JsonLd {
  const diets = item.labels.map((code) => DIETS[code]).filter((diet): diet is string => diet !== undefined);
  return withoutEmpty({
    '@type': 'MenuItem',
    name: item.name,
    description: item.description ?? undefined,
    image: imageOf(item, list),
    suitableForDiet: diets.length === 0 ? undefined : diets.length === 1 ? diets[0] : diets,
    offers: offerOf(item),
  });
}

function catalogOffer(item: PriceListEntry, list: ListIdentity): JsonLd {
  return {
    ...offerOf(item),
    itemOffered: withoutEmpty({
      '@type': 'Product',
      name: item.name,
      description: item.description ?? undefined,
      image: imageOf(item, list),
    }),
  };
}

export function priceListJsonLdData(content: PriceListContent, list: ListIdentity): JsonLd {
  const name = list.title ?? `${list.business} - Fiyat Listesi`;
  if (content.kind === 'catalog') {
    return {
      '@context': 'https://schema.org',
      '@type': 'OfferCatalog',
      name,
      url: list.url,
      itemListElement: content.sections.map((section) => ({
        '@type': 'OfferCatalog',
        name: section.name,
        itemListElement: section.items.map((item) => catalogOffer(item, list)),
      })),
    };
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'Menu',
    name,
    url: list.url,
    inLanguage: list.lang ?? 'tr',
    hasMenuSection: content.sections.map((section) => ({
      '@type': 'MenuSection',
      name: section.name,
      hasMenuItem: section.items.map((item) => menuItem(item, list)),
    })),
  };
}

export function priceListJsonLd(content: PriceListContent, list: ListIdentity): string {
  return scriptSafeJson(priceListJsonLdData(content, list));
}

/**
 * What the profile's own block says of the price list: `hasMenu` (its page's address) for a
 * café or restaurant, `hasOfferCatalog` for a shop; nothing without a visible item.
 */
export function priceListOfProfile(kind: PriceListKind | null, profileUrl: string): JsonLd {
  if (!kind) return {};
  const url = `${profileUrl}/fiyat-listesi`;
  return kind === 'menu'
    ? { hasMenu: url }
    : { hasOfferCatalog: { '@type': 'OfferCatalog', name: 'Fiyat Listesi', url } };
}
