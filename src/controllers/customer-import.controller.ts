import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { Config } from '../config.js';
import { HttpError, NotFoundError, orFail, ValidationError } from '../errors.js';
import { csrfToken } from '../middleware/csrf.js';
import { importIdOf, isWellFormedImportId } from '../domain/import-id.js';
import { publicProfileUrl } from '../domain/profile-urls.js';
import { actingAdmin, actingRole, actingScope } from '../http/acting-admin.js';
import { roleAllows } from '../domain/admin-role.js';
import { originOf } from '../http/urls.js';
import { requireFile } from '../http/uploaded-file.js';
import { importPreviewView } from '../presenters/import-preview.js';
import type { ActivityLog } from '../services/activity-log.service.js';
import {
  slugsField,
  type CustomerImportService,
  type Importer,
  type ImportMode,
  type ImportPreview,
} from '../services/customer-import.service.js';

export const messages = {
  title: 'Toplu İçe Aktar',
  resultTitle: 'İçe aktarma tamamlandı',
  rowsWithErrors: (rows: number) =>
    `${rows} satırda hata var. Hiçbir müşteri oluşturulmadı: dosyayı düzeltip yeniden yükleyin.`,
  rowsWithErrorsSomeValid: (rows: number) =>
    `${rows} satırda hata var. Henüz hiçbir müşteri oluşturulmadı: hatalı satırları indirip düzeltin ve ` +
    `yeniden yükleyin ya da yalnızca geçerli satırları içe aktarın.`,
  noValidRows: 'Dosyada geçerli satır yok; hiçbir müşteri oluşturulmadı. Hatalı satırları düzeltip yeniden yükleyin.',
  slugsChanged:
    'Önizlemeden sonra bazı profil adresleri başka müşterilere verildi. Hiçbir müşteri oluşturulmadı: yeni ' +
    'adresleri kontrol edip yeniden onaylayın.',
  newCompany: 'yeni firma',
  confirmFailed: 'İçe aktarma tamamlanamadı; hiçbir müşteri oluşturulmadı. Lütfen tekrar deneyin.',
  noData: 'Onaylanacak dosya bulunamadı. Dosyayı yeniden yükleyin.',
  errorsFileName: 'hatali-satirlar.csv',
} as const;

/** The original bytes as base64url: 4/3 of the file, and nothing a form needs to percent-encode. */
const CONFIRM_DATA = /^[A-Za-z0-9_-]+$/;

function errorsCsvUrl(importId: string): string {
  return `/admin/import/${importId}/errors.csv`;
}

/** The confirm form's fields: all rows when every one passed, else the valid ones alone (none: no form). */
function confirmForm(preview: ImportPreview, bytes: Buffer) {
  const refused = preview.errorRows.length;
  const valid = preview.sheet.rows.length - refused;
  if (valid === 0) return null;
  return {
    importId: preview.importId,
    data: bytes.toString('base64url'),
    slugs: slugsField(preview.slugs),
    mode: refused > 0 ? 'valid_only' : 'all',
    createCompanies: preview.createCompanies,
    valid,
    refused,
  } as const;
}

interface PageState {
  error?: string | null;
  notice?: string | null;
  preview?: ImportPreview | null;
  /** The bytes to confirm. */
  bytes?: Buffer | null;
}

/** Whom the `sorumlu` column may name, and whose customers the importer reaches (CustomerImportService). */
function importerOf(req: Request, res: Response): Importer {
  const manager = roleAllows(actingRole(res), 'yonetici');
  return {
    id: actingAdmin(res).id,
    mayAssign: manager,
    scope: actingScope(res),
    // Making companies is a `yonetici`'s, as the companies' own form is (docs/product.md, Companies).
    createCompanies: manager && (req.body as Record<string, unknown> | undefined)?.firma_olustur === '1',
    actor: actingAdmin(res),
  };
}

/** The preview's `Firma` column: the company each row joins, `yeni firma`, or nothing; null when no row joins any. */
function companyColumn(preview: ImportPreview): Array<string | null> | null {
  const joins = preview.sheet.rows.map((row) =>
    row.joins ? ('id' in row.joins ? row.joins.name : messages.newCompany) : null,
  );
  return joins.some((join) => join !== null) ? joins : null;
}

/** The bulk import's pages (docs/product.md, "Bulk import and customer CSV"): upload, preview, confirm, result. */
export class CustomerImportController {
  constructor(
    private readonly imports: CustomerImportService,
    private readonly config: Pick<Config, 'baseUrl'>,
    private readonly activity: ActivityLog,
  ) {}

  private render(res: Response, status: number, state: PageState): void {
    const { preview = null, bytes = null } = state;
    res.status(status).render('admin/import', {
      title: messages.title,
      error: state.error ?? null,
      notice: state.notice ?? null,
      preview: preview ? importPreviewView(preview.sheet, preview.slugs) : null,
      companyJoins: preview ? companyColumn(preview) : null,
      mayCreateCompanies: roleAllows(actingRole(res), 'yonetici'),
      confirm: preview && bytes ? confirmForm(preview, bytes) : null,
      errorsCsvUrl: preview && preview.errorRows.length > 0 ? errorsCsvUrl(preview.importId) : null,
    });
  }

