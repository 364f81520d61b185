import type { Customer } from '../repositories/customer.repository.js';
import type {
  CustomerBatchRepository,
  CustomerWithIdentity,
  StoredRefusedRows,
} from '../repositories/customer-batch.repository.js';
import { parseImportFile, type ImportRow, type ImportSheet } from '../validation/customer-import.validation.js';
import { refusedRowsFile } from '../validation/import-refused-rows.js';
import { newEditToken } from '../domain/edit-token.js';
import { newImportId } from '../domain/import-id.js';
import { foldSlug, pickFreeSlug } from '../domain/slug.js';
import { isUniqueViolation } from '../repositories/rows.js';
import type { CustomerScope } from '../domain/customer-scope.js';
import type { ActivityActor } from '../domain/admin-activity.js';
import type { Company } from '../repositories/company.repository.js';
import type { ImportedMembers } from './company.service.js';
import type { Knex } from 'knex';

/** The companies the `firma` column puts new customers in (services/company.service.ts). */
export interface ImportCompanies {
  choices(): Promise<Company[]>;
  joinImported(
    trx: Knex,
    groups: readonly ImportedMembers[],
    scope: CustomerScope,
    actor: ActivityActor,
  ): Promise<void>;
}

/** A company's name as the `firma` column matches it: trimmed, spaces made one, lower case the Turkish way. */
function foldName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('tr-TR');
}

/**
 * A previewed file: each row with the slug it would get (null for a row with errors), and the id its confirmation
 * claims.
 */
export interface ImportPreview {
  importId: string;
  sheet: ImportSheet;
  slugs: Array<string | null>;
  errorRows: ImportRow[];
  /** Whether a `firma` cell naming no company makes one (Importer.createCompanies). */
  createCompanies: boolean;
}

export type ImportOutcome =
  /** The import's customers exist: created now, or by an earlier confirmation of the same preview. */
  | { kind: 'done'; importId: string }
  /** Rows with errors (a changed file) in an all-or-nothing confirmation: nothing created. */
  | { kind: 'invalid'; preview: ImportPreview }
  /** A "valid rows only" confirmation of a file with none: nothing created. */
  | { kind: 'no-valid-rows'; preview: ImportPreview }
  /** Another customer took a slug since the preview: nothing created; the new preview has the new slugs. */
  | { kind: 'slugs-changed'; preview: ImportPreview };

/**
 * Who imports (docs/product.md, Administrators and roles): a `yonetici` or the `sahip` may name anyone active in the
 * `sorumlu` column, an editor only themselves; an editor of only their assigned customers gets every row assigned to
 * them (`scope`).
 */
export interface Importer {
  id: number | null;
  mayAssign: boolean;
  scope: CustomerScope;
  /** `firma_olustur`: a `firma` cell naming no company makes one (a `yonetici`'s or the `sahip`'s choice). */
  createCompanies?: boolean;
  /** Who the activity log names for the companies joined or made. */
  actor?: ActivityActor;
}

/** A preview's reader who names nobody and reaches everyone: the CLI and tests. */
const ANYONE: Importer = { id: null, mayAssign: true, scope: null };

export const importAssigneeMessages = {
  unknown: (email: string) =>
    `${email} adresiyle etkin bir yönetici yok. Ekip sayfasındaki bir e-posta adresini yazın.`,
  notAllowed:
    'Başka bir yöneticiyi sorumlu yapmak için yönetici rolü gerekir; bu hücreyi boş bırakın ya da kendi e-posta ' +
    'adresinizi yazın.',
} as const;

/** `all`: every row or none; `valid_only`: the valid rows, the refused ones left out (docs/product.md). */
export type ImportMode = 'all' | 'valid_only';

/** The slugs as the preview's form carries them: a refused row's empty. */
export function slugsField(slugs: ReadonlyArray<string | null>): string {
  return slugs.map((slug) => slug ?? '').join(',');
}

function sameSlugs(a: ReadonlyArray<string | null>, b: readonly string[]): boolean {
  return a.length === b.length && a.every((slug, i) => (slug ?? '') === b[i]);
}

