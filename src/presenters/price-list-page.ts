/**
 * What the price list's page and PDF show (docs/product.md, Price list): the business, the
 * "Son güncelleme" date, and the visible items of each category with their prices the Turkish
 * way (`125,50 ₺`) and their labels as text.
 */
import { displayPhone } from '../domain/phone-display.js';
import { labelOf } from '../domain/price-list-labels.js';
import { publicProfileUrl } from '../domain/profile-urls.js';
import { DEFAULT_BACKGROUND_COLOR, DEFAULT_DARK_BACKGROUND_COLOR } from '../shared/background-choices.js';
import type { Customer } from '../repositories/customer.repository.js';
import type { PriceListContent, PriceListKind } from '../repositories/price-list-read.repository.js';
import type { Profile } from '../repositories/profile.repository.js';
import { translatorFor, type Translator } from '../i18n/translator.js';
import { LANGUAGE_ENDONYMS, type Language } from '../i18n/languages.js';
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
  /** `tr` when the page is in another language and the owner has not translated the text: its element says so. */
  nameLang: 'tr' | null;
  description: string | null;
  descriptionLang: 'tr' | null;
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
  nameLang: 'tr' | null;
  items: PriceListItemView[];
}

export interface PriceListPage {
  kind: PriceListKind;
  /** The page's language and the card's (Turkish first), for `<html lang>`, hreflang and the switcher. */
  lang: Language;
  languages: Array<{ lang: Language; name: string }>;
  /** `og:locale`: `tr_TR`, `en_GB`, ... */
  ogLocale: string;
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

const dates = new Map<string, Intl.DateTimeFormat>();

/** "26 November 2026": a day as another language writes it, with its year (the Turkish page has its own way). */
export function dateIn(lang: Language, ms: number, timeZone: string): string {
  const key = `${lang}|${timeZone}`;
  let format = dates.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(translatorFor(lang).locale, { dateStyle: 'long', timeZone });
    dates.set(key, format);
  }
  return format.format(ms);
}

export function priceListUrl(origin: string, slug: string): string {
  return `${publicProfileUrl(origin, slug)}/fiyat-listesi`;
}

/** The language a list is presented in: its words, and the owner's texts in it (empty for Turkish). */
export interface PriceListLanguage {
  translator: Translator;
  /** TranslationRepository.textsOf: `price_category.{id}.name`, `price_item.{id}.name`, `.description`. */
  texts: ReadonlyMap<string, string>;
}

const OG_LOCALES: Readonly<Record<Language, string>> = {
  tr: 'tr_TR',
  en: 'en_GB',
  de: 'de_DE',
  ru: 'ru_RU',
  ar: 'ar_AR',
};

const TURKISH: PriceListLanguage = { translator: translatorFor('tr'), texts: new Map() };

/** An owner's text in the page's language when translated, else the Turkish one marked `tr`. */
function ownText(language: PriceListLanguage, subject: string, turkish: string): { text: string; lang: 'tr' | null } {
  const translated = language.texts.get(subject);
  if (translated) return { text: translated, lang: null };
  return { text: turkish, lang: language.translator.lang === 'tr' ? null : 'tr' };
}

/** The list with its owner's texts in the page's language where translated (the page and its JSON-LD show it). */
export function localizedContent(content: PriceListContent, language: PriceListLanguage): PriceListContent {
  if (language.texts.size === 0) return content;
  const text = (subject: string, turkish: string) => language.texts.get(subject) || turkish;
  return {
    ...content,
    sections: content.sections.map((section) => ({
      ...section,
      name: text(`price_category.${section.id}.name`, section.name),
      items: section.items.map((item) => ({
        ...item,
        name: text(`price_item.${item.id}.name`, item.name),
        description: item.description === null ? null : text(`price_item.${item.id}.description`, item.description),
      })),
    })),
  };
}

export function presentPriceList(
  customer: Customer,
  profile: Profile | null,
  content: PriceListContent,
  origin: string,
  formatDate: (ms: number) => string,
  /** STORAGE_PUBLIC_URL: the photos at a CDN or the bucket, as the profile's (upload-urls.ts); null keeps /uploads. */
  uploadsBase: string | null = null,
  language: PriceListLanguage = TURKISH,
): PriceListPage {
  const dark = profile?.darkMode ?? false;
  const { translator } = language;
  const sections = content.sections.map((section) => {
    const name = ownText(language, `price_category.${section.id}.name`, section.name);
    return {
      anchor: `kategori-${section.id}`,
      name: name.text,
      nameLang: name.lang,
      items: section.items.map((item) => {
        const itemName = ownText(language, `price_item.${item.id}.name`, item.name);
        const description =
          item.description === null ? null : ownText(language, `price_item.${item.id}.description`, item.description);
        return {
          name: itemName.text,
          nameLang: itemName.lang,
          description: description?.text ?? null,
          descriptionLang: description?.lang ?? null,
          price: translator.price(item.priceKurus),
          labels: item.labels.map(labelOf).filter((label): label is string => label !== undefined),
          soldOut: item.soldOut,
          photo: item.photoPath?.startsWith('/uploads/') ? publicUploadUrl(item.photoPath, uploadsBase) : null,
        };
      }),
    };
  });
  const business = businessNameOf(customer, profile);
  const url = priceListUrl(origin, customer.slug);
  return {
    kind: content.kind,
    lang: translator.lang,
    languages: (['tr', ...customer.languages] as Language[]).map((code) => ({
      lang: code,
      name: LANGUAGE_ENDONYMS[code],
    })),
    ogLocale: OG_LOCALES[translator.lang],
    business,
    slug: customer.slug,
    profileUrl: publicProfileUrl(origin, customer.slug),
    url,
    updated: content.updatedAt === null ? null : formatDate(content.updatedAt),
    dark,
    themeColor: dark ? DEFAULT_DARK_BACKGROUND_COLOR : DEFAULT_BACKGROUND_COLOR,
    sections,
    itemCount: sections.reduce((sum, section) => sum + section.items.length, 0),
    jsonLd: priceListJsonLd(localizedContent(content, language), {
      business,
      url,
      origin,
      uploadsBase,
      title: translator.t('priceList.pageTitle', { business }),
      lang: translator.lang,
    }),
    contact: contactOf(customer, profile),
    qr: { text: url, display: url.replace(/^https?:\/\//, '') },
  };
}
