import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { HttpError, orFail, ValidationError } from '../errors.js';
import { actingAdmin } from '../http/acting-admin.js';
import { loadedCustomer } from '../http/loaded-customer.js';
import { requireFile } from '../http/uploaded-file.js';
import { setFlash } from '../middleware/flash.js';
import { csrfToken } from '../middleware/csrf.js';
import { priceImportPreview } from '../presenters/price-list-import-preview.js';
import type { ActivityLog } from '../services/activity-log.service.js';
import type { PriceImportMode, PriceListImportService } from '../services/price-list-import.service.js';
import type { PriceImportSheet } from '../validation/price-list-import.validation.js';

export const priceImportPageMessages = {
  title: 'Fiyat Listesini İçe Aktar',
  imported: (items: number) => `${items} ürün fiyat listesine aktarıldı.`,
  noData: 'Onaylanacak dosya bulunamadı. Dosyayı yeniden yükleyin.',
  noRefusedRows: 'Bu dosyada hatalı satır yok.',
  failed: 'İçe aktarma tamamlanamadı; hiçbir ürün eklenmedi. Lütfen tekrar deneyin.',
  csvFileName: (slug: string) => `${slug}-fiyat-listesi.csv`,
  errorsFileName: (slug: string) => `${slug}-hatali-satirlar.csv`,
} as const;

/** The file's bytes carried back by the confirm form: base64url, nothing a form needs to percent-encode. */
const CONFIRM_DATA = /^[A-Za-z0-9_-]+$/;

/** Who imports: the owner by the edit link (no CSRF token: the link is the credential) or an administrator. */
type Side = 'owner' | 'admin';

interface Where {
  side: Side;
  /** `/edit/{token}/price-list/import` or `/admin/customers/{id}/price-list/import`. */
  action: string;
  /** The page to go back to: the owner's list editor, the administrator's customer page. */
  back: string;
  exportUrl: string;
}

function whereOf(req: Request, side: Side): Where {
  const customer = loadedCustomer(req);
  const base = side === 'owner' ? `/edit/${String(req.params.token)}` : `/admin/customers/${customer.id}`;
  return {
    side,
    action: `${base}/price-list/import`,
    back: side === 'owner' ? `${base}/price-list` : base,
    exportUrl: `${base}/price-list.csv`,
  };
}

const replaceOf = (body: unknown) => (body as Record<string, unknown> | undefined)?.replace === '1';
const modeOf = (body: Record<string, unknown>): PriceImportMode => (body.mode === 'valid_only' ? 'valid_only' : 'all');
/** The file carried back by a form of the preview (confirm, the refused rows' file), or null. */
const dataOf = (body: Record<string, unknown>) =>
  typeof body.data === 'string' && CONFIRM_DATA.test(body.data) ? Buffer.from(body.data, 'base64url') : null;

/**
 * The price list's CSV import, preview then confirm like the customer import (docs/product.md,
 * Price list), from the owner's editor and the administrator's customer page; and the export.
 * A refused file or row is shown on the import page with the file's rows, status 422.
 */
export class PriceListImportController {
  constructor(
    private readonly imports: PriceListImportService,
    /**
     * An administrator's import is an entry of the activity log (docs/product.md, Activity log); the owner's is not.
     */
    private readonly activity: Pick<ActivityLog, 'priceListImported'>,
  ) {}

  private render(
    req: Request,
    res: Response,
    side: Side,
    status: number,
    state: { error?: string | null; sheet?: PriceImportSheet | null; bytes?: Buffer | null; replace?: boolean },
  ): void {
    const customer = loadedCustomer(req);
    const { sheet = null, bytes = null, replace = false } = state;
    const preview = sheet ? priceImportPreview(sheet, replace) : null;
    res.status(status).render('price-list/import', {
      title: priceImportPageMessages.title,
      where: whereOf(req, side),
      customer,
      error: state.error ?? preview?.problem ?? null,
      preview,
      replace,
      confirm: preview?.importable && bytes ? { data: bytes.toString('base64url'), replace } : null,
      // While rows are refused: their file to download, and the valid rows alone to import when there are some.
      refusedForms:
        preview && !preview.importable && preview.errorRows.length > 0 && bytes
          ? { data: bytes.toString('base64url'), replace, validOnly: preview.validOnly }
          : null,
    });
  }

