/**
 * What guards a route, declared once where the route is registered (routes/route-table.ts) and kept on the
 * router's own route object, so a test can read every route's declaration from the real app and compare it with
 * the middleware its chain actually holds (the marks below). docs/architecture.md, Route guards.
 */

import type { AdminRoleName } from '../domain/admin-role.js';

/**
 * The least role a route needs (domain/admin-role.ts): `editor` is every administrator, `yonetici` a manager or the
 * owner, `sahip` the owner alone. The administrator check is told it and carries it on its mark.
 */
export type AdminRole = AdminRoleName;

/** Who may call a route, and what proves it. */
export type Access =
  /** Anyone: the public page and what is made from it. */
  | { kind: 'public' }
  /** The owner: the edit token in the URL, loaded and checked before anything else reads the request. */
  | { kind: 'owner' }
  /**
   * A signed-in administrator of at least this role. `beforeSecondFactor`: reachable while the agency's rule asks for a
   * second factor this administrator has not turned on yet (the pages that turn it on); every other admin route sends
   * them there first.
   */
  | { kind: 'administrator'; role: AdminRole; beforeSecondFactor?: true }
  /**
   * The invitee of the team page (docs/product.md, Administrators and roles): the invitation token in the URL,
   * checked before anything else reads the request, like the owner's edit token. Under /admin, but for someone who
   * is no administrator yet.
   */
  | { kind: 'invitation' }
  /** A visitor signing in (or resetting a password): no administrator yet, by nature. */
  | { kind: 'signed-out'; reason: string }
  /** Whoever holds the session cookie, signed in or not any more (signing out). */
  | { kind: 'session'; reason: string }
  /** The holder of a secret link from an e-mail, whose token the handler checks. */
  | { kind: 'secret-link'; reason: string };

/** How a state-changing request is proved to come from our own page. */
export type CsrfGuard =
  /** The session's synchroniser token (middleware/csrf.ts). */
  | { kind: 'session-token' }
  /** The sign-in form's signed cookie, before any session exists (middleware/sign-in-csrf.ts). */
  | { kind: 'sign-in-cookie' }
  /** No token: why none is needed or possible. */
  | { kind: 'none'; reason: string };

/** Which sites a state-changing request may come from (checked before any body is read). */
export type OriginCheck = 'same-origin' | 'not-cross-site' | 'any';

/** What body a route reads: a form of a size, a multipart upload, a CSV upload, or none at all. */
export type BodyKind =
  'none' | 'form' | 'bulk-form' | 'translations-form' | 'message-form' | 'file-form' | 'multipart' | 'csv';

/** One route's declaration, as the route table registered it. */
export interface RouteGuard {
  method: string;
  path: string;
  access: Access;
  csrf: CsrfGuard;
  origin: OriginCheck;
  body: BodyKind;
  /** How many throttles run before the handler. */
  throttles: number;
}

/** A file anyone may GET, served outside the route table (robots.txt, in app-shell.ts). */
export function publicFile(path: string): RouteGuard {
  return {
    method: 'GET',
    path,
    access: { kind: 'public' },
    csrf: { kind: 'none', reason: 'a GET changes nothing' },
    origin: 'any',
    body: 'none',
    throttles: 0,
  };
}

/** What a guarding middleware is, marked on the function itself. */
export type GuardMark =
  'administrator' | 'owner-token' | 'invitation-token' | 'csrf' | 'same-origin' | 'not-cross-site';

const MARK = Symbol('vizit.guardMark');
const ROLE = Symbol('vizit.guardRole');
const DECLARATION = Symbol('vizit.routeGuard');

/** Marks `fn` as the guard it is, for the route test to find in a chain. */
export function markGuard<T extends object>(fn: T, mark: GuardMark): T {
  Object.defineProperty(fn, MARK, { value: mark });
  return fn;
}

/** Marks `fn` as the administrator check asking for `role`. */
export function markAdministratorGuard<T extends object>(fn: T, role: AdminRole): T {
  Object.defineProperty(fn, ROLE, { value: role });
  return markGuard(fn, 'administrator');
}

/** The role an administrator check in a chain asks for. */
export function guardRoleOf(fn: unknown): AdminRole | undefined {
  return typeof fn === 'function' ? (fn as unknown as Record<symbol, AdminRole | undefined>)[ROLE] : undefined;
}

export function guardMarkOf(fn: unknown): GuardMark | undefined {
  return typeof fn === 'function' ? (fn as unknown as Record<symbol, GuardMark | undefined>)[MARK] : undefined;
}

/** Keeps the declaration on the router's route object it guards. */
export function keepDeclaration(route: object, guard: RouteGuard): void {
  Object.defineProperty(route, DECLARATION, { value: Object.freeze(guard) });
}

export function declarationOf(route: unknown): RouteGuard | undefined {
  return typeof route === 'object' && route !== null
    ? (route as Record<symbol, RouteGuard | undefined>)[DECLARATION]
    : undefined;
}
