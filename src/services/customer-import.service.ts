import type { Customer } from '../repositories/customer.repository.js';
import type { CustomerBatchRepository, CustomerWithIdentity } from '../repositories/customer-batch.repository.js';
import { parseImportFile, type ImportRow, type ImportSheet } from '../validation/customer-import.validation.js';
import { newEditToken } from '../domain/edit-token.js';
import { newImportId } from '../domain/import-id.js';
import { foldSlug, pickFreeSlug } from '../domain/slug.js';
import { isUniqueViolation } from '../repositories/rows.js';

/** A previewed file: each row with the slug it would get (null for a row with errors), and the id its confirmation claims. */
export interface ImportPreview {
  importId: string;
  sheet: ImportSheet;
  slugs: Array<string | null>;
  errorRows: ImportRow[];
}

export type ImportOutcome =
  /** The import's customers exist: created now, or by an earlier confirmation of the same preview. */
  | { kind: 'done'; importId: string }
  /** Rows with errors (a changed file): nothing created. */
  | { kind: 'invalid'; preview: ImportPreview }
  /** Another customer took a slug since the preview: nothing created; the new preview has the new slugs. */
  | { kind: 'slugs-changed'; preview: ImportPreview };

function sameSlugs(a: ReadonlyArray<string | null>, b: readonly string[]): boolean {
  return a.length === b.length && a.every((slug, i) => slug === b[i]);
}

/**
 * The bulk import (docs/product.md, "Bulk import and customer CSV"): the preview reads and checks the file
 * and gives each row its slug by the rules of a single new customer (namesakes in the file and
 * in the database get `-2`, `-3`...); confirming reads the same bytes again, checks everything
 * again, and creates all rows in one transaction.
 */
export class CustomerImportService {
  constructor(
    private readonly batches: CustomerBatchRepository,
    private readonly clock: () => Date,
  ) {}

  /** Throws a ValidationError keyed `file` when the file cannot be imported at all. */
  async preview(bytes: Buffer, importId = newImportId()): Promise<ImportPreview> {
    const sheet = await parseImportFile(bytes);
    const errorRows = sheet.rows.filter((row) => row.customer === null);
    const slugs = await this.assignSlugs(sheet.rows);
    return { importId, sheet, slugs, errorRows };
  }

  /** Valid rows in file order, each the first free slug of its base, namesakes in the file counted. */
  private async assignSlugs(rows: readonly ImportRow[]): Promise<Array<string | null>> {
    const bases = rows.map((row) => (row.customer ? foldSlug(row.customer.name, row.customer.surname) || 'musteri' : null));
    const taken = await this.batches.takenSlugs(bases.filter((base): base is string => base !== null));
    return bases.map((base) => {
      if (base === null) return null;
      const slug = pickFreeSlug(base, taken);
      taken.add(slug);
      return slug;
    });
  }

  /**
   * `previewedSlugs` are the slugs the administrator saw; when the database has moved on since,
   * nothing is created and the new preview is returned to be confirmed again. An import id
   * already claimed is the earlier confirmation's result: a reload or a second submit.
   */
  async confirm(importId: string, bytes: Buffer, previewedSlugs: readonly string[]): Promise<ImportOutcome> {
    const done = { kind: 'done', importId } as const;
    // Spares reading the file again; what keeps an import single is the key createMany inserts.
    if (await this.batches.importRun(importId)) return done;
    const preview = await this.preview(bytes, importId);
    if (preview.errorRows.length > 0) return { kind: 'invalid', preview };
    if (!sameSlugs(preview.slugs, previewedSlugs)) return (await this.batches.importRun(importId)) ? done : { kind: 'slugs-changed', preview };
    const rows = preview.sheet.rows.map((row, i) => ({
      ...(row.customer as NonNullable<ImportRow['customer']>),
      slug: preview.slugs[i] as string,
      editToken: newEditToken(),
    }));
    try {
      await this.batches.createMany(importId, rows, this.clock().getTime());
      return done;
    } catch (err) {
      // The transaction rolled back whole: this import was confirmed meanwhile (its id is
      // taken), or another customer took one of these slugs while it ran.
      if (!isUniqueViolation(err)) throw err;
      if (await this.batches.importRun(importId)) return done;
      return { kind: 'slugs-changed', preview: await this.preview(bytes, importId) };
    }
  }

  /** A confirmed import's customers as they are now (deleted ones left out), or null for an id no import claimed. */
  async result(importId: string): Promise<{ created: number; customers: Customer[] } | null> {
    const run = await this.batches.importRun(importId);
    if (!run) return null;
    return { created: run.customerIds.length, customers: await this.batches.listByIds(run.customerIds) };
  }

  /** The CSV export's listed customers (unknown ids left out), with their business and address. */
  async listByIds(ids: readonly number[]): Promise<CustomerWithIdentity[]> {
    return this.batches.withIdentity(await this.batches.listByIds(ids));
  }

  /** The CSV export of every customer with their business and address, a batch at a time. */
  async *allInBatches(): AsyncGenerator<CustomerWithIdentity[]> {
    for await (const batch of this.batches.allInBatches()) yield await this.batches.withIdentity(batch);
  }
}
