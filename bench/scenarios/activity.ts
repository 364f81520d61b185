/**
 * l. The activity log with 100,000 entries (bench/activity-dataset.ts): its first page, a
 * customer's entries and one administrator's, signed in once through the real form.
 */
import { rawRequest } from '../../tests/helpers/raw-http.js';
import { signInAdmin } from '../../tests/helpers/real-admin.js';
import type { BenchContext } from '../context.js';
import { describeStatuses, load } from '../load.js';

const WARMUP_S = 1;
const DURATION_S = 5;
const TARGET_P50_MS = 50;

export async function benchActivity(
  ctx: BenchContext,
  credentials: { email: string; password: string },
): Promise<void> {
  const { cookie } = await signInAdmin(ctx.appUrl, credentials.email, credentials.password);
  const entries = await ctx.rows.count('select count(*) from admin_activity');
  console.log(`  activity log: ${entries} entries`);
  const pages: Array<[string, string, string]> = [
    ['first', '/admin/activity', `GET /admin/activity first page p50 (${entries} entries)`],
    ['customer', `/admin/activity?musteri=${ctx.profile.id}`, 'GET /admin/activity?musteri= (one customer) p50'],
    ['admin', '/admin/activity?yonetici=2', 'GET /admin/activity?yonetici= (one administrator) p50'],
  ];
  for (const [id, path, what] of pages) {
    const probe = await rawRequest(`${ctx.appUrl}${path}`, { headers: { cookie } });
    if (probe.status !== 200 || !probe.text.includes('activity-list__item'))
      throw new Error(`GET ${path} answered ${probe.status} without entries`);
    const result = await load({
      url: `${ctx.appUrl}${path}`,
      connections: 1,
      warmupS: WARMUP_S,
      durationS: DURATION_S,
      headers: { cookie, accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    // A 303 here would be the sign-in page: the session was lost and the figure meaningless.
    const ok = (result.statuses[200] ?? 0) === result.responses;
    if (!ok) console.log(`  activity ${id}: answers ${describeStatuses(result.statuses)}`);
    ctx.results.add({
      id: `activity.${id}.p50`,
      what: `${what}${ok ? '' : ' NOT all 200!'}`,
      value: result.p50,
      unit: 'ms',
      target: `< ${TARGET_P50_MS} ms`,
      pass: ok && result.p50 < TARGET_P50_MS,
    });
    ctx.results.add({
      id: `activity.${id}.p99`,
      what: what.replace(' p50', ' p99'),
      value: result.p99,
      unit: 'ms',
      target: '',
      pass: null,
    });
    ctx.results.detail(`activity.${id}`, result);
  }
}