/**
 * The bulk import (docs/product.md, "Bulk import and customer CSV"): the preview reads and checks the file
 * and gives each row its slug by the rules of a single new customer (namesakes in the file and
 * in the database get `-2`, `-3`...); confirming reads the same bytes again, checks everything
 * again, and creates all rows in one transaction, or only the valid ones when asked. The refused
 * rows of a preview are kept as a file to download (validation/import-refused-rows.ts).
 */
export class CustomerImportService {
  constructor(
    private readonly batches: CustomerBatchRepository,
    private readonly clock: () => Date,
    private readonly companies: ImportCompanies | null = null,
  ) {}

  /** Throws a ValidationError keyed `file` when the file cannot be imported at all. */
  async preview(bytes: Buffer, importer: Importer = ANYONE, importId = newImportId()): Promise<ImportPreview> {
    const sheet = await parseImportFile(bytes);
    await this.findAssignees(sheet, importer);
    await this.findCompanies(sheet, importer);
    const errorRows = sheet.rows.filter((row) => row.customer === null);
    const slugs = await this.assignSlugs(sheet.rows);
    return { importId, sheet, slugs, errorRows, createCompanies: importer.createCompanies === true };
  }

  /** The preview of an uploaded file, its refused rows kept as a file under the preview's import id. */
  async previewUpload(bytes: Buffer, importer: Importer = ANYONE): Promise<ImportPreview> {
    const preview = await this.preview(bytes, importer);
    await this.keepRefusedRows(preview);
    return preview;
  }

  private async keepRefusedRows(preview: ImportPreview): Promise<void> {
    const file = await refusedRowsFile(preview.sheet);
    if (file) await this.batches.keepRefusedRows(preview.importId, file, this.clock().getTime());
  }

  /**
   * The administrator each `sorumlu` cell names: a row naming nobody active, or someone the importer may not name, is
   * refused with the reason under that cell.
   */
  private async findAssignees(sheet: ImportSheet, importer: Importer): Promise<void> {
    const named = sheet.rows.flatMap((row) => (row.customer?.assignee ? [row.customer.assignee] : []));
    if (named.length === 0) return;
    const ids = await this.batches.activeAdministratorIds(named);
    for (const row of sheet.rows) {
      const email = row.customer?.assignee;
      if (!email) continue;
      const id = ids.get(email);
      const refusal =
        id === undefined
          ? importAssigneeMessages.unknown(email)
          : !importer.mayAssign && id !== importer.id
            ? importAssigneeMessages.notAllowed
            : null;
      if (refusal === null) {
        row.assigneeId = id;
      } else {
        row.errors.assignee = refusal;
        row.customer = null;
      }
    }
  }

  /**
   * The company each valid row's `firma` cell names, by its name (Turkish-folded, case aside) or its address; a name
   * no company has is a new company when the importer asked for that, else the cell is only the business name.
   */
  private async findCompanies(sheet: ImportSheet, importer: Importer): Promise<void> {
    if (!this.companies || !sheet.rows.some((row) => row.customer?.company)) return;
    const companies = await this.companies.choices();
    const byName = new Map(companies.map((c) => [foldName(c.name), c]));
    const bySlug = new Map(companies.map((c) => [c.slug, c]));
    for (const row of sheet.rows) {
      const cell = row.customer?.company;
      if (!cell) continue;
      const found = byName.get(foldName(cell)) ?? bySlug.get(cell.trim().toLocaleLowerCase('tr-TR'));
      if (found) row.joins = { id: found.id, name: found.name };
      else if (importer.createCompanies) row.joins = { newName: cell.trim().replace(/\s+/g, ' ') };
    }
  }

