/**
 * m. The administrator's list at agency scale (issue 25): a search by phone, typed as people
 * write it ("0 (532) 123-45-67"), and a filtered page (a business word, active only, by name,
 * page 2) among the 10,000 customers; signed in once through the real form.
 */
import { rawRequest } from '../../tests/helpers/raw-http.js';
import { signInAdmin } from '../../tests/helpers/real-admin.js';
import { benchPhone, SEARCHED_CUSTOMER } from '../business-data.js';
import type { BenchContext } from '../context.js';
import { describeStatuses, load } from '../load.js';

const WARMUP_S = 1;
const DURATION_S = 5;
const TARGET_P50_MS = 50;

/** `+905xxxxxxxxx` as written on a card: `0 (5xx) xxx-xx-xx`. */
function typedAsOnACard(e164: string): string {
  const d = e164.slice(3);
  return `0 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8)}`;
}

export async function benchAdminList(
  ctx: BenchContext,
  credentials: { email: string; password: string },
): Promise<void> {
  const { cookie } = await signInAdmin(ctx.appUrl, credentials.email, credentials.password);
  const phone = typedAsOnACard(benchPhone(SEARCHED_CUSTOMER));
  const pages: Array<[string, string, string]> = [
    ['phone', `/admin?q=${encodeURIComponent(phone)}`, `GET /admin?q=${phone} (search by phone) p50`],
    [
      'filtered',
      '/admin?q=kuafor&durum=aktif&sira=ad&page=2',
      'GET /admin?q=kuafor&durum=aktif&sira=ad&page=2 (a filtered page) p50',
    ],
  ];
  for (const [id, path, what] of pages) {
    const found = await rawRequest(`${ctx.appUrl}${path}`, { headers: { cookie, accept: 'application/json' } });
    const json = JSON.parse(found.text) as { total?: number; counts?: { customers?: number } };
    if (found.status !== 200 || typeof json.total !== 'number')
      throw new Error(`GET ${path} (JSON) answered ${found.status}`);
    if (id === 'phone' && json.total !== 1) throw new Error(`the phone ${phone} found ${json.total} customers, not 1`);
    console.log(`  list ${id}: ${json.counts?.customers ?? '?'} customers, ${json.total} match ${path}`);
    ctx.results.detail(`list.${id}.matches`, { path, matches: json.total, customers: json.counts?.customers });

    const result = await load({
      url: `${ctx.appUrl}${path}`,
      connections: 1,
      warmupS: WARMUP_S,
      durationS: DURATION_S,
      headers: { cookie, accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    // A 303 here would be the sign-in page: the session was lost and the figure meaningless.
    const ok = (result.statuses[200] ?? 0) === result.responses;
    if (!ok) console.log(`  list ${id}: answers ${describeStatuses(result.statuses)}`);
    ctx.results.add({
      id: `list.${id}.p50`,
      what: `${what} (${json.total} matches)${ok ? '' : ' NOT all 200!'}`,
      value: result.p50,
      unit: 'ms',
      target: `< ${TARGET_P50_MS} ms`,
      pass: ok && result.p50 < TARGET_P50_MS,
    });
    ctx.results.add({
      id: `list.${id}.p99`,
      what: `${what.replace(' p50', ' p99')}`,
      value: result.p99,
      unit: 'ms',
      target: '',
      pass: null,
    });
    ctx.results.detail(`list.${id}`, result);
  }
}
