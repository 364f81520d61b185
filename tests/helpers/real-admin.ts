/**
 * The administrator's side of a real server process: sign in through the login form and
 * create customers through the admin form, as a person would (over raw-http.ts).
 */
import Database from 'better-sqlite3';
import { cookieHeader, csrfFrom, formBody, rawRequest } from './raw-http.js';

export interface AdminSession {
  cookie: string;
  csrf: string;
}

export interface RealCustomer {
  id: number;
  slug: string;
  token: string;
}

/** GET /login for the CSRF token and cookie, POST /login, then GET /admin for a fresh token. */
export async function signInAdmin(baseUrl: string, email: string, password: string): Promise<AdminSession> {
  const login = await rawRequest(`${baseUrl}/login`);
  let cookie = cookieHeader(login);
  const form = formBody({ _csrf: csrfFrom(login.text), email, password });
  const signedIn = await rawRequest(`${baseUrl}/login`, { headers: { ...form.headers, cookie }, body: form.body });
  if (signedIn.status !== 303 || signedIn.headers.location !== '/admin') {
    throw new Error(`sign-in failed: ${signedIn.status} ${signedIn.text.slice(0, 200)}`);
  }
  cookie = cookieHeader(signedIn, cookie);
  const admin = await rawRequest(`${baseUrl}/admin`, { headers: { cookie } });
  if (admin.status !== 200) throw new Error(`GET /admin answered ${admin.status}`);
  return { cookie: cookieHeader(admin, cookie), csrf: csrfFrom(admin.text) };
}

/** POST /admin/customers (the form, answered 303); returns the new customer's id. */
async function createCustomerViaAdmin(
  baseUrl: string,
  session: AdminSession,
  name: string,
  surname: string,
): Promise<number> {
  const form = formBody({ _csrf: session.csrf, name, surname });
  const res = await rawRequest(`${baseUrl}/admin/customers`, {
    headers: { ...form.headers, cookie: session.cookie },
    body: form.body,
  });
  const id = Number(/^\/admin\/customers\/(\d+)\?created=1$/.exec(res.headers.location ?? '')?.[1]);
  if (res.status !== 303 || !Number.isInteger(id))
    throw new Error(`creating ${name} ${surname} failed: ${res.status} ${res.text.slice(0, 200)}`);
  return id;
}

/** A customer for each `[name, surname]`, made through the admin form, with slug and edit token as stored. */
export async function createCustomersViaAdmin(
  baseUrl: string,
  session: AdminSession,
  people: ReadonlyArray<readonly [string, string]>,
  sqliteFile: string,
): Promise<RealCustomer[]> {
  const ids: number[] = [];
  for (const [name, surname] of people) ids.push(await createCustomerViaAdmin(baseUrl, session, name, surname));
  return readCustomers(sqliteFile, ids);
}

/** Slug and edit token of each customer, as stored (read-only; the server may be running). */
function readCustomers(sqliteFile: string, ids: number[]): RealCustomer[] {
  const db = new Database(sqliteFile, { readonly: true, fileMustExist: true });
  try {
    const row = db.prepare<[number], { slug: string; edit_token: string }>(
      'select slug, edit_token from customers where id = ?',
    );
    return ids.map((id) => {
      const found = row.get(id);
      if (!found) throw new Error(`customer ${id} is not in the database`);
      return { id, slug: found.slug, token: found.edit_token };
    });
  } finally {
    db.close();
  }
}
