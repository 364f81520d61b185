import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { RequestHandler } from 'express';
import { HttpError } from '../errors.js';
import type { Logger } from '../logger.js';
import { throttleLogger } from './throttle-logger.js';

export const CODE_GUESS_WINDOW_MS = 10 * 60_000;
/**
 * Unknown card codes one client address may ask for per window. A person mistypes a code once or twice; a script
 * guessing among 32^6 codes, of which a few thousand exist, needs hundreds of thousands of tries per hit, and is
 * answered 429 after these, for every code, the real ones too, until the window passes.
 */
export const CODE_GUESSES_PER_WINDOW = 20;

export const codeGuessMessages = {
  tooMany: 'Çok fazla geçersiz kart kodu denendi. Lütfen biraz sonra tekrar deneyin.',
} as const;

/**
 * Counts only the misses (a 404) per client address, in memory: a code that opens a card costs no write, so a tap
 * stays as fast as a page load. Several instances each hold their own count: the bound is per instance.
 */
export function codeGuessThrottle(logger: Logger): RequestHandler {
  return rateLimit({
    windowMs: CODE_GUESS_WINDOW_MS,
    limit: CODE_GUESSES_PER_WINDOW,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipSuccessfulRequests: true,
    requestWasSuccessful: (_req, res) => res.statusCode !== 404,
    logger: throttleLogger(logger),
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? 'unknown'),
    handler: (_req, _res, next) => next(new HttpError(429, codeGuessMessages.tooMany)),
  });
}
