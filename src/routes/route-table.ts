/**
 * Routes registered from their declaration (http/route-guard.ts): who may call it, how a forged request is refused,
 * which body it reads and what throttles it. The chain is composed here, in one order for every route, and the
 * declaration kept on the router's route, where tests/unit/architecture/route-guards.test.ts reads it back beside
 * the chain. docs/architecture.md, Route guards.
 */
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import type { Access, AdminRole, BodyKind, CsrfGuard, OriginCheck, RouteGuard } from '../http/route-guard.js';
import { keepDeclaration } from '../http/route-guard.js';
import { ownerAccent } from '../middleware/brand-locals.js';
import { csrfProtection, csrfToken } from '../middleware/csrf.js';
import { importConfirmForm } from '../middleware/csv-upload.js';
import { flashLocals } from '../middleware/flash.js';
import { sameOriginOnly } from '../middleware/same-origin.js';
import { refuseCrossSite } from '../middleware/link-clicks.js';
import { privatePage, secretLinkPage } from '../middleware/security-headers.js';
import type { SignInCsrf } from '../middleware/sign-in-csrf.js';

/** What a chain holds: middleware, and the error handlers that answer a refused upload or a passive page. */
export type Handler = RequestHandler | ErrorRequestHandler;

/** The guarding middleware of this app, made once in app.ts. */
export interface Guards {
  session: RequestHandler;
  /** The check that a signed-in administrator of `role` is there (and has the second factor the rule asks for). */
  administrator: (role: AdminRole, beforeSecondFactor: boolean) => RequestHandler;
  /** Loads the customer of `:token` (the edit token); unknown is a 404. */
  ownerToken: RequestHandler;
  /** Loads the invitation of `:token`; unknown is a 404, used or expired a 410. */
  invitationToken: RequestHandler;
  brandLocals: RequestHandler;
  signInCsrf: SignInCsrf;
}

/** How a route file declares a route; what it leaves out has the default of its access. */
export interface RouteSpec {
  access: Access;
  csrf?: CsrfGuard;
  origin?: OriginCheck;
  /** The body read (`form` for a POST unless said); an upload names its parser. */
  body?:
    Exclude<BodyKind, 'multipart' | 'csv'> | { kind: 'multipart' | 'csv'; parser: RequestHandler; thenForm?: true };
  /** Run before the body is read: the record the URL names (a refused upload can then name its dialog). */
  load?: readonly Handler[];
  throttle?: readonly RequestHandler[];
  /** A secret in the URL: never sent on as a Referer (owner pages and e-mail links have it anyway). */
  secretUrl?: true;
}

/**
 * Express 5 leaves `req.body` undefined when a POST has no body at all (or another type);
 * an empty form it is, so every handler meets a missing field, not a missing body.
 */
const bodyOrEmpty: RequestHandler = (req, _res, next) => {
  req.body ??= {};
  next();
};
const urlencoded = (limit: string, parameterLimit: number) => [
  express.urlencoded({ extended: false, limit, parameterLimit }),
  bodyOrEmpty,
];
const PARSERS: Record<Exclude<BodyKind, 'multipart' | 'csv'>, RequestHandler[]> = {
  none: [],
  /** Small url-encoded forms only; anything bigger is a 413. */
  form: urlencoded('32kb', 50),
  /** The list's bulk form: a page's 50 checkboxes and more (validation/bulk-action.validation.ts caps ids at 1,000). */
  'bulk-form': urlencoded('32kb', 1100),
  /**
   * Every text of a card in four languages on one form (docs/product.md, Languages): 500 items' names and descriptions
   * and the rest, each up to 300 characters percent-encoded.
   */
  'translations-form': urlencoded('8mb', 5000),
  /** A visitor's message: room for far more than 500 characters, so an overlong one comes back with its text. */
  'message-form': urlencoded('64kb', 10),
  /** An import's confirmation, carrying the previewed file back. */
  'file-form': importConfirmForm,
};

/** The owner's writes carry no CSRF token: the edit token in the URL is one a forging site cannot know. */
const OWNER_CSRF: CsrfGuard = {
  kind: 'none',
  reason: 'the edit token in the URL is the credential and a secret: a forging site cannot know it',
};

/** The invitee's form carries no CSRF token, as the owner's: the invitation token in the URL is the secret. */
const INVITATION_CSRF: CsrfGuard = {
  kind: 'none',
  reason: 'the invitation token in the URL is the credential and a secret: a forging site cannot know it',
};

const READ_ONLY: CsrfGuard = { kind: 'none', reason: 'a GET changes nothing' };

/** The CSRF guard of an access; a state-changing public or e-mail-link route must say its own. */
function defaultCsrf(access: Access, changes: boolean, route: string): CsrfGuard {
  switch (access.kind) {
    case 'administrator':
    case 'session':
      return { kind: 'session-token' };
    case 'signed-out':
      return { kind: 'sign-in-cookie' };
    case 'owner':
      return changes ? OWNER_CSRF : READ_ONLY;
    case 'invitation':
      return changes ? INVITATION_CSRF : READ_ONLY;
    case 'public':
    case 'secret-link':
      if (changes) throw new Error(`${route}: a state-changing route says why it needs no CSRF token`);
      return READ_ONLY;
  }
}

