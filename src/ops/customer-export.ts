import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import { ZipFile } from 'yazl';
import { dayKey } from '../lib/calendar.js';
import { csvLine } from '../lib/csv.js';
import type { Customer } from '../repositories/customer.repository.js';
import { CustomerExportRepository } from '../repositories/customer-export.repository.js';
import type { FileStorage, OpenFile } from '../storage/file-storage.js';

/*
 * One ZIP per customer for KVKK data portability. ZIP rather than .tar.gz because a shop
 * owner on Windows or a phone opens it with a double click. yazl writes it: small (one
 * dependency), streams entry by entry, and switches to ZIP64 by itself past 4 GiB.
 */

export interface CustomerExportDeps {
  db: Knex;
  storage: FileStorage;
  timeZone: string;
}

/** Raw views can run to millions: they go to a CSV, read a page at a time. */
const VIEWS_PAGE = 5000;
export const VIEWS_CSV = 'profile_views.csv';
export const FILES_DIR = 'files';

const README = `Bu arşiv, Vizit'te sizin adınıza tutulan verilerin tamamıdır (KVKK veri taşınabilirliği).

customer.json       Müşteri kaydı, profil, bağlantılar, iletişim düğmeleri, IBAN, anonim mesajlar,
                    günlük görüntülenme sayıları, günlük ziyaret kaynakları (QR, NFC, Instagram...)
                    ve bağlantı başına günlük tıklama sayıları, sayfanın dilleri ve metinlerinizin
                    çevirileri (tablolardaki satırlar olduğu gibi;
                    zamanlar 1970'ten bu yana milisaniye). Düzenleme bağlantısının anahtarı bir
                    giriş bilgisi olduğu için dahil edilmedi.
${VIEWS_CSV}   Her profil görüntülenmesi: kimlik ve zaman (ziyaretçiye dair başka bilgi tutulmaz).
${FILES_DIR}/              Yüklediğiniz dosyalar (fotoğraflar, kapak, arka plan, kataloglar).
`;

/** `{slug}-veriler-{YYYYMMDD}.zip`, dated on the app's calendar. */
export function exportFileName(slug: string, now: Date, timeZone: string): string {
  return `${slug}-veriler-${dayKey(now.getTime(), timeZone).replace(/-/g, '')}.zip`;
}

/**
 * Rows of customer.json's lists read at a time: messages alone can run to tens of megabytes, and a page is made without
 * a pause (a thousand took up to 110 ms).
 */
const JSON_PAGE = 250;

/** One entry of customer.json: a value read up front, or a list of rows read a page at a time. */
type Entry = [key: string, value: unknown] | [key: string, pages: () => AsyncGenerator<object[]>];

/**
 * Every row of the customer's tables. The edit token is left out: it is a credential (whoever
 * holds it can edit the page), not data about the customer, and an export travels by e-mail.
 */
async function customerDocument(
  rows: CustomerExportRepository,
  customerId: number,
  now: Date,
  files: string[],
  views: number,
): Promise<Entry[]> {
  const byId = (table: string) => () => rows.pagesById(table, customerId, JSON_PAGE);
  const inOrder =
    (table: string, ...columns: string[]) =>
    () =>
      rows.pagesInOrder(table, customerId, columns, JSON_PAGE);
  return [
    ['exported_at', now.toISOString()],
    ['customer', await rows.customer(customerId)],
    ['customer_profile', await rows.rowOf('customer_profiles', customerId)],
    ['social_links', byId('social_links')],
    ['contact_buttons', byId('contact_buttons')],
    ['iban_info', await rows.rowOf('iban_info', customerId)],
    // The opening hours (docs/product.md, Opening hours): the week and the closed dates as the JSON they are stored in.
    ['opening_hours', await rows.rowOf('opening_hours', customerId)],
    ['anonymous_messages', byId('anonymous_messages')],
    // Contact exchange (docs/product.md, Contact exchange): the form's settings, every version of its information text,
    // the leads and their day counters.
    ['lead_settings', await rows.rowOf('lead_settings', customerId)],
    ['lead_notices', inOrder('lead_notices', 'version')],
    ['leads', byId('leads')],
    ['lead_days', inOrder('lead_days', 'day')],
    // The price list (docs/product.md, Price list): its kind and "Son güncelleme", then the categories and items.
    ['price_list', await rows.rowOf('price_lists', customerId)],
    ['price_list_categories', byId('price_list_categories')],
    ['price_list_items', byId('price_list_items')],
    // The owner's texts in the card's other languages (docs/product.md, Languages); the languages are on `customer`.
    ['translations', inOrder('translations', 'subject', 'lang')],
    ['profile_view_days', inOrder('profile_view_days', 'day')],
    ['view_source_days', inOrder('view_source_days', 'day', 'source')],
    ['link_click_days', inOrder('link_click_days', 'day', 'link_id')],
    // The customer's old addresses, each answering 301 to the current one (docs/product.md, Administrator).
    ['slug_redirects', inOrder('slug_redirects', 'created_at', 'old_slug')],
    ['profile_views', { count: views, file: VIEWS_CSV }],
    ['files', files.map((name) => `${FILES_DIR}/${name}`)],
  ];
}

