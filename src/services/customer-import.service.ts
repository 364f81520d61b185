import type { Customer } from '../repositories/customer.repository.js';
import type { CustomerBatchRepository } from '../repositories/customer-batch.repository.js';
import { parseImportFile, type ImportRow, type ImportSheet } from '../validation/customer-import.validation.js';
import { newEditToken } from '../domain/edit-token.js';
import { foldSlug, pickFreeSlug } from '../domain/slug.js';

/** A previewed file: each row with the slug it would get (null for a row with errors). */
export interface ImportPreview {
  sheet: ImportSheet;
  slugs: Array<string | null>;
  errorRows: ImportRow[];
}

export type ImportOutcome =
  | { kind: 'created'; customers: Customer[] }
  /** Rows with errors (a changed file): nothing created. */
  | { kind: 'invalid'; preview: ImportPreview }
  /** Another customer took a slug since the preview: nothing created; the new preview has the new slugs. */
  | { kind: 'slugs-changed'; preview: ImportPreview };

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === '23505' || /UNIQUE constraint/.test(e.message ?? '');
}

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
  async preview(bytes: Buffer): Promise<ImportPreview> {
    const sheet = parseImportFile(bytes);
    const errorRows = sheet.rows.filter((row) => row.customer === null);
    const slugs = await this.assignSlugs(sheet.rows);
    return { sheet, slugs, errorRows };
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
   * nothing is created and the new preview is returned to be confirmed again.
   */
  async confirm(bytes: Buffer, previewedSlugs: readonly string[]): Promise<ImportOutcome> {
    const preview = await this.preview(bytes);
    if (preview.errorRows.length > 0) return { kind: 'invalid', preview };
    if (!sameSlugs(preview.slugs, previewedSlugs)) return { kind: 'slugs-changed', preview };
    const rows = preview.sheet.rows.map((row, i) => ({
      ...(row.customer as NonNullable<ImportRow['customer']>),
      slug: preview.slugs[i] as string,
      editToken: newEditToken(),
    }));
    try {
      return { kind: 'created', customers: await this.batches.createMany(rows, this.clock().getTime()) };
    } catch (err) {
      // A customer created with one of these slugs while the transaction ran: it rolled back whole.
      if (!isUniqueViolation(err)) throw err;
      return { kind: 'slugs-changed', preview: await this.preview(bytes) };
    }
  }

  /** The CSV export's listed customers (unknown ids left out). */
  listByIds(ids: readonly number[]): Promise<Customer[]> {
    return this.batches.listByIds(ids);
  }

  /** The CSV export of every customer, a batch at a time. */
  allInBatches(): AsyncGenerator<Customer[]> {
    return this.batches.allInBatches();
  }
}
