import { ValidationError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { PriceListImportRepository } from '../repositories/price-list-import.repository.js';
import type { Customer } from '../repositories/customer.repository.js';
import type { PriceListReadRepository } from '../repositories/price-list-read.repository.js';
import type { TranslationRepository } from '../repositories/translation.repository.js';
import { PRICE_LIST_MAX_CATEGORIES, PRICE_LIST_MAX_ITEMS } from '../shared/price-list-limits.js';
import type { FileStorage } from '../storage/file-storage.js';
import type { RefusedRowsFile } from '../validation/import-refused-rows.js';
import {
  categoryKey,
  isImportable,
  isImportableValidOnly,
  priceImportMessages,
  priceRefusedRowsFile,
  readPriceImport,
  translationColumnsOf,
  validRows,
  type PriceImportSheet,
} from '../validation/price-list-import.validation.js';
import { priceListCsv } from '../presenters/price-list-csv.js';

const IMPORTED_TEXT = { kategori: 'category', urun: 'name', aciklama: 'description' } as const;

/**
 * Every row, or the valid ones alone with the refused ones left out (the preview offers that while some are refused).
 */
export type PriceImportMode = 'all' | 'valid_only';

export type PriceImportOutcome =
  | { kind: 'imported'; items: number; categoriesCreated: number }
  /** The file as it is now (read again, against the list as it is now) has refused rows or breaks a limit. */
  | { kind: 'invalid'; sheet: PriceImportSheet };

/**
 * The price list's CSV import and export (docs/product.md, Price list), for the owner and the
 * administrator alike: a preview of every row, then a confirmation that reads the same bytes
 * again and imports them all in one transaction, or nothing. Replace-all removes the photos of
 * the items it replaced once the import is committed.
 */
export class PriceListImportService {
  constructor(
    private readonly imports: PriceListImportRepository,
    private readonly reads: PriceListReadRepository,
    private readonly storage: FileStorage,
    private readonly now: () => number,
    private readonly logger: Logger,
    /** The card's translations, for the export's columns in its languages. */
    private readonly translations: Pick<TranslationRepository, 'allOf'>,
  ) {}

  private async read(customerId: number, bytes: Buffer, replace: boolean): Promise<PriceImportSheet> {
    const existing = await this.imports.existing(customerId);
    return readPriceImport(
      bytes,
      { items: existing.items, categoryKeys: new Set(existing.categoryNames.map(categoryKey)) },
      replace,
    );
  }

  /** The file's rows with their errors; a file that cannot be read is a ValidationError keyed `file`. */
  preview(customerId: number, bytes: Buffer, replace: boolean): Promise<PriceImportSheet> {
    return this.read(customerId, bytes, replace);
  }

  async confirm(
    customerId: number,
    bytes: Buffer,
    replace: boolean,
    mode: PriceImportMode = 'all',
  ): Promise<PriceImportOutcome> {
    const sheet = await this.read(customerId, bytes, replace);
    const importable = isImportable(sheet) || (mode === 'valid_only' && isImportableValidOnly(sheet));
    if (!importable) return { kind: 'invalid', sheet };
    const rows = validRows(sheet.rows);
    const items = rows.map((row) => ({
      category: row.category,
      name: row.name,
      description: row.description,
      priceKurus: row.priceKurus!,
      labels: row.labels,
      texts: sheet.translationColumns.flatMap((column) => {
        const text = row.translated[column.name] ?? '';
        return text === '' ? [] : [{ of: IMPORTED_TEXT[column.field], lang: column.lang, text }];
      }),
    }));
    const outcome = await this.imports.importItems(customerId, items, {
      replace,
      now: this.now(),
      limits: { maxItems: PRICE_LIST_MAX_ITEMS, maxCategories: PRICE_LIST_MAX_CATEGORIES },
      key: categoryKey,
    });
    // Another edit filled the list between the check and the transaction.
    if (outcome.kind === 'limit')
      throw new ValidationError({ file: priceImportMessages.tooManyItems(PRICE_LIST_MAX_ITEMS + 1) });
    for (const photo of outcome.removedPhotos) {
      await this.storage
        .removePublicPath(customerId, photo)
        .catch((err: unknown) => this.logger.warn({ err }, 'replaced price list photo not removed'));
    }
    return { kind: 'imported', items: outcome.items, categoriesCreated: outcome.categoriesCreated };
  }

  /**
   * The file's refused rows to fix and upload again, read against the list as it is now; null when every row passed.
   */
  async refusedRows(customerId: number, bytes: Buffer, replace: boolean): Promise<RefusedRowsFile | null> {
    return priceRefusedRowsFile(await this.read(customerId, bytes, replace));
  }

  /** Every item, hidden ones too, as the import reads them back (`;`, UTF-8 with a byte order mark). */
  async exportCsv(customer: Pick<Customer, 'id' | 'languages'>): Promise<string> {
    const [content, saved] = await Promise.all([
      this.reads.content(customer.id, { visibleOnly: false }),
      customer.languages.length > 0 ? this.translations.allOf(customer.id) : [],
    ]);
    const texts = new Map(saved.map((row) => [`${row.subject}:${row.lang}`, row.text]));
    return priceListCsv(content, translationColumnsOf(customer.languages), texts);
  }
}