/** `text` (a JSON value) with its lines after the first indented by `spaces`, to sit inside an outer value. */
function nested(text: string, spaces: number): string {
  return text.replace(/\n/g, `\n${' '.repeat(spaces)}`);
}

/** customer.json as `JSON.stringify(document, null, 2)` writes it, made a page of rows at a time. */
async function* customerJson(entries: Entry[]): AsyncGenerator<string> {
  yield '{';
  for (const [i, [key, value]] of entries.entries()) {
    yield `${i === 0 ? '' : ','}\n  ${JSON.stringify(key)}: `;
    if (typeof value !== 'function') {
      yield nested(JSON.stringify(value, null, 2), 2);
      continue;
    }
    let rows = 0;
    for await (const page of (value as () => AsyncGenerator<object[]>)()) {
      yield page.map((row) => `${rows++ === 0 ? '[' : ','}\n    ${nested(JSON.stringify(row, null, 2), 4)}`).join('');
    }
    yield rows === 0 ? '[]' : '\n  ]';
  }
  yield '\n}\n';
}

/** The views as CSV, keyset-paged by id so that memory stays flat however many there are. */
async function* viewsCsv(rows: CustomerExportRepository, customerId: number): AsyncGenerator<string> {
  yield csvLine(['id', 'customer_id', 'viewed_at', 'viewed_at_utc'], ',', '\n');
  for await (const page of rows.viewPages(customerId, VIEWS_PAGE)) {
    yield page
      .map((view) => csvLine([view.id, customerId, view.viewedAt, new Date(view.viewedAt).toISOString()], ',', '\n'))
      .join('');
  }
}

export interface CustomerExport {
  fileName: string;
  /** Writes the ZIP to `out` and closes every file it opened, also when the copy fails. */
  pipeTo(out: Writable): Promise<void>;
}

/**
 * Reads what the export needs before a byte is sent (so a failure can still become an error
 * page); the views and the files are streamed by pipeTo. The files are opened up front, so the
 * archive never lists a file it then cannot deliver.
 */
export async function prepareCustomerExport(
  deps: CustomerExportDeps,
  customer: Customer,
  now: Date,
): Promise<CustomerExport> {
  const files = await deps.storage.openCustomerFiles(customer.id);
  try {
    const rows = new CustomerExportRepository(deps.db);
    const views = await rows.viewCount(customer.id);
    const document = await customerDocument(
      rows,
      customer.id,
      now,
      files.map((f) => f.name),
      views,
    );
    return {
      fileName: exportFileName(customer.slug, now, deps.timeZone),
      pipeTo: (out) => writeZip(rows, customer.id, document, files, out),
    };
  } catch (err) {
    await Promise.all(files.map((f) => f.close()));
    throw err;
  }
}

async function writeZip(
  rows: CustomerExportRepository,
  customerId: number,
  document: Entry[],
  files: OpenFile[],
  out: Writable,
): Promise<void> {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  // yazl pipes entry streams without forwarding their errors: a failed source ends the download.
  const fail = (err: Error) => output.destroy(err);
  zip.on('error', fail);
  try {
    zip.addBuffer(Buffer.from(README, 'utf8'), 'BENIOKU.txt');
    zip.addReadStream(Readable.from(customerJson(document)).on('error', fail), 'customer.json');
    const csv = Readable.from(viewsCsv(rows, customerId)).on('error', fail);
    zip.addReadStream(csv, VIEWS_CSV);
    for (const file of files) {
      // Photos and PDFs are compressed already; storing them saves CPU for nothing lost.
      zip.addReadStreamLazy(
        `${FILES_DIR}/${file.name}`,
        { size: file.size, mtime: file.mtime, compress: false },
        (cb) => {
          cb(null, file.createReadStream().on('error', fail));
        },
      );
    }
    zip.end();
    await pipeline(output, out);
  } finally {
    await Promise.all(files.map((f) => f.close()));
  }
}
