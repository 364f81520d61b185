/** Typed errors; the one error handler maps each to its status and a Turkish page or JSON. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Aradığınız sayfa bulunamadı.') {
    super(404, message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'Bu işlem için yetkiniz yok.') {
    super(403, message);
  }
}

/** A passive customer's public page: the contract's 403, shown to a visitor as a page not published for now. */
export class UnpublishedProfileError extends ForbiddenError {}

export class PayloadTooLargeError extends HttpError {
  constructor(message = 'Gönderilen veri çok büyük.') {
    super(413, message);
  }
}

/** Field-keyed validation errors: the form is shown again with them and the user's input. */
export class ValidationError extends HttpError {
  constructor(
    readonly fields: Readonly<Record<string, string>>,
    message = Object.values(fields)[0] ?? 'Girilen bilgiler geçersiz.',
  ) {
    super(422, message);
  }
}

/** An operation that failed for a reason of ours: the user sees what failed, the log sees why. */
export class OperationFailedError extends HttpError {
  constructor(message: string, cause: unknown) {
    super(500, message);
    this.cause = cause;
  }
}

/** Runs `work`; an unexpected failure becomes an OperationFailedError with the given Turkish text. */
export async function orFail<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new OperationFailedError(message, err);
  }
}

/**
 * The database or the disk cannot take the request right now (docs/product.md, Faults): a 503
 * the user may simply retry; nothing was saved.
 */
export class ServiceUnavailableError extends HttpError {
  constructor(message = 'Hizmet geçici olarak kullanılamıyor. Lütfen biraz sonra tekrar deneyin.', cause?: unknown) {
    super(503, message);
    this.cause = cause;
  }
}

/** An upload that found no room on the disk; its half-written file is already gone. */
export class StorageFullError extends ServiceUnavailableError {
  constructor(cause?: unknown) {
    super('Sunucuda yer kalmadı, dosya kaydedilemedi. Lütfen biraz sonra tekrar deneyin.', cause);
  }
}

/**
 * The object storage (STORAGE_URL) did not answer or refused the request: an upload is a 503
 * in its dialog, nothing saved (docs/product.md, Object storage).
 */
export class StorageUnavailableError extends ServiceUnavailableError {
  constructor(cause?: unknown) {
    super('Dosya deposuna şu an ulaşılamıyor; biraz sonra yeniden deneyin.', cause);
  }
}

/** Error codes of a full disk: the filesystem's, and SQLite's own. */
const DISK_FULL = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);
/**
 * A database that is not there: the socket (refused, reset, timed out), PostgreSQL shutting
 * down or starting (57P01-57P03), connection failures (class 08), too many connections, and
 * SQLite still locked after its busy timeout.
 */
const DATABASE_DOWN = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
  'SQLITE_BUSY',
]);
/** pg's own errors for a socket that died carry no code, only these messages (knex puts the query before them). */
const DATABASE_DOWN_TEXT = /Connection terminated|Client has encountered a connection error|Connection is closed/;

/**
 * Which outside fault an error (or any error in its `cause` chain, as orFail wraps them) comes
 * from: 'disk' (no space left), 'database' (unreachable, or a knex pool acquire timeout), or null.
 */
export function faultOf(err: unknown): 'disk' | 'database' | null {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && DISK_FULL.has(code)) return 'disk';
    if (
      (typeof code === 'string' && DATABASE_DOWN.has(code)) ||
      e.name === 'KnexTimeoutError' ||
      DATABASE_DOWN_TEXT.test(e.message)
    ) {
      return 'database';
    }
  }
  return null;
}

/**
 * A command-line tool's refusal: a message for the user and the exit code to end with
 * (65 = bad input data, as sysexits.h has it).
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 65,
  ) {
    super(message);
  }
}
