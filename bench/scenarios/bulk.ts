/**
 * n. The list's "all matching" bulk action on every customer: POST /admin/customers/bulk with
 * all_matching=1 deactivates all of them in one transaction (one UPDATE, each version raised,
 * one activity entry, its customers listed in admin_activity_customers). First every customer is made active, so the
 * figure is the whole table changing; afterwards the ones that were passive before are passive again and the rest
 * active, so the data set is as it was for any scenario after this one.
 */
import { cookieHeader, formBody, rawRequest, type RawResponse } from '../../tests/helpers/raw-http.js';
import { signInAdmin } from '../../tests/helpers/real-admin.js';
import type { BenchContext } from '../context.js';

const TARGET_MS = 2000;
/** The list's JSON answers 50 customers a page. */
const PER_PAGE = 50;

interface ListJson {
  total: number;
  customers: Array<{ id: number }>;
}

export async function benchBulk(ctx: BenchContext, credentials: { email: string; password: string }): Promise<void> {
  const session = await signInAdmin(ctx.appUrl, credentials.email, credentials.password);
  let cookie = session.cookie;
  const json = { accept: 'application/json' };

  const bulk = async (fields: Record<string, string>): Promise<{ ms: number; count: number }> => {
    const form = formBody({ _csrf: session.csrf, ...fields });
    const started = performance.now();
    const res: RawResponse = await rawRequest(`${ctx.appUrl}/admin/customers/bulk`, {
      method: 'POST',
      headers: { ...form.headers, ...json, cookie },
      body: form.body,
    });
    const ms = performance.now() - started;
    if (res.status !== 200)
      throw new Error(`POST /admin/customers/bulk ${fields.action} answered ${res.status}: ${res.text.slice(0, 300)}`);
    cookie = cookieHeader(res, cookie);
    return { ms, count: (JSON.parse(res.text) as { count: number }).count };
  };

  // The passive customers as the data set has them, to put back at the end.
  const passiveIds: number[] = [];
  for (let page = 1; ; page += 1) {
    const res = await rawRequest(`${ctx.appUrl}/admin?durum=pasif&page=${page}&sayfa=${page}`, {
      headers: { ...json, cookie },
    });
    if (res.status !== 200) throw new Error(`GET /admin?durum=pasif answered ${res.status}`);
    const list = JSON.parse(res.text) as ListJson;
    passiveIds.push(...list.customers.map((c) => c.id));
    if (list.customers.length < PER_PAGE) break;
  }
  const customers = await ctx.rows.count('select count(*) from customers');
  const activate = await bulk({ action: 'activate', all_matching: '1' });
  const deactivate = await bulk({ action: 'deactivate', all_matching: '1' });
  const allPassive = (await ctx.rows.count('select count(*) from customers where not is_active')) === customers;
  console.log(
    `  bulk: ${customers} customers; activated ${activate.count} in ${Math.round(activate.ms)} ms, then ` +
      `deactivated ${deactivate.count} in ${Math.round(deactivate.ms)} ms`,
  );

  await bulk({ action: 'activate', all_matching: '1' });
  for (let i = 0; i < passiveIds.length; i += 1000)
    await bulk({ action: 'deactivate', ids: passiveIds.slice(i, i + 1000).join(',') });
  const restored = (await ctx.rows.count('select count(*) from customers where not is_active')) === passiveIds.length;
  console.log(
    `  bulk: the ${passiveIds.length} customers passive before are passive again${restored ? '' : ' NOT restored!'}`,
  );

  const ok = allPassive && deactivate.count === customers;
  ctx.results.add({
    id: 'bulk.deactivate-all',
    what:
      `POST /admin/customers/bulk all_matching deactivate, ${deactivate.count} customers in one ` +
      `transaction${ok ? '' : ' NOT all changed!'}`,
    value: deactivate.ms,
    unit: 'ms',
    target: `< ${TARGET_MS} ms`,
    pass: ok && deactivate.ms < TARGET_MS,
  });
  ctx.results.add({
    id: 'bulk.activate-all',
    what: `POST /admin/customers/bulk all_matching activate, ${activate.count} passive customers`,
    value: activate.ms,
    unit: 'ms',
    target: '',
    pass: null,
  });
  ctx.results.detail('bulk', {
    customers,
    passiveBefore: passiveIds.length,
    activateMs: activate.ms,
    deactivateMs: deactivate.ms,
    restored,
  });
}