  /**
   * The preview page for a read file: the confirm form when every row passed; while a row has
   * errors a 422 offering the valid rows alone (when there are any) and the refused rows' file.
   */
  private showPreview(
    res: Response,
    preview: ImportPreview,
    bytes: Buffer,
    notice: string | null,
    okStatus: number,
    error?: string,
  ): void {
    const refused = preview.errorRows.length;
    if (refused > 0) {
      const someValid = refused < preview.sheet.rows.length;
      const said = error ?? (someValid ? messages.rowsWithErrorsSomeValid(refused) : messages.rowsWithErrors(refused));
      // A conflict (slugs taken since) stays a 409; a preview with refused rows is otherwise a 422.
      this.render(res, okStatus === 200 ? 422 : okStatus, { preview, bytes, notice, error: said });
      return;
    }
    this.render(res, okStatus, { preview, bytes, notice });
  }

  show: RequestHandler = (_req, res) => {
    this.render(res, 200, {});
  };

  preview: RequestHandler = async (req, res) => {
    let bytes: Buffer;
    let preview: ImportPreview;
    try {
      bytes = requireFile(req).buffer;
      preview = await this.imports.previewUpload(bytes, importerOf(req, res));
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      this.render(res, 422, { error: err.message });
      return;
    }
    this.showPreview(res, preview, bytes, null, 200);
  };

  /** Post/redirect/get: the created customers are shown by the result page, which a reload only shows again. */
  confirm: RequestHandler = async (req, res) => {
    const body = req.body as Record<string, unknown>;
    const data = typeof body.data === 'string' && CONFIRM_DATA.test(body.data) ? body.data : null;
    const slugList = typeof body.slugs === 'string' ? body.slugs : '';
    const slugs = slugList.split(',');
    const given = typeof body.importId === 'string' ? body.importId : '';
    const mode: ImportMode = body.mode === 'valid_only' ? 'valid_only' : 'all';
    if (!data || (given !== '' && !isWellFormedImportId(given))) {
      this.render(res, 422, { error: messages.noData });
      return;
    }
    const importId = given || importIdOf(data, slugList);
    const bytes = Buffer.from(data, 'base64url');
    let outcome;
    // A confirmation already made (a reload, a second submit) is not logged again.
    const earlier = await this.imports.result(importId);
    try {
      outcome = await orFail(messages.confirmFailed, () =>
        this.imports.confirm(importId, bytes, slugs, mode, importerOf(req, res)),
      );
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      this.render(res, 422, { error: err.message });
      return;
    }
    if (outcome.kind === 'invalid') {
      this.showPreview(res, outcome.preview, bytes, null, 422);
      return;
    }
    if (outcome.kind === 'no-valid-rows') {
      this.showPreview(res, outcome.preview, bytes, null, 422, messages.noValidRows);
      return;
    }
    if (outcome.kind === 'slugs-changed') {
      this.showPreview(res, outcome.preview, bytes, messages.slugsChanged, 409);
      return;
    }
    const made = earlier ? null : await this.imports.result(outcome.importId);
    if (made) await this.activity.customersImported(actingAdmin(res), outcome.importId, made.customers);
    res.redirect(303, `/admin/import/${outcome.importId}`);
  };

  result: RequestHandler = async (req, res, next) => {
    const importId = String(req.params.importId);
    const result = isWellFormedImportId(importId) ? await this.imports.result(importId) : null;
    if (!result) {
      next(new NotFoundError());
      return;
    }
    const origin = originOf(req, this.config.baseUrl);
    res.render('admin/import-result', {
      title: messages.resultTitle,
      created: result.created,
      skipped: result.skipped,
      errorsCsvUrl: result.refusedRowsKept ? errorsCsvUrl(importId) : null,
      customers: result.customers.map((c) => ({
        id: c.id,
        name: c.name,
        surname: c.surname,
        slug: c.slug,
        publicUrl: publicProfileUrl(origin, c.slug),
      })),
      csvUrl: `/admin/customers.csv?ids=${result.customers.map((c) => c.id).join(',')}`,
    });
  };

  /** The refused rows' file, in the uploaded file's encoding and separator; 404 for an id with none kept. */
  errorsCsv: RequestHandler = async (req, res, next) => {
    const importId = String(req.params.importId);
    const file = isWellFormedImportId(importId) ? await this.imports.refusedRows(importId) : null;
    if (!file) {
      next(new NotFoundError());
      return;
    }
    res.set({
      'Content-Type': `text/csv; charset=${file.encoding}`,
      'Content-Disposition': `attachment; filename="${messages.errorsFileName}"`,
    });
    res.send(file.content);
  };

  /** A refused upload (413 too large, 400 not a readable form) shown on the import page itself. */
  refused: ErrorRequestHandler = (err: unknown, req: Request, res: Response, next) => {
    if (!(err instanceof HttpError) || (err.status !== 413 && err.status !== 400) || res.headersSent) {
      next(err);
      return;
    }
    csrfToken(req, res, () => this.render(res, err.status, { error: err.message }));
  };
}
