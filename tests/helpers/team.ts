/**
 * The agency's team in tests (docs/product.md, Administrators and roles): another administrator of a given role, put
 * straight into the database (of a browser test's running app too), and a signed-in session for them through the
 * real sign-in form.
 */
import request from 'supertest';
import type { AdminRoleName } from '../../src/domain/admin-role.js';
import { csrfFrom, type TestApp } from './app.js';

/** Every administrator these helpers add signs in with it. */
export const TEAM_PASSWORD = 'baska-dogru-sifre-456';

/** A signed-in cookie jar and a CSRF token for its forms. */
export interface Session {
  agent: request.Agent;
  csrf: string;
}

export interface TeamMember {
  role?: AdminRoleName;
  onlyAssigned?: boolean;
  name?: string;
}

/** A new administrator (`editor` unless told) with TEAM_PASSWORD; answers their id. */
export async function addAdministrator(t: TestApp, email: string, member: TeamMember = {}): Promise<number> {
  const admin = await t.services.auth.createAdministrator(email, TEAM_PASSWORD);
  await t
    .db('administrators')
    .where({ id: admin.id })
    .update({ role: member.role ?? 'editor', only_assigned: member.onlyAssigned ?? false, name: member.name ?? null });
  return admin.id;
}

/**
 * Signs `email` in through /login (which sends every administrator to /admin) and reads a CSRF token from `landing`
 * (the list, or the security page an administrator without a second factor is held on under "ikinci adım zorunlu").
 */
export async function signInAs(
  app: TestApp['app'],
  email: string,
  options: { password?: string; landing?: string } = {},
): Promise<Session> {
  const agent = request.agent(app);
  const login = await agent.get('/login');
  await agent
    .post('/login')
    .type('form')
    .send({ _csrf: csrfFrom(login.text), email, password: options.password ?? TEAM_PASSWORD })
    .expect(303)
    .expect('Location', '/admin');
  const page = await agent.get(options.landing ?? '/admin').expect(200);
  return { agent, csrf: csrfFrom(page.text) };
}

/** addAdministrator, then signed in: the session and the id. */
export async function addSignedInAdministrator(
  t: TestApp,
  email: string,
  member: TeamMember = {},
): Promise<[Session, number]> {
  const id = await addAdministrator(t, email, member);
  return [await signInAs(t.app, email), id];
}
