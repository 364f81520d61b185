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
