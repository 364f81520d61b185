/**
 * A price list from a spreadsheet (docs/product.md, Price list): columns `kategori;urun;aciklama;fiyat`
 * and optional `etiketler`, read by csv-file.ts (UTF-8 with or without a byte order mark, or
 * Windows-1254; `;`, `,` or tab). Each row is checked by the editor's own rules for an item, and the
 * list's limits are checked against what the customer already has.
 */
import { parseLabels } from '../domain/price-list-labels.js';
import { foldForSearch } from '../domain/slug.js';
import { ValidationError } from '../errors.js';
import { withoutFormulaGuard } from '../lib/csv.js';
import { PRICE_LIST_MAX_CATEGORIES, PRICE_LIST_MAX_ITEMS } from '../shared/price-list-limits.js';
import { PRICE_IMPORT_FIELDS, PRICE_IMPORT_LABELS, type PriceImportField } from '../domain/price-import-columns.js';
import { EXTRA_LANGUAGES, LANGUAGE_NAMES_TR, type ExtraLanguage } from '../i18n/languages.js';
import { readCsv, type CsvFormat, type CsvSheet } from './csv-file.js';
import { refusedRowsCsv, type RefusedRowsFile } from './import-refused-rows.js';
import {
  isRefused,
  readCategoryName,
  readItemDescription,
  readItemName,
  readItemPrice,
} from './price-list.validation.js';
import { readTranslation, type TextKind } from './translation.validation.js';

export const priceImportMessages = {
  tooManyRows: `Dosyada en fazla ${PRICE_LIST_MAX_ITEMS} ürün satırı olabilir.`,
  missingColumns: (names: string[]) =>
    `Dosyada şu sütunlar yok: ${names.join(', ')}. İlk satır kategori;urun;aciklama;fiyat olmalı (etiketler ` +
    `isteğe bağlı).`,
  noRows: 'Dosyada ürün satırı yok.',
  unknownLabels: (labels: string[]) => `Tanınmayan etiket: ${labels.join(', ')}.`,
  tooManyItems: (total: number) =>
    `Fiyat listesinde en fazla ${PRICE_LIST_MAX_ITEMS} ürün olabilir; içe aktarmayla ${total} ürün olurdu.`,
  tooManyCategories: (total: number) =>
    `Fiyat listesinde en fazla ${PRICE_LIST_MAX_CATEGORIES} kategori olabilir; içe aktarmayla ${total} ` +
    `kategori olurdu.`,
} as const;

export type { PriceImportField };

/** Header names, folded (`Ürün`, `URUN`, `açıklama` alike), to the column they are. */
const COLUMN_NAMES: ReadonlyMap<string, PriceImportField> = new Map([
  ['kategori', 'kategori'],
  ['category', 'kategori'],
  ['urun', 'urun'],
  ['urun adi', 'urun'],
  ['ad', 'urun'],
  ['name', 'urun'],
  ['item', 'urun'],
  ['aciklama', 'aciklama'],
  ['description', 'aciklama'],
  ['fiyat', 'fiyat'],
  ['price', 'fiyat'],
  ['etiketler', 'etiketler'],
  ['etiket', 'etiketler'],
  ['labels', 'etiketler'],
]);
const REQUIRED: readonly PriceImportField[] = ['kategori', 'urun', 'aciklama', 'fiyat'];

/** The columns a translation may be in (`urun_en`, `aciklama_de`, `kategori_ru`), and the text each is of. */
export type TranslatedField = 'kategori' | 'urun' | 'aciklama';
const TRANSLATED: Readonly<Record<TranslatedField, TextKind>> = {
  kategori: 'category',
  urun: 'name',
  aciklama: 'description',
};

/** A translation column of the file: `urun_en`, what the preview calls it (`Ürün (İngilizce)`), where it is. */
export interface TranslationColumn {
  name: string;
  field: TranslatedField;
  lang: ExtraLanguage;
  label: string;
}

/** The translation columns in a CSV's order, for the export and the import alike. */
export function translationColumnsOf(languages: readonly ExtraLanguage[]): TranslationColumn[] {
  return languages.flatMap((lang) =>
    (Object.keys(TRANSLATED) as TranslatedField[]).map((field) => ({
      name: `${field}_${lang}`,
      field,
      lang,
      label: `${PRICE_IMPORT_LABELS[field]} (${LANGUAGE_NAMES_TR[lang]})`,
    })),
  );
}

const TRANSLATION_COLUMNS: ReadonlyMap<string, TranslationColumn> = new Map(
  translationColumnsOf(EXTRA_LANGUAGES).map((column) => [column.name, column]),
);

