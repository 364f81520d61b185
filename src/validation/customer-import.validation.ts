/**
 * The bulk import's file (docs/product.md, "Bulk import and customer CSV"): columns found by their header
 * in Turkish or English, every row checked by the rules of the forms it stands for (customer
 * creation for the names, the owner's profile form for the rest).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ValidationError } from '../errors.js';
import { fieldForHeader, IMPORT_COLUMN_NAMES, IMPORT_FIELDS, type ImportField } from '../domain/import-columns.js';
import { collect } from './field-text.js';
import { withoutFormulaGuard } from '../lib/csv.js';
import { readCsv, type CsvEncoding, type CsvFormat, type CsvSeparator } from './csv-file.js';
import { administratorEmail } from '../domain/admin-email.js';
import { parseNewCustomer } from './customer.validation.js';
import { parseProfileText } from './profile.validation.js';
import { IDENTITY_FIELDS, parseIdentityFields, type IdentityField } from './identity.validation.js';

export const IMPORT_MAX_ROWS = 1000;
export const IMPORT_MAX_BYTES = 1024 * 1024;

export const messages = {
  tooLarge: 'Dosya en fazla 1 MB olabilir. Dosyayı bölüp parça parça yükleyin.',
  // Said at the first row past the limit: the reading stops there, so the file's own count is not known.
  tooManyRows:
    `Bir dosyada en fazla ${IMPORT_MAX_ROWS.toLocaleString('tr-TR')} müşteri içe aktarılabilir; ` +
    `bu dosyada ${IMPORT_MAX_ROWS.toLocaleString('tr-TR')}'den fazla satır var. Dosyayı bölüp parça parça yükleyin.`,
  noRows: 'Dosyada sütun adlarının altında hiç müşteri satırı yok.',
  missingColumns: (names: string) =>
    `Dosyada zorunlu sütun bulunamadı: ${names}. İlk satırda sütun adları olmalı, örneğin: ` +
    `ad;soyad;telefon;e-posta;web;bio`,
  duplicateColumn: (name: string) => `"${name}" sütunu dosyada birden fazla kez var.`,
  postalCodePadded: (read: string, stored: string) => `Excel baştaki 0'ı silmiş: ${read}, ${stored} olarak alındı.`,
  assigneeNotEmail: 'Sorumlu, bir yöneticinin e-posta adresi olmalı (örneğin ayse@ajans.com).',
} as const;

/** A row ready to be created: the values as they will be stored. */
export interface ImportedCustomer {
  name: string;
  surname: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  bio: string | null;
  company: string | null;
  title: string | null;
  address_line: string | null;
  district: string | null;
  city: string | null;
  postal_code: string | null;
  /** The responsible administrator's e-mail as sign-in looks it up; whose it is, the import service reads. */
  assignee: string | null;
}

export interface ImportRow {
  /** The row number the spreadsheet shows. */
  row: number;
  /** What the cells hold (trimmed), for the preview of a refused row. */
  values: Record<ImportField, string>;
  /** The row's cells as read, every column, for the file of refused rows. */
  cells: string[];
  /** Set when every field passed. */
  customer: ImportedCustomer | null;
  errors: Partial<Record<ImportField, string>>;
  /** What was read differently from the cell, and why (a postal code Excel shortened). */
  notes: Partial<Record<ImportField, string>>;
  /** The administrator the `sorumlu` cell names, once the import service has found them. */
  assigneeId?: number;
  /** The company the `firma` cell names (by name or address), once the import service has found it. */
  joins?: { id: number; name: string } | { newName: string };
}

export interface ImportSheet {
  encoding: CsvEncoding;
  separator: CsvSeparator;
  /** How the file was written, to write its refused rows back the same way. */
  format: CsvFormat;
  /** The header's cells as read. */
  header: string[];
  rows: ImportRow[];
  /** Header cells no field matched: their columns are left out. */
  ignoredColumns: string[];
  /** The fields the file has a column for. */
  fields: ImportField[];
}

function refuse(message: string): never {
  throw new ValidationError({ file: message });
}

