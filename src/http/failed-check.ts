import type { Response } from 'express';

/** What a refused request got wrong: the administrator's password, or a second-factor code. */
export type FailedCheck = 'password' | 'code';

/**
 * Marks the answer as a wrong password or code, so that only the throttle of that check counts it
 * (middleware/login-throttle.ts); a form refused for anything else counts against neither.
 */
export function markFailedCheck(res: Response, check: FailedCheck): void {
  res.locals.failedCheck = check;
}

export function failedCheckOf(res: Response): FailedCheck | undefined {
  const check: unknown = res.locals.failedCheck;
  return check === 'password' || check === 'code' ? check : undefined;
}
