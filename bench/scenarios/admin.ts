/**
 * c. The administrator's list (first page) and a search by surname with 10,000 customers,
 * signed in once through the real form (the throttle allows 5 failures per e-mail).
 */
import { rawRequest } from '../../tests/helpers/raw-http.js';
import { signInAdmin } from '../../tests/helpers/real-admin.js';
import type { BenchContext } from '../context.js';
import { describeStatuses, load } from '../load.js';
import { SEARCH_SURNAME } from '../names.js';

const WARMUP_S = 1;
const DURATION_S = 5;
const TARGET_P50_MS = 50;

export async function benchAdmin(ctx: BenchContext, credentials: { email: string; password: string }): Promise<void> {
  const { cookie } = await signInAdmin(ctx.appUrl, credentials.email, credentials.password);
  const search = `/admin?q=${encodeURIComponent(SEARCH_SURNAME)}`;
  const found = await rawRequest(`${ctx.appUrl}${search}`, { headers: { cookie, accept: 'application/json' } });
  const json = JSON.parse(found.text) as { total?: number; counts?: { customers?: number } };
  if (found.status !== 200 || typeof json.total !== 'number')
    throw new Error(`GET ${search} (JSON) answered ${found.status}`);
  console.log(`  admin: ${json.counts?.customers ?? '?'} customers, "${SEARCH_SURNAME}" matches ${json.total}`);
  ctx.results.detail('admin.search', { term: SEARCH_SURNAME, matches: json.total, customers: json.counts?.customers });

  const pages: Array<[string, string, string]> = [
    ['list', '/admin', 'GET /admin first page p50 (10k customers)'],
    ['search', search, `GET /admin?q=${SEARCH_SURNAME} p50 (${json.total} matches)`],
  ];
  for (const [id, path, what] of pages) {
    const result = await load({
      url: `${ctx.appUrl}${path}`,
      connections: 1,
      warmupS: WARMUP_S,
      durationS: DURATION_S,
      headers: { cookie, accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    // A 303 here would be the sign-in page: the session was lost and the figure meaningless.
    const ok = (result.statuses[200] ?? 0) === result.responses;
    if (!ok) console.log(`  admin ${id}: answers ${describeStatuses(result.statuses)}`);
    ctx.results.add({
      id: `admin.${id}.p50`,
      what: `${what}${ok ? '' : ' NOT all 200!'}`,
      value: result.p50,
      unit: 'ms',
      target: `< ${TARGET_P50_MS} ms`,
      pass: ok && result.p50 < TARGET_P50_MS,
    });
    ctx.results.add({
      id: `admin.${id}.p99`,
      what: `${what.replace(' p50', ' p99')}`,
      value: result.p99,
      unit: 'ms',
      target: '',
      pass: null,
    });
    ctx.results.detail(`admin.${id}`, result);
  }
}
