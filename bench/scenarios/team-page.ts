/**
 * r. A company's team page (issue 38) with 50 active members: `GET /{company slug}` against the profile
 * `GET /{slug}` at 50 connections under wrk, in alternating rounds, the median round's ratio (target ≥ 70 %).
 * The company is made through the admin as an agency would (POST /admin/companies, then its members).
 */
import { gunzipSync } from 'node:zlib';
import { cookieHeader, formBody, rawRequest } from '../../tests/helpers/raw-http.js';
import { signInAdmin } from '../../tests/helpers/real-admin.js';
import { MOBILE_BROWSER_HEADERS, round, type BenchContext } from '../context.js';
import { load } from '../load.js';
import { medianRatio, wrkRounds } from '../wrk-rounds.js';

const MEMBERS = 50;
const ROUNDS = 3;
const TARGET_RATIO = 70;

export async function benchTeamPage(ctx: BenchContext, credentials: { email: string; password: string }) {
  const session = await signInAdmin(ctx.appUrl, credentials.email, credentials.password);
  let cookie = session.cookie;
  const json = { accept: 'application/json' };
  const post = async (path: string, fields: Record<string, string>) => {
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
  // The first page of active customers: the list's JSON answers 50 a page.
  const list = await rawRequest(`${ctx.appUrl}/admin?durum=aktif`, { headers: { ...json, cookie } });
  const ids = (JSON.parse(list.text) as { customers: Array<{ id: number }> }).customers.map((c) => c.id);
  const made = await post('/admin/companies', { name: 'Bench Emlak Ofisi', slug: '' });
  const company = made.company as { id: number; slug: string };
  await post(`/admin/companies/${company.id}/members`, { ids: ids.slice(0, MEMBERS).join(',') });

  const teamUrl = `${ctx.appUrl}/${company.slug}`;
  const profileUrl = `${ctx.appUrl}/${ctx.profile.slug}`;
  const page = await rawRequest(teamUrl, { headers: { ...MOBILE_BROWSER_HEADERS, 'accept-encoding': 'gzip' } });
  const html = page.headers['content-encoding'] === 'gzip' ? gunzipSync(page.body).toString('utf8') : page.text;
  const members = html.match(/class="card team__member"/g)?.length ?? 0;
  if (page.status !== 200 || members !== MEMBERS)
    throw new Error(`GET /${company.slug} answered ${page.status} with ${members} members`);
  console.log(`  team page: ${members} members, ${round(page.body.length / 1024)} KB gzip as served`);

  const log = (r: number, figures: Record<'profile' | 'team', { rps: number }>) =>
    console.log(
      `  round ${r}: profile ${Math.round(figures.profile.rps)} req/s, team page ${Math.round(figures.team.rps)} ` +
        `req/s: ${((figures.team.rps / figures.profile.rps) * 100).toFixed(1)} %`,
    );
  let rounds = await wrkRounds({ profile: profileUrl, team: teamUrl }, ROUNDS, log);
  const tool = rounds ? 'wrk' : 'autocannon (wrk is not installed)';
  if (!rounds) {
    rounds = [];
    for (let r = 1; r <= ROUNDS; r += 1) {
      const options = { connections: 50, warmupS: 2, durationS: 8, headers: { ...MOBILE_BROWSER_HEADERS } };
      const figures = {
        profile: await load({ url: profileUrl, ...options }),
        team: await load({ url: teamUrl, ...options }),
      };
      log(r, figures);
      rounds.push(figures as never);
    }
  }
  const median = medianRatio(rounds, 'team', 'profile');
  ctx.results.add({
    id: 'team.rps',
    what: `GET /{company slug} with ${MEMBERS} members: req/s at 50 conn. (${tool}, median round)`,
    value: median.round.team.rps,
    unit: 'req/s',
    target: '',
    pass: null,
  });
  ctx.results.add({
    id: 'team.ratio',
    what: `GET /{company slug} (${MEMBERS} members) throughput / the profile's, ${tool}, median of ${ROUNDS} rounds`,
    value: round(median.ratio),
    unit: '%',
    target: `≥ ${TARGET_RATIO} %`,
    pass: median.ratio >= TARGET_RATIO,
  });
}