  /** GET: the upload form alone. */
  page =
    (side: Side): RequestHandler =>
    (req, res) =>
      this.render(req, res, side, 200, {});

  /** POST …/import: the file read and every row shown; 422 while a row or a limit refuses it. */
  preview =
    (side: Side): RequestHandler =>
    async (req, res) => {
      const replace = replaceOf(req.body);
      let bytes: Buffer;
      let sheet: PriceImportSheet;
      try {
        bytes = requireFile(req).buffer;
        sheet = await this.imports.preview(loadedCustomer(req).id, bytes, replace);
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        this.render(req, res, side, 422, { error: err.message, replace });
        return;
      }
      const ready = priceImportPreview(sheet, replace).importable;
      this.render(req, res, side, ready ? 200 : 422, { sheet, bytes, replace });
    };

  /** POST …/import/confirm: the same bytes read again and imported whole, or the preview again with why not. */
  confirm =
    (side: Side): RequestHandler =>
    async (req, res) => {
      const body = req.body as Record<string, unknown>;
      const replace = replaceOf(body);
      const bytes = dataOf(body);
      if (!bytes) {
        this.render(req, res, side, 422, { error: priceImportPageMessages.noData, replace });
        return;
      }
      const customer = loadedCustomer(req);
      let outcome;
      try {
        outcome = await orFail(priceImportPageMessages.failed, () =>
          this.imports.confirm(customer.id, bytes, replace, modeOf(body)),
        );
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        this.render(req, res, side, 422, { error: err.message, replace });
        return;
      }
      if (outcome.kind === 'invalid') {
        this.render(req, res, side, 422, { sheet: outcome.sheet, bytes, replace });
        return;
      }
      const where = whereOf(req, side);
      if (side === 'admin') {
        await this.activity.priceListImported(actingAdmin(res), customer, outcome.items);
        setFlash(req, 'success', priceImportPageMessages.imported(outcome.items));
        res.redirect(303, where.back);
        return;
      }
      res.redirect(303, `${where.back}?durum=ice-aktarildi`);
    };

  /**
   * POST …/import/errors.csv: the preview's refused rows as a file like the uploaded one, with a `hata`
   * column (docs/product.md, Price list from and to a CSV). The file comes back in the form, as the
   * confirmation's does: nothing of it is kept between the preview and this.
   */
  refusedRows =
    (side: Side): RequestHandler =>
    async (req, res) => {
      const body = req.body as Record<string, unknown>;
      const replace = replaceOf(body);
      const bytes = dataOf(body);
      let file;
      try {
        file = bytes ? await this.imports.refusedRows(loadedCustomer(req).id, bytes, replace) : null;
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        this.render(req, res, side, 422, { error: err.message, replace });
        return;
      }
      if (!file) {
        this.render(req, res, side, 422, {
          error: bytes ? priceImportPageMessages.noRefusedRows : priceImportPageMessages.noData,
          replace,
        });
        return;
      }
      const slug = loadedCustomer(req).slug;
      res.set({
        'Content-Type': `text/csv; charset=${file.encoding}`,
        'Content-Disposition': `attachment; filename="${priceImportPageMessages.errorsFileName(slug)}"`,
      });
      res.send(file.content);
    };

  /** GET …/price-list.csv: every item, hidden ones too, in the import's columns. */
  exportCsv: RequestHandler = async (req, res) => {
    const customer = loadedCustomer(req);
    const csv = await this.imports.exportCsv(customer);
    res.set({
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${priceImportPageMessages.csvFileName(customer.slug)}"`,
    });
    res.send(csv);
  };

  /** A refused upload (413 too large, 400 not a readable form) shown on the import page itself. */
  refused =
    (side: Side): ErrorRequestHandler =>
    (err: unknown, req: Request, res: Response, next) => {
      if (!(err instanceof HttpError) || (err.status !== 413 && err.status !== 400) || res.headersSent) {
        next(err);
        return;
      }
      if (side === 'admin') csrfToken(req, res, () => this.render(req, res, side, err.status, { error: err.message }));
      else this.render(req, res, side, err.status, { error: err.message });
    };
}
