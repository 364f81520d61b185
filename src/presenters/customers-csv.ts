import { csvDocument, type CsvValue } from '../lib/csv.js';
import { editUrl, publicProfileUrl } from '../domain/profile-urls.js';
import { IMPORT_COLUMN_NAMES } from '../domain/import-columns.js';
import type { Customer } from '../repositories/customer.repository.js';
import { nationalPhone } from '../domain/phone-display.js';
import type { CustomerContact, CustomerIdentity } from '../repositories/customer-batch.repository.js';

/**
 * The contact fields, bio, business and address follow the customer's own columns, under the names the bulk
 * import reads: an export re-imported gives every one of them back.
 */
export const CUSTOMERS_CSV_HEADER = [
  'ad',
  'soyad',
  'slug',
  'durum',
  'olusturma',
  'profil_url',
  'duzenleme_url',
  IMPORT_COLUMN_NAMES.phone,
  IMPORT_COLUMN_NAMES.email,
  IMPORT_COLUMN_NAMES.website,
  IMPORT_COLUMN_NAMES.bio,
  IMPORT_COLUMN_NAMES.company,
  IMPORT_COLUMN_NAMES.title,
  IMPORT_COLUMN_NAMES.address_line,
  IMPORT_COLUMN_NAMES.district,
  IMPORT_COLUMN_NAMES.city,
  IMPORT_COLUMN_NAMES.postal_code,
] as const;

export type CsvCustomer = Pick<Customer, 'name' | 'surname' | 'slug' | 'editToken' | 'isActive' | 'createdAt'> & {
  identity: CustomerIdentity;
  contact: CustomerContact;
};

const stampFormats = new Map<string, Intl.DateTimeFormat>();

/** `YYYY-MM-DD HH:MM` in the given zone: what every spreadsheet reads as a date and time. */
export function csvTimestamp(ms: number, timeZone: string): string {
  let format = stampFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    stampFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

/**
 * `customers.csv` (docs/product.md, "Bulk import and customer CSV"): one row a customer with both of its
 * addresses; names are text people typed, and every field is defused by csvField (a leading `=` never runs).
 */
export function customersCsv(customers: readonly CsvCustomer[], origin: string, timeZone: string): string {
  return customersCsvHead() + customersCsvLines(customers, origin, timeZone);
}

/** The byte order mark and the header line: how the file starts. */
export function customersCsvHead(): string {
  return csvDocument([[...CUSTOMERS_CSV_HEADER]]);
}

/**
 * The phone as dialled from Turkey (`0532 123 45 67`: read back by the import, never taken for a formula or a
 * number), the e-mail, website and bio as stored, an empty cell for a field not given.
 */
function contactCells(contact: CustomerContact): CsvValue[] {
  return [
    contact.phone === null ? '' : nationalPhone(contact.phone),
    contact.email ?? '',
    contact.website ?? '',
    contact.bio ?? '',
  ];
}

/** The business and address in the header's order, an empty cell for a field not given. */
function identityCells(identity: CustomerIdentity): CsvValue[] {
  return [
    identity.company,
    identity.title,
    identity.addressLine,
    identity.district,
    identity.city,
    identity.postalCode,
  ].map((value) => value ?? '');
}

/** The customers' lines, to follow the head (a document without its byte order mark). */
export function customersCsvLines(customers: readonly CsvCustomer[], origin: string, timeZone: string): string {
  const rows = customers.map((c): CsvValue[] => [
    c.name,
    c.surname,
    c.slug,
    c.isActive ? 'aktif' : 'pasif',
    csvTimestamp(c.createdAt, timeZone),
    publicProfileUrl(origin, c.slug),
    editUrl(origin, c.editToken),
    ...contactCells(c.contact),
    ...identityCells(c.identity),
  ]);
  return rows.length === 0 ? '' : csvDocument(rows).slice(1);
}

/** `musteriler-YYYYMMDD.csv`, dated by the day it was made. */
export function customersCsvFileName(nowMs: number, timeZone: string): string {
  return `musteriler-${csvTimestamp(nowMs, timeZone).slice(0, 10).replace(/-/g, '')}.csv`;
}