const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete']);

export class RouteTable {
  constructor(
    private readonly app: Express,
    private readonly guards: Guards,
  ) {}

  get(path: string, spec: RouteSpec, ...handlers: Handler[]): void {
    this.add('get', path, spec, handlers);
  }

  post(path: string, spec: RouteSpec, ...handlers: Handler[]): void {
    this.add('post', path, spec, handlers);
  }

  private add(method: 'get' | 'post', path: string, spec: RouteSpec, handlers: Handler[]): void {
    const changes = STATE_CHANGING.has(method);
    const csrf = spec.csrf ?? defaultCsrf(spec.access, changes, `${method.toUpperCase()} ${path}`);
    const bodySpec = spec.body ?? (changes ? 'form' : 'none');
    const guard: RouteGuard = {
      method: method.toUpperCase(),
      path,
      access: spec.access,
      csrf,
      origin: spec.origin ?? (changes ? 'same-origin' : 'any'),
      body: typeof bodySpec === 'string' ? bodySpec : bodySpec.kind,
      throttles: spec.throttle?.length ?? 0,
    };
    const route = this.app.route(path);
    route[method](...this.chain(guard, spec, changes), ...handlers);
    keepDeclaration(route, guard);
  }

  /**
   * Headers, then the origin, the credential, the views' locals, the loaders, the CSRF token for the page's forms,
   * the body, the CSRF check and the throttles: a body is read only once the credential holds, and a public route
   * finds its page first (an unknown or passive one is its 404 or 403 whatever else is wrong).
   */
  private chain(guard: RouteGuard, spec: RouteSpec, changes: boolean): Handler[] {
    const { access } = guard;
    const g = this.guards;
    const chain: Handler[] = [];
    const isPublic = access.kind === 'public';
    if (!isPublic) chain.push(privatePage);
    const secret = access.kind === 'owner' || access.kind === 'invitation' || access.kind === 'secret-link';
    if (secret || spec.secretUrl) chain.push(secretLinkPage);
    if (isPublic) chain.push(...(spec.load ?? []));
    if (guard.origin === 'same-origin') chain.push(sameOriginOnly);
    if (guard.origin === 'not-cross-site') chain.push(refuseCrossSite);
    if (access.kind === 'administrator')
      chain.push(g.session, g.administrator(access.role, access.beforeSecondFactor === true));
    if (access.kind === 'session') chain.push(g.session);
    if (access.kind === 'owner') chain.push(g.ownerToken);
    if (access.kind === 'invitation') chain.push(g.invitationToken);
    if (!isPublic && access.kind !== 'session') chain.push(g.brandLocals);
    if (access.kind === 'owner') chain.push(ownerAccent);
    if (access.kind === 'administrator' && !changes) chain.push(flashLocals);
    if (!isPublic) chain.push(...(spec.load ?? []));
    if (access.kind === 'administrator') chain.push(csrfToken);
    if (guard.csrf.kind === 'sign-in-cookie') chain.push(g.signInCsrf.token);
    chain.push(...this.parsers(spec.body ?? (changes ? 'form' : 'none')));
    if (changes && guard.csrf.kind === 'session-token') chain.push(csrfProtection);
    if (changes && guard.csrf.kind === 'sign-in-cookie') chain.push(g.signInCsrf.protection);
    chain.push(...(spec.throttle ?? []));
    return chain;
  }

  private parsers(body: NonNullable<RouteSpec['body']>): RequestHandler[] {
    if (typeof body === 'string') return PARSERS[body];
    return [body.parser, bodyOrEmpty, ...(body.thenForm ? PARSERS.form : [])];
  }
}

/** Anyone's route; a state-changing one says why it needs no CSRF token. */
export const visitor = (spec: Omit<RouteSpec, 'access'> = {}): RouteSpec => ({ access: { kind: 'public' }, ...spec });

/**
 * A signed-in administrator's route, of at least `role` (every administrator, `editor`, unless said);
 * `beforeSecondFactor` for the pages that turn the second factor on (route-guard.ts, Access).
 */
export const administrator = (
  spec: Omit<RouteSpec, 'access'> & { role?: AdminRole; beforeSecondFactor?: true } = {},
): RouteSpec => {
  const { role = 'editor', beforeSecondFactor, ...rest } = spec;
  return { access: { kind: 'administrator', role, ...(beforeSecondFactor ? { beforeSecondFactor } : {}) }, ...rest };
};

/** The owner's route under `/edit/:token`. */
export const owner = (spec: Omit<RouteSpec, 'access'> = {}): RouteSpec => ({ access: { kind: 'owner' }, ...spec });

/** The invitee's route under `/admin/invite/:token`. */
export const invitation = (spec: Omit<RouteSpec, 'access'> = {}): RouteSpec => ({
  access: { kind: 'invitation' },
  ...spec,
});

/** A route for the signed-out visitor (signing in, a forgotten password), with the reason it is not an admin's. */
export const signedOut = (reason: string, spec: Omit<RouteSpec, 'access'> = {}): RouteSpec => ({
  access: { kind: 'signed-out', reason },
  ...spec,
});
