import { faultOf } from '../errors.js';
import type { Logger } from '../logger.js';

type LoggerFn = (detail: unknown, message?: string) => void;

/**
 * express-rate-limit's own messages as our log lines instead of its console output. A count it
 * could not take back because the database or the disk is away (the request itself already
 * answered 503) is one warn line without a stack; anything else keeps its error.
 */
export function throttleLogger(logger: Logger): { warn: LoggerFn; error: LoggerFn } {
  const write =
    (level: 'warn' | 'error'): LoggerFn =>
    (detail, message = 'express-rate-limit') => {
      const fault = faultOf(detail);
      if (fault) logger.warn({ fault }, message);
      else logger[level]({ err: detail }, message);
    };
  return { warn: write('warn'), error: write('error') };
}
