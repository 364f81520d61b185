/** What the public team page shows (docs/product.md, Companies), made from the company and its active members. */
import { publicProfileUrl } from '../domain/profile-urls.js';
import type { Language } from '../i18n/languages.js';
import { translatorFor, type Translator } from '../i18n/translator.js';
import { initials } from '../lib/initials.js';
import type { TeamCompany, TeamMember } from '../repositories/team-page.repository.js';
import { UPLOADS_URL_PREFIX } from '../storage/file-storage.js';
import { presentIdentity, type AddressView } from './profile-identity.js';
import { scriptSafeJson } from './profile-json-ld.js';
import { publicUploadUrl } from './upload-urls.js';

export interface TeamMemberView {
  fullName: string;
  title: string | null;
  /** `/{slug}`: the member's own page. */
  href: string;
  photo: string | null;
  initials: string;
}

export interface TeamPage {
  /** The page's language (docs/product.md, Languages) and its `og:locale` (`en_GB`). */
  lang: Language;
  ogLocale: string;
  name: string;
  /** The template's business name when it differs from the company's name. */
  business: string | null;
  slug: string;
  url: string;
  description: string;
  logo: string | null;
  address: AddressView | null;
  members: TeamMemberView[];
  /** The schema.org `Organization`, safe inside its script element. */
  jsonLd: string;
}

/** An upload's address (`/uploads/…`, or a storage key under it), at the public base when set; null for none. */
function uploadUrl(value: string | null, base: string | null): string | null {
  if (!value) return null;
  const path = value.startsWith('/') ? value : `${UPLOADS_URL_PREFIX}${value}`;
  return path.startsWith(UPLOADS_URL_PREFIX) ? publicUploadUrl(path, base) : null;
}

/** An address's own origin for JSON-LD: a relative upload path made absolute. */
function absolute(url: string, origin: string): string {
  return url.startsWith('/') ? `${origin}${url}` : url;
}

export function presentTeamPage(
  company: TeamCompany,
  members: readonly TeamMember[],
  origin: string,
  uploadsBase: string | null = null,
  translator: Translator = translatorFor('tr'),
): TeamPage {
  const { address } = presentIdentity({ ...company, title: null, company: null });
  const logo = uploadUrl(company.logoPath, uploadsBase);
  const url = publicProfileUrl(origin, company.slug);
  const views = members.map((m) => ({
    fullName: `${m.name} ${m.surname}`,
    title: m.title,
    href: `/${m.slug}`,
    photo: m.photo?.startsWith(UPLOADS_URL_PREFIX) ? publicUploadUrl(m.photo, uploadsBase) : null,
    initials: initials(m.name, m.surname),
  }));
  const postal =
    company.addressLine || company.district || company.city || company.postalCode
      ? {
          '@type': 'PostalAddress',
          streetAddress: company.addressLine ?? undefined,
          addressLocality: company.district ?? undefined,
          addressRegion: company.city ?? undefined,
          postalCode: company.postalCode ?? undefined,
          addressCountry: 'TR',
        }
      : undefined;
  const jsonLd = scriptSafeJson({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: company.name,
    ...(company.company && company.company !== company.name ? { legalName: company.company } : {}),
    url,
    ...(logo ? { logo: absolute(logo, origin) } : {}),
    ...(postal ? { address: postal } : {}),
    employee: views.map((m) => ({
      '@type': 'Person',
      name: m.fullName,
      ...(m.title ? { jobTitle: m.title } : {}),
      url: publicProfileUrl(origin, m.href.slice(1)),
    })),
  });
  return {
    name: company.name,
    business: company.company && company.company !== company.name ? company.company : null,
    slug: company.slug,
    url,
    description: translator.t('team.description', { name: company.name, count: members.length }),
    lang: translator.lang,
    ogLocale: translator.locale.replace('-', '_'),
    logo,
    address,
    members: views,
    jsonLd,
  };
}
