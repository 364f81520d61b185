/** What the price list's import page shows of a read file (views/price-list/import.ejs). */
import { labelOf } from '../domain/price-list-labels.js';
import { PRICE_IMPORT_FIELDS, PRICE_IMPORT_LABELS, type PriceImportField } from '../domain/price-import-columns.js';
import { formatPrice } from '../domain/price.js';

/** A read and checked file, as validation/price-list-import.validation.ts gives it. */
export interface PriceImportSheetView {
  encoding: string;
  separator: string;
  limitError: string | null;
  validOnlyLimitError: string | null;
  /** The file's translation columns (`urun_en`), shown after the Turkish ones. */
  translationColumns: ReadonlyArray<{ name: string; label: string }>;
  rows: ReadonlyArray<{
    row: number;
    cells: Record<PriceImportField, string>;
    /** The texts as they will be stored (line breaks and zero-width spaces the editor's rules took out). */
    category: string;
    name: string;
    description: string | null;
    priceKurus: number | null;
    labels: readonly string[];
    errors: Partial<Record<PriceImportField, string>>;
    translated: Readonly<Record<string, string>>;
    translationErrors: Readonly<Record<string, string>>;
  }>;
}

export const priceImportPreviewTexts = {
  rowsWithErrors: (rows: number) =>
    `${rows} satırda hata var. Hiçbir ürün eklenmedi: dosyayı düzeltip yeniden yükleyin.`,
  rowsWithErrorsSomeValid: (rows: number) =>
    `${rows} satırda hata var. Henüz hiçbir ürün eklenmedi: hatalı satırları indirip düzeltin ve yeniden ` +
    `yükleyin ya da yalnızca geçerli satırları içe aktarın.`,
  validOnlyAppend: (valid: number, refused: number) =>
    `Onaylarsanız ${valid} geçerli ürün mevcut fiyat listesinin sonuna eklenir; ${refused} hatalı satır atlanır.`,
  validOnlyReplace: (valid: number, refused: number) =>
    `Onaylarsanız mevcut fiyat listenizdeki bütün kategori ve ürünler silinir, yerine ${valid} geçerli ürün ` +
    `gelir; ${refused} hatalı satır atlanır.`,
  readyAppend: (items: number) =>
    `${items} ürün hazır. Onaylarsanız mevcut fiyat listesinin sonuna eklenir; yeni kategoriler adlarıyla oluşturulur.`,
  readyReplace: (items: number) =>
    `${items} ürün hazır. Onaylarsanız mevcut fiyat listenizdeki bütün kategori ve ürünler silinir, yerine ` +
    `bunlar gelir.`,
} as const;

const ENCODING_LABELS: Readonly<Record<string, string>> = {
  'utf-8': 'UTF-8',
  'utf-16': 'UTF-16',
  'windows-1254': 'Windows-1254 (Türkçe Excel)',
};
const SEPARATOR_LABELS: Readonly<Record<string, string>> = {
  ';': 'noktalı virgül (;)',
  ',': 'virgül (,)',
  '\t': 'sekme',
};

export interface PriceImportCell {
  label: string;
  /** What the page shows: the price and labels as they will read, else the cell as typed. */
  value: string;
  error: string | null;
}

export interface PriceImportPreview {
  total: number;
  encoding: string;
  separator: string;
  rows: Array<{ row: number; cells: PriceImportCell[]; errorCount: number }>;
  errorRows: Array<{ row: number; errors: Array<{ label: string; error: string }> }>;
  columnLabels: string[];
  importable: boolean;
  /** Why it cannot be imported (a limit, or rows with errors), or null. */
  problem: string | null;
  /** What confirming does, when it can be imported. */
  summary: string | null;
  /** While some rows are refused: the valid ones alone, when there are any and they keep the limits. */
  validOnly: { count: number; summary: string } | null;
}

/** A cell that passed, as the list will show it. */
function readValue(row: PriceImportSheetView['rows'][number], field: PriceImportField): string {
  switch (field) {
    case 'kategori':
      return row.category;
    case 'urun':
      return row.name;
    case 'aciklama':
      return row.description ?? '';
    case 'fiyat':
      return row.priceKurus === null ? row.cells.fiyat.trim() : formatPrice(row.priceKurus);
    case 'etiketler':
      return row.labels.map((code) => labelOf(code) ?? code).join(', ');
  }
}

export function priceImportPreview(sheet: PriceImportSheetView, replace: boolean): PriceImportPreview {
  const rows = sheet.rows.map((row) => {
    const cells = [
      ...PRICE_IMPORT_FIELDS.map((field): PriceImportCell => {
        const error = row.errors[field] ?? null;
        const value = error ? row.cells[field].trim() : readValue(row, field);
        return { label: PRICE_IMPORT_LABELS[field], value, error };
      }),
      ...sheet.translationColumns.map((column): PriceImportCell => ({
        label: column.label,
        value: row.translated[column.name] ?? '',
        error: row.translationErrors[column.name] ?? null,
      })),
    ];
    return { row: row.row, cells, errorCount: cells.filter((cell) => cell.error).length };
  });
  const errorRows = rows
    .filter((row) => row.errorCount > 0)
    .map((row) => ({
      row: row.row,
      errors: row.cells.filter((cell) => cell.error).map((cell) => ({ label: cell.label, error: cell.error! })),
    }));
  const valid = rows.length - errorRows.length;
  const validOnly =
    errorRows.length > 0 && valid > 0 && sheet.validOnlyLimitError === null
      ? {
          count: valid,
          summary: (replace ? priceImportPreviewTexts.validOnlyReplace : priceImportPreviewTexts.validOnlyAppend)(
            valid,
            errorRows.length,
          ),
        }
      : null;
  const rowsProblem = validOnly
    ? priceImportPreviewTexts.rowsWithErrorsSomeValid
    : priceImportPreviewTexts.rowsWithErrors;
  const problem = sheet.limitError ?? (errorRows.length > 0 ? rowsProblem(errorRows.length) : null);
  return {
    total: rows.length,
    encoding: ENCODING_LABELS[sheet.encoding] ?? sheet.encoding,
    separator: SEPARATOR_LABELS[sheet.separator] ?? sheet.separator,
    rows,
    errorRows,
    columnLabels: [
      ...PRICE_IMPORT_FIELDS.map((field) => PRICE_IMPORT_LABELS[field]),
      ...sheet.translationColumns.map((column) => column.label),
    ],
    importable: problem === null,
    problem,
    summary:
      problem === null
        ? (replace ? priceImportPreviewTexts.readyReplace : priceImportPreviewTexts.readyAppend)(rows.length)
        : null,
    validOnly,
  };
}
