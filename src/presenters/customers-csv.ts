import { csvDocument, type CsvValue } from '../lib/csv.js';
import { editUrl, publicProfileUrl } from '../domain/profile-urls.js';
import type { Customer } from '../repositories/customer.repository.js';

export const CUSTOMERS_CSV_HEADER = ['ad', 'soyad', 'slug', 'durum', 'olusturma', 'profil_url', 'duzenleme_url'] as const;

export type CsvCustomer = Pick<Customer, 'name' | 'surname' | 'slug' | 'editToken' | 'isActive' | 'createdAt'>;

const stampFormats = new Map<string, Intl.DateTimeFormat>();

/** `YYYY-MM-DD HH:MM` in the given zone: what every spreadsheet reads as a date and time. */
export function csvTimestamp(ms: number, timeZone: string): string {
  let format = stampFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
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
  ]);
  return rows.length === 0 ? '' : csvDocument(rows).slice(1);
}

/** `musteriler-YYYYMMDD.csv`, dated by the day it was made. */
export function customersCsvFileName(nowMs: number, timeZone: string): string {
  return `musteriler-${csvTimestamp(nowMs, timeZone).slice(0, 10).replace(/-/g, '')}.csv`;
}
