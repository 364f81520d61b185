/**
 * c. The administrator's list (first page) and a search by surname with 10,000 customers,
 * signed in through the real form: GET /login for the CSRF token and cookie, POST /login.
 */
import type { BenchContext } from '../context.js';
import { cookiesOf, inputValue, request } from '../http.js';
import { describeStatuses, load } from '../load.js';
import { SEARCH_SURNAME } from '../names.js';

const WARMUP_S = 1;
const DURATION_S = 5;
const TARGET_P50_MS = 50;
const SESSION_COOKIE = 'vizit.sid';

/** Signs in once, correctly (the throttle allows 5 failures per e-mail); returns the Cookie header. */
async function signIn(appUrl: string, email: string, password: string): Promise<string> {
  const form = await request(`${appUrl}/login`);
  const csrf = inputValue(form.body.toString('utf8'), '_csrf');
  const first = cookiesOf(form).get(SESSION_COOKIE);
  if (form.status !== 200 || !csrf || !first) throw new Error(`GET /login gave status ${form.status}, csrf ${csrf ? 'found' : 'missing'}, cookie ${first ? 'set' : 'missing'}`);
  const body = new URLSearchParams({ email, password, _csrf: csrf }).toString();
  const res = await request(`${appUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${SESSION_COOKIE}=${first}` },
    body,
  });
  // The session id is regenerated on sign-in, so the cookie to keep is the new one.
  const session = cookiesOf(res).get(SESSION_COOKIE);
  if (res.status !== 303 || res.headers.location !== '/admin' || !session) throw new Error(`POST /login answered ${res.status} ${res.headers.location ?? ''}`);
  return `${SESSION_COOKIE}=${session}`;
}

export async function benchAdmin(ctx: BenchContext, credentials: { email: string; password: string }): Promise<void> {
  const cookie = await signIn(ctx.appUrl, credentials.email, credentials.password);
  const search = `/admin?q=${encodeURIComponent(SEARCH_SURNAME)}`;
  const found = await request(`${ctx.appUrl}${search}`, { headers: { cookie, accept: 'application/json' } });
  const json = JSON.parse(found.body.toString('utf8')) as { total?: number; counts?: { customers?: number } };
  if (found.status !== 200 || typeof json.total !== 'number') throw new Error(`GET ${search} (JSON) answered ${found.status}`);
  console.log(`  admin: ${json.counts?.customers ?? '?'} customers, "${SEARCH_SURNAME}" matches ${json.total}`);
  ctx.results.detail('admin.search', { term: SEARCH_SURNAME, matches: json.total, customers: json.counts?.customers });

  const pages: Array<[string, string, string]> = [
    ['list', '/admin', 'GET /admin first page p50 (10k customers)'],
    ['search', search, `GET /admin?q=${SEARCH_SURNAME} p50 (${json.total} matches)`],
  ];
  for (const [id, path, what] of pages) {
    const result = await load({
      url: `${ctx.appUrl}${path}`, connections: 1, warmupS: WARMUP_S, durationS: DURATION_S,
      headers: { cookie, accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    // A 303 here would be the sign-in page: the session was lost and the figure meaningless.
    const ok = (result.statuses[200] ?? 0) === result.responses;
    if (!ok) console.log(`  admin ${id}: answers ${describeStatuses(result.statuses)}`);
    ctx.results.add({
      id: `admin.${id}.p50`, what: `${what}${ok ? '' : ' NOT all 200!'}`, value: result.p50, unit: 'ms',
      target: `< ${TARGET_P50_MS} ms`, pass: ok && result.p50 < TARGET_P50_MS,
    });
    ctx.results.add({ id: `admin.${id}.p99`, what: `${what.replace(' p50', ' p99')}`, value: result.p99, unit: 'ms', target: '', pass: null });
    ctx.results.detail(`admin.${id}`, result);
  }
}
