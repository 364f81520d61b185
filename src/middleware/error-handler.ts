import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import { faultOf, HttpError, NotFoundError, UnpublishedProfileError } from '../errors.js';
import { allowStyleHash } from '../http/inline-style.js';
import type { Logger } from '../logger.js';
import { redactPath } from '../logger.js';
import { wantsJson } from '../http/respond.js';
import type { BrandLook } from '../services/brand.service.js';

const messages = {
  server: 'Beklenmeyen bir hata oluştu. Lütfen tekrar deneyin.',
  tooLarge: 'Gönderilen veri çok büyük.',
  badRequest: 'İstek okunamadı.',
  csrf: 'Güvenlik doğrulaması başarısız oldu. Sayfayı yenileyip tekrar deneyin.',
  unavailable: 'Hizmet geçici olarak kullanılamıyor. Lütfen biraz sonra tekrar deneyin.',
  diskFull: 'Sunucuda yer kalmadı, değişiklik kaydedilemedi. Lütfen biraz sonra tekrar deneyin.',
} as const;

/** A passive customer's page, as a visitor reads it: not a refusal, a page off the air for now. */
const unpublishedTitle = 'Yayında değil';

/** What a 503 asks the client to wait before trying again, in seconds. */
const RETRY_AFTER_S = 5;

const titles: Readonly<Record<number, string>> = {
  400: 'Geçersiz istek',
  401: 'Giriş gerekli',
  403: 'Erişim engellendi',
  404: 'Bulunamadı',
  413: 'Çok büyük',
  422: 'Geçersiz bilgi',
  429: 'Çok fazla istek',
  500: 'Bir hata oluştu',
  503: 'Hizmet kullanılamıyor',
};

interface StatusLike {
  status?: number;
  statusCode?: number;
  type?: string;
  code?: string;
  expose?: boolean;
}

/** Status and Turkish message for anything thrown; nothing internal reaches the user. */
function describe(err: unknown): { status: number; message: string } {
  // The database or the disk failing under us is a 503, even wrapped by orFail (docs/product.md, Faults).
  const fault = err instanceof HttpError && err.status !== 500 ? null : faultOf(err);
  if (fault) return { status: 503, message: fault === 'disk' ? messages.diskFull : messages.unavailable };
  if (err instanceof HttpError) return { status: err.status, message: err.message };
  const e = (err ?? {}) as StatusLike;
  if (e.code === 'EBADCSRFTOKEN') return { status: 403, message: messages.csrf };
  if (e.type === 'entity.too.large' || e.status === 413) return { status: 413, message: messages.tooLarge };
  const status = e.status ?? e.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, message: messages.badRequest };
  return { status: 500, message: messages.server };
}

/** The innermost cause's message: what actually failed under an orFail wrapper. */
function rootMessage(err: unknown): string {
  return err instanceof Error && err.cause !== undefined
    ? rootMessage(err.cause)
    : String((err as Error | null)?.message ?? err);
}

export const notFound: RequestHandler = (_req, _res, next) => next(new NotFoundError());

/** Where the error page finds the agency brand (services/brand.service.ts). */
export interface ErrorPageBrand {
  look(): Promise<BrandLook>;
  lastKnown(): BrandLook | null;
}

/**
 * The agency brand for an error page that no brand middleware ran before (a public 404 or 403),
 * with its style block let through the CSP. While the database is away (a 503) only the copy in
 * memory is used: the page must not wait on the database it reports away.
 */
async function brandForErrorPage(res: Response, brand: ErrorPageBrand | undefined, status: number): Promise<void> {
  if (!brand || res.locals.brand) return;
  const look = status === 503 ? brand.lastKnown() : await brand.look().catch(() => brand.lastKnown());
  if (!look) return;
  res.locals.brand = look;
  allowStyleHash(res, look.styleHash);
}

/** The one error handler: a Turkish page, or JSON for widgets; stacks only in the log. */
export function errorHandler(logger: Logger, brand?: ErrorPageBrand): ErrorRequestHandler {
  return async (err, req, res, _next) => {
    const { status, message } = describe(err);
    if (status === 503) {
      // Expected while the database or disk is away: one line each, without the stack.
      logger.warn(
        { cause: rootMessage(err), method: req.method, url: redactPath(req.originalUrl) },
        'service unavailable',
      );
    } else if (status >= 500) {
      logger.error({ err, method: req.method, url: redactPath(req.originalUrl) }, 'request failed');
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(status);
    if (status === 503) res.set('Retry-After', String(RETRY_AFTER_S));
    if (wantsJson(req)) {
      res.json({ ok: false, error: message });
      return;
    }
    // A page that failed to load (messages, statistics) can simply be asked for again.
    const retryUrl = status >= 500 && req.method === 'GET' ? req.originalUrl : null;
    const unpublished = err instanceof UnpublishedProfileError;
    await brandForErrorPage(res, brand, status);
    res.render('errors/error', {
      title: unpublished ? unpublishedTitle : (titles[status] ?? titles[500]),
      status,
      message,
      retryUrl,
      unpublished,
    });
  };
}
