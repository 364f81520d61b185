/**
 * r. One change, every card (docs/product.md, Companies): a company of 500 members, the bench profile among them, has
 * its template saved (POST /admin/companies/{id}/template: the template written, the company's and every member's
 * version raised in one transaction); then the bench profile's page is viewed and must show the new business name.
 * The page is viewed once before the save so the figure is a cached page being renewed. Afterwards the members leave
 * the company again, so the data set is as it was for any scenario after this one.
 */
import { cookieHeader, formBody, multipartBody, rawRequest } from '../../tests/helpers/raw-http.js';
import { signInAdmin } from '../../tests/helpers/real-admin.js';
import type { BenchContext } from '../context.js';

const TARGET_MS = 1000;
const MEMBERS = 500;

export async function benchCompanyTemplate(
  ctx: BenchContext,
  credentials: { email: string; password: string },
): Promise<void> {
  const session = await signInAdmin(ctx.appUrl, credentials.email, credentials.password);
  let cookie = session.cookie;
  const json = { accept: 'application/json' };
  const post = async (path: string, fields: Record<string, string>): Promise<Record<string, unknown>> => {
    const form = formBody({ _csrf: session.csrf, ...fields });
    const res = await rawRequest(`${ctx.appUrl}${path}`, {
      method: 'POST',
      headers: { ...form.headers, ...json, cookie },
      body: form.body,
    });
    if (res.status !== 200) throw new Error(`POST ${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
    cookie = cookieHeader(res, cookie);
    return JSON.parse(res.text) as Record<string, unknown>;
  };

  const created = await post('/admin/companies', { name: 'Bench Emlak Ofisi', slug: '' });
  const companyId = (created.company as { id: number }).id;
  const ids = Array.from({ length: MEMBERS }, (_, i) => String(ctx.profile.id + i));
  const joined = Number((await post(`/admin/companies/${companyId}/members`, { ids: ids.join(',') })).count);

  const pageOf = async (): Promise<string> => {
    const res = await rawRequest(`${ctx.appUrl}/${ctx.profile.slug}`);
    if (res.status !== 200) throw new Error(`GET /${ctx.profile.slug} answered ${res.status}`);
    return res.text;
  };
  await pageOf();

  const name = `Bench Gayrimenkul ${Date.now()}`;
  const form = multipartBody(
    {
      _csrf: session.csrf,
      company: name,
      address_line: 'Bağdat Cad. No: 5',
      district: 'Kadıköy',
      city: 'İstanbul',
      postal_code: '34710',
      website: 'benchemlak.com.tr',
      phone: '0216 555 44 33',
      email: 'ofis@benchemlak.com.tr',
      accent: '#0f766e',
      lock_company: '1',
      lock_address_line: '1',
    },
    // A browser sends an empty file part when no logo is chosen.
    { field: 'logo', name: '', type: 'application/octet-stream', data: Buffer.alloc(0) },
  );
  const started = performance.now();
  const saved = await rawRequest(`${ctx.appUrl}/admin/companies/${companyId}/template`, {
    method: 'POST',
    headers: { ...form.headers, ...json, cookie },
    body: form.body,
  });
  const saveMs = performance.now() - started;
  if (saved.status !== 200) throw new Error(`the template save answered ${saved.status}: ${saved.text.slice(0, 300)}`);
  const viewStarted = performance.now();
  const shows = (await pageOf()).includes(name);
  const viewMs = performance.now() - viewStarted;
  console.log(
    `  company template: ${joined} members; saved in ${Math.round(saveMs)} ms; the next view of ` +
      `/${ctx.profile.slug} took ${Math.round(viewMs)} ms and ${shows ? 'shows' : 'does NOT show'} the new name`,
  );

  await post(`/admin/companies/${companyId}/members`, { ids: ids.join(','), remove: '1' });

  ctx.results.add({
    id: 'company.template-save',
    what:
      `POST /admin/companies/{id}/template for ${joined} members, one transaction; next page view ` +
      `${shows ? 'shows it' : 'does NOT show it'}`,
    value: saveMs,
    unit: 'ms',
    target: `< ${TARGET_MS} ms`,
    pass: joined === MEMBERS && shows && saveMs < TARGET_MS,
  });
  ctx.results.add({
    id: 'company.next-view',
    what: 'GET /{slug} of a member right after the save (the page rendered anew)',
    value: viewMs,
    unit: 'ms',
    target: '',
    pass: null,
  });
  ctx.results.detail('company', { members: joined, saveMs, viewMs, shows });
}
