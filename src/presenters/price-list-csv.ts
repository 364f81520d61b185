/**
 * The price list as a spreadsheet (docs/product.md, Price list): the import's own columns
 * (`kategori;urun;aciklama;fiyat;etiketler`), prices as `125,50`, labels by their Turkish names,
 * so the file opens in Excel, is edited there and imported again as it is.
 */
import { formatPriceInput } from '../domain/price.js';
import { labelOf } from '../domain/price-list-labels.js';
import { csvDocument } from '../lib/csv.js';
import type { PriceListContent } from '../repositories/price-list-read.repository.js';

export const PRICE_LIST_CSV_HEADER = ['kategori', 'urun', 'aciklama', 'fiyat', 'etiketler'] as const;

/** A translation column (`urun_en`): which text of a row, in which language. */
export interface CsvTranslationColumn {
  name: string;
  field: 'kategori' | 'urun' | 'aciklama';
  lang: string;
}

/**
 * The list; with the card's languages, their columns after the Turkish ones (`kategori_en;urun_en;aciklama_en`), each
 * cell the saved translation (`texts` by `subject:lang`) or empty.
 */
export function priceListCsv(
  content: PriceListContent,
  columns: readonly CsvTranslationColumn[] = [],
  texts: ReadonlyMap<string, string> = new Map(),
): string {
  const rows: string[][] = [[...PRICE_LIST_CSV_HEADER, ...columns.map((column) => column.name)]];
  const subjectOf = (column: CsvTranslationColumn, categoryId: number, itemId: number) =>
    column.field === 'kategori'
      ? `price_category.${categoryId}.name`
      : `price_item.${itemId}.${column.field === 'urun' ? 'name' : 'description'}`;
  for (const section of content.sections) {
    for (const item of section.items) {
      const labels = item.labels.map((code) => labelOf(code)).filter((label): label is string => label !== undefined);
      // formatPriceInput keeps the no-break space out: the amount alone, `1.250,50`.
      rows.push([
        section.name,
        item.name,
        item.description ?? '',
        formatPriceInput(item.priceKurus).trim(),
        labels.join(', '),
        ...columns.map((column) => texts.get(`${subjectOf(column, section.id, item.id)}:${column.lang}`) ?? ''),
      ]);
    }
  }
  return csvDocument(rows);
}
