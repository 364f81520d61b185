/**
 * The bulk import's columns (docs/product.md, "Bulk import and customer CSV"): the fields a row may carry,
 * what the page calls them, and the header names a spreadsheet may give them.
 */
import { foldForSearch } from './slug.js';

export const IMPORT_FIELDS = [
  'name',
  'surname',
  'phone',
  'email',
  'website',
  'bio',
  'company',
  'title',
  'address_line',
  'district',
  'city',
  'postal_code',
  'assignee',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The header names the page suggests (Turkish, lower case). */
export const IMPORT_COLUMN_NAMES: Readonly<Record<ImportField, string>> = {
  name: 'ad',
  surname: 'soyad',
  phone: 'telefon',
  email: 'e-posta',
  website: 'web',
  bio: 'bio',
  company: 'firma',
  title: 'unvan',
  address_line: 'adres',
  district: 'ilce',
  city: 'il',
  postal_code: 'posta_kodu',
  assignee: 'sorumlu',
};

/** The preview table's column titles and the error list's field names. */
export const IMPORT_FIELD_LABELS: Readonly<Record<ImportField, string>> = {
  name: 'Ad',
  surname: 'Soyad',
  phone: 'Telefon',
  email: 'E-posta',
  website: 'Web',
  bio: 'Biyografi',
  company: 'İşletme adı',
  title: 'Unvan',
  address_line: 'Adres',
  district: 'İlçe',
  city: 'İl',
  postal_code: 'Posta kodu',
  assignee: 'Sorumlu',
};

/** Header names as headerKey leaves them. */
const HEADER_ALIASES: Readonly<Record<ImportField, readonly string[]>> = {
  name: ['ad', 'adi', 'isim', 'name', 'firstname', 'givenname'],
  surname: ['soyad', 'soyadi', 'soyisim', 'surname', 'lastname', 'familyname'],
  phone: [
    'telefon',
    'tel',
    'telefonno',
    'telefonnumarasi',
    'cep',
    'ceptelefonu',
    'gsm',
    'phone',
    'phonenumber',
    'mobile',
  ],
  email: ['eposta', 'epostaadresi', 'email', 'emailadresi', 'mail', 'emailaddress'],
  website: ['web', 'website', 'websitesi', 'webadresi', 'site', 'url', 'internetsitesi'],
  bio: ['bio', 'biyografi', 'aciklama', 'hakkinda', 'about'],
  company: [
    'firma',
    'firmaadi',
    'isletme',
    'isletmeadi',
    'sirket',
    'sirketadi',
    'company',
    'companyname',
    'business',
    'businessname',
    'organization',
  ],
  title: ['unvan', 'unvani', 'gorev', 'gorevi', 'pozisyon', 'title', 'jobtitle', 'position'],
  address_line: ['adres', 'adresi', 'acikadres', 'address', 'addressline', 'street', 'streetaddress'],
  district: ['ilce', 'ilcesi', 'district'],
  city: ['il', 'ili', 'sehir', 'city', 'province'],
  postal_code: ['postakodu', 'postalcode', 'postcode', 'zip', 'zipcode'],
  // The responsible administrator's e-mail (docs/product.md, Administrators and roles).
  assignee: ['sorumlu', 'sorumlueposta', 'sorumluyonetici', 'assignee', 'assigneeemail', 'accountmanager'],
};

const FIELD_BY_HEADER: ReadonlyMap<string, ImportField> = new Map(
  IMPORT_FIELDS.flatMap((field) => HEADER_ALIASES[field].map((alias) => [alias, field] as const)),
);

/**
 * A header cell folded as the admin search folds text (case, Turkish İ/ı, accents) with spaces
 * and punctuation removed: "E-Posta", "eposta" and "E POSTA" are one name.
 */
export function headerKey(raw: string): string {
  return foldForSearch(raw).replace(/ /g, '');
}

export function fieldForHeader(raw: string): ImportField | null {
  return FIELD_BY_HEADER.get(headerKey(raw)) ?? null;
}