function columnsOf(header: readonly string[]): { columns: Map<ImportField, number>; ignored: string[] } {
  const columns = new Map<ImportField, number>();
  const ignored: string[] = [];
  header.forEach((cell, index) => {
    const field = fieldForHeader(cell);
    if (!field) {
      if (cell.trim() !== '') ignored.push(cell.trim());
      return;
    }
    if (columns.has(field)) refuse(messages.duplicateColumn(cell.trim()));
    columns.set(field, index);
  });
  const missing = (['name', 'surname'] as const).filter((field) => !columns.has(field));
  if (missing.length > 0)
    refuse(messages.missingColumns(missing.map((field) => `"${IMPORT_COLUMN_NAMES[field]}"`).join(' ve ')));
  return { columns, ignored };
}

/**
 * A postal code whose leading 0 Excel dropped (06100 read as the number 6100): every Turkish code is 5 digits, 01 to 81
 * first.
 */
const SHORTENED_POSTAL_CODE = /^[1-9]\d{3}$/;

/**
 * The identity cells as the identity form would receive them: a cell's line breaks (an address
 * typed over two lines in Excel) become spaces, and a shortened postal code gets its 0 back,
 * noted in `notes` so the preview says so.
 */
function identityInput(
  values: Readonly<Record<ImportField, string>>,
  notes: Partial<Record<ImportField, string>>,
): Record<IdentityField, string> {
  const input = Object.fromEntries(
    IDENTITY_FIELDS.map((field) => [field, values[field].replace(/\s*[\r\n]+\s*/g, ' ')]),
  ) as Record<IdentityField, string>;
  if (SHORTENED_POSTAL_CODE.test(input.postal_code)) {
    const padded = `0${input.postal_code}`;
    notes.postal_code = messages.postalCodePadded(input.postal_code, padded);
    input.postal_code = padded;
  }
  return input;
}

/** One row through the same checks as the admin's new-customer form, the owner's profile form and the identity form. */
export function parseImportRow(row: number, values: Record<ImportField, string>, cells: string[] = []): ImportRow {
  const errors: Partial<Record<ImportField, string>> = {};
  const notes: Partial<Record<ImportField, string>> = {};
  const names = collect(errors, () => parseNewCustomer({ name: values.name, surname: values.surname }));
  const profile = collect(errors, () =>
    parseProfileText({ phone: values.phone, email: values.email, website: values.website, bio: values.bio }),
  );
  const identity = collect(errors, () => parseIdentityFields(identityInput(values, notes)));
  const assignee = values.assignee === '' ? null : administratorEmail(values.assignee);
  if (assignee !== null && !/^[^@\s]+@[^@\s]+$/.test(assignee)) errors.assignee = messages.assigneeNotEmail;
  const customer: ImportedCustomer | null =
    names && profile && identity && Object.keys(errors).length === 0
      ? {
          ...names,
          phone: profile.phone ?? null,
          email: profile.email ?? null,
          website: profile.website ?? null,
          bio: profile.bio ?? null,
          ...(Object.fromEntries(IDENTITY_FIELDS.map((field) => [field, identity[field] ?? null])) as Record<
            IdentityField,
            string | null
          >),
          assignee,
        }
      : null;
  return { row, values, cells, customer, errors, notes };
}

/** Rows checked between two turns of the event loop: 1,000 rows at once held it for tens of milliseconds. */
const ROWS_PER_TURN = 100;

/** The whole file, every row checked; a file that cannot be imported at all is a ValidationError keyed `file`. */
export async function parseImportFile(bytes: Buffer): Promise<ImportSheet> {
  if (bytes.length > IMPORT_MAX_BYTES) refuse(messages.tooLarge);
  const sheet = await readCsv(bytes, { maxRows: IMPORT_MAX_ROWS, tooManyRows: messages.tooManyRows });
  const { columns, ignored } = columnsOf(sheet.header);
  if (sheet.records.length === 0) refuse(messages.noRows);
  const rows: ImportRow[] = [];
  for (const { row, cells } of sheet.records) {
    if (rows.length > 0 && rows.length % ROWS_PER_TURN === 0) await nextTurn();
    const values = Object.fromEntries(
      IMPORT_FIELDS.map((field) => {
        const index = columns.get(field);
        return [field, index === undefined ? '' : withoutFormulaGuard((cells[index] ?? '').trim())];
      }),
    ) as Record<ImportField, string>;
    rows.push(parseImportRow(row, values, cells));
  }
  const { encoding, separator, byteOrderMark, separatorLine } = sheet;
  return {
    encoding,
    separator,
    format: { encoding, separator, byteOrderMark, separatorLine },
    header: sheet.header,
    rows,
    ignoredColumns: ignored,
    fields: [...columns.keys()],
  };
}
