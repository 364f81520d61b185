/**
 * The route guards of docs/architecture.md, checked on the real app's router: every route is declared, every
 * state-changing one is refused when forged (a CSRF check, or a reason why none applies), every admin route checks
 * the administrator and every owner route the edit token. Each claim is checked on the middleware the chain
 * actually holds, not only on what was declared.
 */
import { describe, expect, it } from 'vitest';
import { realRoutes, type RouteEntry } from '../../helpers/route-list.js';

const routes = await realRoutes();
const name = (r: RouteEntry) => `${r.method} ${r.path}`;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const changing = routes.filter((r) => STATE_CHANGING.has(r.method));

/** What a route's chain lacks of what its declaration promises. */
function missingGuards(r: RouteEntry): string[] {
  const d = r.declared;
  if (!d) return ['a declaration'];
  const missing: string[] = [];
  const has = (mark: (typeof r.marks)[number], why: string) => {
    if (!r.marks.includes(mark)) missing.push(why);
  };
  if (d.access.kind === 'administrator') has('administrator', 'the administrator check');
  if (d.access.kind === 'owner') has('owner-token', 'the edit token check');
  if (d.access.kind === 'invitation') has('invitation-token', 'the invitation token check');
  if (STATE_CHANGING.has(r.method)) {
    if (d.csrf.kind !== 'none') has('csrf', 'the CSRF check');
    if (d.origin === 'same-origin') has('same-origin', 'the same-origin check');
    if (d.origin === 'not-cross-site') has('not-cross-site', 'the cross-site refusal');
  }
  return missing;
}