/** One row as read, and what became of it. */
export interface PriceImportRow {
  /** The spreadsheet's row number (the header is 1). */
  row: number;
  cells: Record<PriceImportField, string>;
  /** The row's cells as read, every column, for the file of refused rows. */
  read: string[];
  category: string;
  name: string;
  description: string | null;
  priceKurus: number | null;
  labels: string[];
  errors: Partial<Record<PriceImportField, string>>;
  /** The translation columns' texts by column name (`urun_en`), as stored when they passed, as typed when not. */
  translated: Record<string, string>;
  translationErrors: Record<string, string>;
}

export interface PriceImportSheet {
  encoding: CsvSheet['encoding'];
  separator: CsvSheet['separator'];
  /** How the file was written, to write its refused rows back the same way. */
  format: CsvFormat;
  /** The header's cells as read. */
  header: string[];
  hasLabels: boolean;
  /** The file's translation columns, in its order. */
  translationColumns: TranslationColumn[];
  rows: PriceImportRow[];
  /** A refusal of the whole file (the limits), shown above the rows. */
  limitError: string | null;
  /** The limits with the valid rows alone imported (`mode=valid_only`). */
  validOnlyLimitError: string | null;
}

/** What the customer's list holds now, for the limits. */
export interface ExistingList {
  items: number;
  /** Category names, as `categoryKey` folds them. */
  categoryKeys: ReadonlySet<string>;
}

/** Categories are matched by name, case and Turkish letters aside (`İÇECEKLER` is `içecekler`). */
export function categoryKey(name: string): string {
  return name.trim().toLocaleLowerCase('tr');
}

function refuseFile(message: string): never {
  throw new ValidationError({ file: message });
}

function columnsOf(header: readonly string[]): Map<PriceImportField, number> {
  const columns = new Map<PriceImportField, number>();
  header.forEach((name, i) => {
    const field = COLUMN_NAMES.get(foldForSearch(name.replace(/^\uFEFF/, '')));
    if (field && !columns.has(field)) columns.set(field, i);
  });
  const missing = REQUIRED.filter((field) => !columns.has(field));
  if (missing.length > 0) refuseFile(priceImportMessages.missingColumns(missing));
  return columns;
}

/** The file's translation columns (`urun_en`, ...), by where they are; a repeated one is read once. */
function translationColumnsIn(header: readonly string[]): Array<{ column: TranslationColumn; at: number }> {
  const found = new Map<string, { column: TranslationColumn; at: number }>();
  header.forEach((name, at) => {
    const column = TRANSLATION_COLUMNS.get(foldForSearch(name.replace(/^\uFEFF/, '')).replace(/\s+/g, '_'));
    if (column && !found.has(column.name)) found.set(column.name, { column, at });
  });
  return [...found.values()];
}

/** A row's translation cells, each by the rule of the Turkish text it translates. */
function checkTranslations(
  cells: ReadonlyMap<string, string>,
): Pick<PriceImportRow, 'translated' | 'translationErrors'> {
  const translated: Record<string, string> = {};
  const translationErrors: Record<string, string> = {};
  for (const [name, raw] of cells) {
    const column = TRANSLATION_COLUMNS.get(name)!;
    const read = readTranslation(raw, TRANSLATED[column.field]);
    if ('error' in read) {
      translationErrors[name] = read.error;
      translated[name] = raw.trim();
    } else translated[name] = read.text;
  }
  return { translated, translationErrors };
}

/** One row through the item editor's own rules (price-list.validation.ts), every problem at once. */
function checkRow(
  row: number,
  cells: Record<PriceImportField, string>,
  read: string[],
  translationCells: ReadonlyMap<string, string>,
): PriceImportRow {
  const errors: PriceImportRow['errors'] = {};
  const category = readCategoryName(cells.kategori);
  if (isRefused(category)) errors.kategori = category.error;
  const name = readItemName(cells.urun);
  if (isRefused(name)) errors.urun = name.error;
  const description = readItemDescription(cells.aciklama);
  if (isRefused(description)) errors.aciklama = description.error;
  const price = readItemPrice(cells.fiyat);
  if (isRefused(price)) errors.fiyat = price.error;
  const parsed = parseLabels(cells.etiketler);
  if (!parsed.ok) errors.etiketler = priceImportMessages.unknownLabels(parsed.unknown);
  return {
    row,
    cells,
    read,
    category: isRefused(category) ? cells.kategori.trim() : category,
    name: isRefused(name) ? cells.urun.trim() : name,
    description: isRefused(description) ? null : description,
    priceKurus: isRefused(price) ? null : price,
    labels: parsed.ok ? parsed.codes : [],
    errors,
    ...checkTranslations(translationCells),
  };
}

