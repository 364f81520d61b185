import type { Request } from 'express';

declare module 'express-session' {
  interface SessionData {
    /** The password was right and the second factor is still to come (docs/product.md, Administrator). */
    pendingSignIn: { adminId: number; email: string; startedAt: number };
  }
}

/** How long the code form waits after the password, before the sign-in starts over. */
export const PENDING_SIGN_IN_MS = 5 * 60_000;

/** A POST /login without a password, after a right one: the code of the second step. */
export function isCodeStep(req: Request): boolean {
  const body = req.body as Record<string, unknown> | undefined;
  return body?.password === undefined && req.session?.pendingSignIn !== undefined;
}