describe('the route table, read from the real router', () => {
  it('finds the routes (the walk itself works)', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(changing.length).toBeGreaterThan(60);
  });

  it('leaves no route undeclared, and each declaration is of its own route', () => {
    const wrong = routes
      .filter((r) => r.declared?.method !== r.method || r.declared.path !== r.path)
      .map((r) => `${name(r)}: ${r.declared ? `declared as ${r.declared.method} ${r.declared.path}` : 'undeclared'}`);
    expect(wrong).toEqual([]);
  });

  it('gives every route the guards its declaration names', () => {
    const lacking = routes.map((r) => ({ route: name(r), lacks: missingGuards(r) })).filter((r) => r.lacks.length);
    expect(lacking).toEqual([]);
  });

  it('checks CSRF on every state-changing route, or says why none applies', () => {
    const unguarded = changing
      .filter((r) => (r.declared?.csrf.kind === 'none' ? !r.declared.csrf.reason.trim() : !r.marks.includes('csrf')))
      .map(name);
    expect(unguarded).toEqual([]);
  });

  it('lets a state-changing route go without a CSRF token only on a secret URL or for a visitor', () => {
    // An administrator's session and a sign-in form are exactly what a forged form rides on: they always check.
    const kinds = new Set(['owner', 'invitation', 'public', 'secret-link']);
    const tokenless = changing
      .filter((r) => r.declared?.csrf.kind === 'none' && !kinds.has(r.declared.access.kind))
      .map(name);
    expect(tokenless).toEqual([]);
  });

  it('checks the origin of every state-changing route but the one-click unsubscribe', () => {
    const anyOrigin = changing
      .filter((r) => !r.marks.includes('same-origin') && !r.marks.includes('not-cross-site'))
      .map(name);
    expect(anyOrigin).toEqual(['POST /notifications/unsubscribe/:token']);
  });

  it("checks the administrator on every /admin route but the invitee's, which checks its invitation token", () => {
    // The invitee is no administrator yet: their one page under /admin is guarded by the token in its URL instead.
    const isInvitee = (r: RouteEntry) => r.path === '/admin/invite/:token';
    const adminRoutes = routes.filter((r) => r.path === '/admin' || r.path.startsWith('/admin/'));
    const open = adminRoutes
      .filter((r) => !isInvitee(r))
      .filter((r) => r.declared?.access.kind !== 'administrator' || !r.marks.includes('administrator'))
      .map(name);
    expect(open).toEqual([]);
    const invitee = adminRoutes.filter(isInvitee);
    expect(invitee.map(name)).toEqual(['GET /admin/invite/:token', 'POST /admin/invite/:token']);
    const unchecked = invitee
      .filter((r) => r.declared?.access.kind !== 'invitation' || !r.marks.includes('invitation-token'))
      .map(name);
    expect(unchecked).toEqual([]);
  });

  it("asks, on every admin route's chain, for exactly the role its declaration names", () => {
    const wrong = routes
      .filter((r) => r.declared?.access.kind === 'administrator' && r.roles.join() !== r.declared.access.role)
      .map((r) => `${name(r)}: asks ${r.roles.join(', ') || 'no role'}`);
    expect(wrong).toEqual([]);
  });

  it('names settings, rule and team for the sahip; deletes, exports, companies for a yonetici; any the rest', () => {
    const needing = (role: string) =>
      routes
        .filter((r) => r.declared?.access.kind === 'administrator' && r.declared.access.role === role)
        .map(name)
        .sort();
    expect(needing('sahip')).toEqual([
      'GET /admin/settings',
      'GET /admin/team',
      'POST /admin/security/policy',
      'POST /admin/settings',
      'POST /admin/settings/test-email',
      'POST /admin/team/:id/activate',
      'POST /admin/team/:id/deactivate',
      'POST /admin/team/:id/role',
      'POST /admin/team/invitations/:id/revoke',
      'POST /admin/team/invite',
    ]);
    expect(needing('yonetici')).toEqual([
      'GET /admin/codes/:batch.csv',
      'GET /admin/companies/:id/members.csv',
      'GET /admin/customers.csv',
      'GET /admin/customers/:id/export',
      'POST /admin/codes',
      'POST /admin/companies',
      'POST /admin/companies/:id/hours',
      'POST /admin/companies/:id/links',
      'POST /admin/companies/:id/links/:linkId/delete',
      'POST /admin/companies/:id/look',
      'POST /admin/companies/:id/template',
      'POST /admin/companies/:id/translations',
      'POST /admin/customers/:id/assignee',
      'POST /admin/customers/:id/delete',
    ]);
  });

  it("lets an administrator without the rule's second factor reach only the page that turns it on", () => {
    const before = routes
      .filter((r) => r.declared?.access.kind === 'administrator' && r.declared.access.beforeSecondFactor === true)
      .map(name)
      .sort();
    expect(before).toEqual(['GET /admin/security', 'POST /admin/security']);
  });

  it('keeps the signed-out routes (signing in, a forgotten password) under /login, each with its reason', () => {
    const signedOut = routes.filter((r) => r.declared?.access.kind === 'signed-out');
    expect(signedOut.filter((r) => !r.path.startsWith('/login')).map(name)).toEqual([]);
    const access = signedOut.map((r) => r.declared?.access);
    expect(access.filter((a) => !(a && 'reason' in a && a.reason.trim()))).toEqual([]);
  });

  it('checks the edit token on every /edit/:token route, before anything else reads the request', () => {
    const open = routes
      .filter((r) => r.path === '/edit/:token' || r.path.startsWith('/edit/:token/'))
      .filter((r) => r.declared?.access.kind !== 'owner' || !r.marks.includes('owner-token'))
      .map(name);
    expect(open).toEqual([]);
  });

  it('checks the administrator, the edit token and the invitation token before the CSRF token', () => {
    const late = routes
      .filter((r) => {
        const csrf = r.marks.indexOf('csrf');
        const credential = Math.max(
          r.marks.indexOf('administrator'),
          r.marks.indexOf('owner-token'),
          r.marks.indexOf('invitation-token'),
        );
        return csrf !== -1 && credential > csrf;
      })
      .map(name);
    expect(late).toEqual([]);
  });
});