/** The limits after the import: items and categories appended to what there is, or in place of it. */
function limitErrorOf(rows: readonly PriceImportRow[], existing: ExistingList, replace: boolean): string | null {
  const items = rows.length + (replace ? 0 : existing.items);
  if (items > PRICE_LIST_MAX_ITEMS) return priceImportMessages.tooManyItems(items);
  const keys = new Set(replace ? [] : existing.categoryKeys);
  for (const row of rows) if (row.category !== '') keys.add(categoryKey(row.category));
  return keys.size > PRICE_LIST_MAX_CATEGORIES ? priceImportMessages.tooManyCategories(keys.size) : null;
}

/** Reads and checks the file; a file that cannot be read at all is a ValidationError keyed `file`. */
export async function readPriceImport(
  bytes: Buffer,
  existing: ExistingList,
  replace: boolean,
): Promise<PriceImportSheet> {
  const sheet = await readCsv(bytes, { maxRows: PRICE_LIST_MAX_ITEMS, tooManyRows: priceImportMessages.tooManyRows });
  const columns = columnsOf(sheet.header);
  const translations = translationColumnsIn(sheet.header);
  const cell = (cells: readonly string[], field: PriceImportField) => {
    const at = columns.get(field);
    return at === undefined ? '' : withoutFormulaGuard(cells[at] ?? '');
  };
  const rows = sheet.records.map(({ row, cells }) =>
    checkRow(
      row,
      {
        kategori: cell(cells, 'kategori'),
        urun: cell(cells, 'urun'),
        aciklama: cell(cells, 'aciklama'),
        fiyat: cell(cells, 'fiyat'),
        etiketler: cell(cells, 'etiketler'),
      },
      cells,
      new Map(translations.map(({ column, at }) => [column.name, withoutFormulaGuard(cells[at] ?? '')])),
    ),
  );
  if (rows.length === 0) refuseFile(priceImportMessages.noRows);
  const { encoding, separator, byteOrderMark, separatorLine } = sheet;
  return {
    encoding,
    separator,
    format: { encoding, separator, byteOrderMark, separatorLine },
    header: sheet.header,
    hasLabels: columns.has('etiketler'),
    translationColumns: translations.map(({ column }) => column),
    rows,
    limitError: limitErrorOf(rows, existing, replace),
    validOnlyLimitError: limitErrorOf(validRows(rows), existing, replace),
  };
}

export function isValidRow(row: PriceImportRow): boolean {
  return Object.keys(row.errors).length === 0 && Object.keys(row.translationErrors).length === 0;
}

export function validRows(rows: readonly PriceImportRow[]): PriceImportRow[] {
  return rows.filter(isValidRow);
}

/** Whether the file may be imported as it is: no row with an error, the limits kept. */
export function isImportable(sheet: PriceImportSheet): boolean {
  return sheet.limitError === null && sheet.rows.every(isValidRow);
}

/** Whether its valid rows alone may be imported: some row refused, some valid, the limits kept with the valid ones. */
export function isImportableValidOnly(sheet: PriceImportSheet): boolean {
  return sheet.validOnlyLimitError === null && sheet.rows.some(isValidRow) && !sheet.rows.every(isValidRow);
}

/** Each refused field with the preview's words: `Fiyat: Fiyat eksi olamaz.` */
function reasonsOf(row: PriceImportRow): string {
  return [
    ...PRICE_IMPORT_FIELDS.flatMap((field) =>
      row.errors[field] ? [`${PRICE_IMPORT_LABELS[field]}: ${row.errors[field]}`] : [],
    ),
    ...Object.entries(row.translationErrors).map(
      ([name, error]) => `${TRANSLATION_COLUMNS.get(name)?.label ?? name}: ${error}`,
    ),
  ].join(' ');
}

/** The refused rows as a file like the uploaded one, with a `hata` column; null when every row passed. */
export async function priceRefusedRowsFile(sheet: PriceImportSheet): Promise<RefusedRowsFile | null> {
  const refused = sheet.rows.filter((row) => !isValidRow(row));
  if (refused.length === 0) return null;
  return refusedRowsCsv(
    sheet.format,
    sheet.header,
    refused.map((row) => ({ cells: row.read, reasons: reasonsOf(row) })),
  );
}
