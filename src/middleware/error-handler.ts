import type { ErrorRequestHandler, RequestHandler } from 'express';
import { HttpError, NotFoundError } from '../errors.js';
import type { Logger } from '../logger.js';
import { redactPath } from '../logger.js';
import { wantsJson } from '../http/respond.js';

const messages = {
  server: 'Beklenmeyen bir hata oluştu. Lütfen tekrar deneyin.',
  tooLarge: 'Gönderilen veri çok büyük.',
  badRequest: 'İstek okunamadı.',
  csrf: 'Güvenlik doğrulaması başarısız oldu. Sayfayı yenileyip tekrar deneyin.',
} as const;

const titles: Readonly<Record<number, string>> = {
  400: 'Geçersiz istek',
  401: 'Giriş gerekli',
  403: 'Erişim engellendi',
  404: 'Bulunamadı',
  413: 'Çok büyük',
  422: 'Geçersiz bilgi',
  429: 'Çok fazla istek',
  500: 'Bir hata oluştu',
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
  if (err instanceof HttpError) return { status: err.status, message: err.message };
  const e = (err ?? {}) as StatusLike;
  if (e.code === 'EBADCSRFTOKEN') return { status: 403, message: messages.csrf };
  if (e.type === 'entity.too.large' || e.status === 413) return { status: 413, message: messages.tooLarge };
  const status = e.status ?? e.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, message: messages.badRequest };
  return { status: 500, message: messages.server };
}

export const notFound: RequestHandler = (_req, _res, next) => next(new NotFoundError());

/** The one error handler: a Turkish page, or JSON for widgets; stacks only in the log. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const { status, message } = describe(err);
    if (status >= 500) {
      logger.error({ err, method: req.method, url: redactPath(req.originalUrl) }, 'request failed');
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(status);
    if (wantsJson(req)) {
      res.json({ ok: false, error: message });
      return;
    }
    // A page that failed to load (messages, statistics) can simply be asked for again.
    const retryUrl = status >= 500 && req.method === 'GET' ? req.originalUrl : null;
    res.render('errors/error', { title: titles[status] ?? titles[500], status, message, retryUrl });
  };
}