  /**
   * The new customers into the companies their rows name, in the import's transaction: grouped by company (one per
   * new name, as the list's form makes one), each group joined with one activity entry (CompanyService.joinImported).
   */
  private joinCompanies(preview: ImportPreview, importer: Importer) {
    const companies = this.companies;
    const actor = importer.actor;
    if (!companies || !actor) return undefined;
    return async (trx: Knex, created: readonly Customer[]) => {
      const idOf = new Map(created.map((customer) => [customer.slug, customer.id]));
      const groups = new Map<string, ImportedMembers>();
      preview.sheet.rows.forEach((row, i) => {
        const id = idOf.get(preview.slugs[i] ?? '');
        if (!row.joins || id === undefined) return;
        const key = 'id' in row.joins ? `#${row.joins.id}` : foldName(row.joins.newName);
        const group = groups.get(key) ?? { company: row.joins, ids: [] };
        group.ids.push(id);
        groups.set(key, group);
      });
      if (groups.size > 0) await companies.joinImported(trx, [...groups.values()], importer.scope, actor);
    };
  }

  /** Valid rows in file order, each the first free slug of its base, namesakes in the file counted. */
  private async assignSlugs(rows: readonly ImportRow[]): Promise<Array<string | null>> {
    const bases = rows.map((row) =>
      row.customer ? foldSlug(row.customer.name, row.customer.surname) || 'musteri' : null,
    );
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
   * already claimed is the earlier confirmation's result: a reload or a second submit. Each customer is assigned to
   * the administrator its `sorumlu` cell names, or to the importer when they reach only their own customers.
   */
  async confirm(
    importId: string,
    bytes: Buffer,
    previewedSlugs: readonly string[],
    mode: ImportMode = 'all',
    importer: Importer = ANYONE,
  ): Promise<ImportOutcome> {
    const done = { kind: 'done', importId } as const;
    // Spares reading the file again; what keeps an import single is the key createMany inserts.
    if (await this.batches.importRun(importId)) return done;
    const preview = await this.preview(bytes, importer, importId);
    const skipped = preview.errorRows.length;
    if (skipped > 0 && mode === 'all') return { kind: 'invalid', preview };
    if (skipped === preview.sheet.rows.length) return { kind: 'no-valid-rows', preview };
    if (!sameSlugs(preview.slugs, previewedSlugs))
      return (await this.batches.importRun(importId)) ? done : { kind: 'slugs-changed', preview };
    // An editor of only their own customers gets each row: the column could name only them.
    const assigneeOf = (row: ImportRow) => importer.scope?.assigneeId ?? row.assigneeId ?? null;
    const rows = preview.sheet.rows.flatMap((row, i) => {
      if (!row.customer) return [];
      const { assignee: _named, ...customer } = row.customer;
      // A cell naming the row's company is the company's, not the member's own business name: the company's template
      // gives it (a default the member may still override, docs/product.md, Companies).
      const company = row.joins ? null : customer.company;
      return [
        {
          ...customer,
          company,
          slug: preview.slugs[i] as string,
          editToken: newEditToken(),
          assigneeId: assigneeOf(row),
        },
      ];
    });
    try {
      const at = this.clock().getTime();
      await this.batches.createMany(importId, rows, at, skipped, this.joinCompanies(preview, importer));
      // Kept by the preview already, unless its form carried no import id (an older page).
      await this.keepRefusedRows(preview);
      return done;
    } catch (err) {
      // The transaction rolled back whole: this import was confirmed meanwhile (its id is
      // taken), or another customer took one of these slugs while it ran.
      if (!isUniqueViolation(err)) throw err;
      if (await this.batches.importRun(importId)) return done;
      return { kind: 'slugs-changed', preview: await this.preview(bytes, importer, importId) };
    }
  }

  /**
   * A confirmed import's customers as they are now (deleted ones left out), the rows it left out
   * and whether their file is still kept; null for an id no import claimed.
   */
  async result(
    importId: string,
  ): Promise<{ created: number; skipped: number; refusedRowsKept: boolean; customers: Customer[] } | null> {
    const run = await this.batches.importRun(importId);
    if (!run) return null;
    return {
      created: run.customerIds.length,
      skipped: run.skippedRows,
      refusedRowsKept: run.skippedRows > 0 && (await this.batches.hasRefusedRows(importId)),
      customers: await this.batches.listByIds(run.customerIds),
    };
  }

  /** The file of a preview's refused rows, or null (an id with none, or no longer kept). */
  refusedRows(importId: string): Promise<StoredRefusedRows | null> {
    return this.batches.refusedRows(importId);
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
