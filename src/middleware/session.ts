import session from 'express-session';
import { ConnectSessionKnexStore } from 'connect-session-knex';
import type { Knex } from 'knex';
import type { RequestHandler } from 'express';

declare module 'express-session' {
  interface SessionData {
    adminId: number;
    /** When the administrator signed in (ms): the absolute timeout counts from here. */
    signedInAt: number;
    flash: { type: 'success' | 'error'; text: string };
    /** A new invitation's link, shown once on the team page when no e-mail carries it, then dropped. */
    invitationLink: string;
  }
}

/** Idle timeout: the cookie and the stored session expire this long after the last request. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** Absolute timeout: a sign-in lasts at most this long, however busy. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;

export function createSessionMiddleware(
  db: Knex,
  secret: string,
): { middleware: RequestHandler; store: ConnectSessionKnexStore } {
  const store = new ConnectSessionKnexStore({
    knex: db,
    tableName: 'sessions',
    createTable: false,
    cleanupInterval: 15 * 60_000,
  });
  const middleware = session({
    name: 'vizit.sid',
    secret,
    store,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: SESSION_IDLE_MS, path: '/' },
  });
  return { middleware, store };
}
