import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import { ZipFile } from 'yazl';
import { dayKey } from '../lib/calendar.js';
import { csvLine } from '../lib/csv.js';
import type { Customer } from '../repositories/customer.repository.js';
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
                    ve bağlantı başına günlük tıklama sayıları (tablolardaki satırlar olduğu gibi;
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

/** The customer's rows of `table` in id order, a page at a time (keyset paging, flat however many). */
function rowsById(db: Knex, table: string, customerId: number): () => AsyncGenerator<object[]> {
  return async function* pages() {
    for (let after = 0; ;) {
      const rows: Array<{ id: number }> = await db(table)
        .where({ customer_id: customerId })
        .andWhere('id', '>', after)
        .orderBy('id')
        .limit(JSON_PAGE);
      if (rows.length === 0) return;
      yield rows;
      after = Number(rows[rows.length - 1]!.id);
    }
  };
}

/** The rows of `query` in its order, a page at a time (the day tables have no id to page by). */
function rowsInOrder(query: () => Knex.QueryBuilder): () => AsyncGenerator<object[]> {
  return async function* pages() {
    for (let offset = 0; ; offset += JSON_PAGE) {
      const rows = (await query().limit(JSON_PAGE).offset(offset)) as object[];
      if (rows.length > 0) yield rows;
      if (rows.length < JSON_PAGE) return;
    }
  };
}

/**
 * Every row of the customer's tables. The edit token is left out: it is a credential (whoever
 * holds it can edit the page), not data about the customer, and an export travels by e-mail.
 */
async function customerDocument(
  db: Knex,
  customerId: number,
  now: Date,
  files: string[],
  views: number,
): Promise<Entry[]> {
  const ofCustomer = (table: string) => () => db(table).where({ customer_id: customerId });
  // Not the secret edit link, nor search_text (folded copies of the name, business, phone, e-mail and addresses, for
  // the admin search).
  const {
    edit_token: _credential,
    search_text: _folded,
    ...customer
  } = (await db('customers').where({ id: customerId }).first()) as Record<string, unknown>;
  return [
    ['exported_at', now.toISOString()],
    ['customer', customer],
    ['customer_profile', (await db('customer_profiles').where({ customer_id: customerId }).first()) ?? null],
    ['social_links', rowsById(db, 'social_links', customerId)],
    ['contact_buttons', rowsById(db, 'contact_buttons', customerId)],
    ['iban_info', (await db('iban_info').where({ customer_id: customerId }).first()) ?? null],
    // The opening hours (docs/product.md, Opening hours): the week and the closed dates as the JSON they are stored in.
    ['opening_hours', (await db('opening_hours').where({ customer_id: customerId }).first()) ?? null],
    ['anonymous_messages', rowsById(db, 'anonymous_messages', customerId)],
    // Contact exchange (docs/product.md, Contact exchange): the form's settings, every version of its information text,
    // the leads and their day counters.
    ['lead_settings', (await db('lead_settings').where({ customer_id: customerId }).first()) ?? null],
    ['lead_notices', rowsInOrder(() => ofCustomer('lead_notices')().orderBy('version'))],
    ['leads', rowsById(db, 'leads', customerId)],
    ['lead_days', rowsInOrder(() => ofCustomer('lead_days')().orderBy('day'))],
    // The price list (docs/product.md, Price list): its kind and "Son güncelleme", then the categories and items.
    ['price_list', (await db('price_lists').where({ customer_id: customerId }).first()) ?? null],
    ['price_list_categories', rowsById(db, 'price_list_categories', customerId)],
    ['price_list_items', rowsById(db, 'price_list_items', customerId)],
    ['profile_view_days', rowsInOrder(() => ofCustomer('profile_view_days')().orderBy('day'))],
    ['view_source_days', rowsInOrder(() => ofCustomer('view_source_days')().orderBy(['day', 'source']))],
    ['link_click_days', rowsInOrder(() => ofCustomer('link_click_days')().orderBy(['day', 'link_id']))],
    // The customer's old addresses, each answering 301 to the current one (docs/product.md, Administrator).
    ['slug_redirects', rowsInOrder(() => ofCustomer('slug_redirects')().orderBy(['created_at', 'old_slug']))],
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
async function* viewsCsv(db: Knex, customerId: number): AsyncGenerator<string> {
  yield csvLine(['id', 'customer_id', 'viewed_at', 'viewed_at_utc'], ',', '\n');
  let after = 0;
  for (;;) {
    const rows: Array<{ id: number; viewed_at: number | string }> = await db('profile_views')
      .select('id', 'viewed_at')
      .where({ customer_id: customerId })
      .andWhere('id', '>', after)
      .orderBy('id')
      .limit(VIEWS_PAGE);
    if (rows.length === 0) return;
    yield rows
      .map((r) =>
        csvLine(
          [Number(r.id), customerId, Number(r.viewed_at), new Date(Number(r.viewed_at)).toISOString()],
          ',',
          '\n',
        ),
      )
      .join('');
    after = Number(rows[rows.length - 1]!.id);
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
    const counted = await deps.db('profile_views').where({ customer_id: customer.id }).count({ count: '*' });
    const views = Number(counted[0]?.count ?? 0);
    const document = await customerDocument(
      deps.db,
      customer.id,
      now,
      files.map((f) => f.name),
      views,
    );
    return {
      fileName: exportFileName(customer.slug, now, deps.timeZone),
      pipeTo: (out) => writeZip(deps.db, customer.id, document, files, out),
    };
  } catch (err) {
    await Promise.all(files.map((f) => f.close()));
    throw err;
  }
}

async function writeZip(
  db: Knex,
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
    const csv = Readable.from(viewsCsv(db, customerId)).on('error', fail);
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
