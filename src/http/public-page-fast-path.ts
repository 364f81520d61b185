import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Express } from 'express';
import type { Logger } from '../logger.js';
import { requestView, type FastPath, type PublicRequest } from './public-request.js';
import {
  serveOrNext,
  type HeldPage,
  type HeldPages,
  type HeldResponsePage,
  type ServeOrNextDeps,
} from './serve-or-next.js';
import { isCountableVisit } from './visit-filter.js';
import type { VisitSource } from '../domain/visit-source.js';
import { visitSourceOf } from './visit-source.js';
import type { ExtraLanguage, Language } from '../i18n/languages.js';
import { pageLanguageOf, variesByLanguage } from './page-language.js';

/** Which loads count as views: a few per client address and profile. */
export interface VisitAllowance {
  counts(ip: string | undefined, customerId: number, at: number): boolean;
}

/** Where a counted view goes (written off the request path). */
export interface VisitRecorder {
  record(customerId: number, at: number, source: VisitSource): void;
}

/** The held profile pages, one per language, and the newest customer row any of them was rendered for. */
export interface LanguagePages<P extends HeldResponsePage> extends HeldPages<P> {
  held(slug: string, lang?: Language): HeldPage<P> | null;
  lastKnown(slug: string): { readonly version: number; readonly languages: readonly ExtraLanguage[] } | null;
}

export interface FastPathDeps<P extends HeldResponsePage> extends ServeOrNextDeps<P> {
  views: VisitRecorder;
  /**
   * Which loads count as views: a few per client address and profile (`req.ip`, behind TRUST_PROXY as Express reads
   * it).
   */
  viewAllowance: VisitAllowance;
  now: () => number;
}

/** The profile's fast path reads the held page of the visitor's language. */
export interface ProfileFastPathDeps<P extends HeldResponsePage> extends FastPathDeps<P> {
  pages: LanguagePages<P>;
}

/** `/{slug}` with nothing after it but a query: the one path shape a public page has. */
const PAGE_PATH = /^\/[a-z0-9-]{1,140}$/;

/**
 * The public page's fast path (docs/architecture.md, One public request): run before the Express
 * app's router (withFastPath), so a page load reaches its page without walking every other
 * route, helmet and compression. It answers only a GET or HEAD of `/{slug}` (not `?sent=1` or
 * `?lead=1`) whose page is already in the cache (the full route rendered it, so no other route
 * takes that path), through serveOrNext, and records the view as the full route does; it hands
 * the request on otherwise.
 */
export function publicPageFastPath<P extends HeldResponsePage>(d: ProfileFastPathDeps<P>): FastPath {
  const countView = (req: PublicRequest, customerId: number) => {
    if (!isCountableVisit(req)) return;
    const at = d.now();
    if (d.viewAllowance.counts(req.ip, customerId, at)) d.views.record(customerId, at, visitSourceOf(req, d.baseUrl));
  };
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = req.url;
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    if (!PAGE_PATH.test(path)) return next();
    const slug = path.slice(1);
    // The card's languages as the newest held page knows them: its version is checked against the row read now, and
    // the page chosen must be of that same version, so the languages it was chosen among are the card's current ones.
    const row = d.pages.lastKnown(slug);
    // After a message or a contact form was sent the page is rendered for that response alone.
    if (!row || (queryAt !== -1 && (req.query.sent !== undefined || req.query.lead !== undefined))) return next();
    const choice = pageLanguageOf(req, row.languages);
    const held = d.pages.held(slug, choice.lang);
    if (!held || held.page.version !== row.version) return next();
    const varies = variesByLanguage(choice, row.languages);
    serveOrNext(d, held, path, req, res, next, countView, varies);
  };
}

/**
 * The listener the HTTP server runs: the fast path first, the Express app for whatever it hands
 * on. The fast path reads the request through requestView, as any handler reads it (the origin
 * behind TRUST_PROXY, the query, Accept-Encoding), and answers on Node's own response, without
 * the router's walk (docs/architecture.md, One public request); the app gives the request and
 * response its prototypes when it takes them. Should the fast path fail, the full route answers
 * instead, unless it had already begun to answer.
 */
export function withFastPath(app: Express, fastPath: FastPath, logger: Logger): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const next = (err?: unknown) => {
      if (err !== undefined && err !== null) {
        logger.error({ err }, 'public page fast path failed');
        if (res.headersSent) {
          res.destroy();
          return;
        }
      }
      app(req, res);
    };
    try {
      fastPath(requestView(app, req), res, next);
    } catch (err) {
      next(err);
    }
  };
}
