/**
 * u. Card codes (docs/product.md, Card codes): a batch of 1,000 codes made through `POST /admin/codes` (target under
 * 1 s: drawn, inserted with conflicts ignored, counted), then one attached to the bench profile and
 * `GET /k/{code}` (a 302 to the card) against the profile itself at 50 connections under wrk, in alternating rounds,
 * the ratio the median round's (target ≥ 90 %). Afterwards the code is taken off the card again.
 */
import { cookieHeader, formBody, rawRequest } from '../../tests/helpers/raw-http.js';
import { signInAdmin } from '../../tests/helpers/real-admin.js';
import { MOBILE_BROWSER_HEADERS, round, type BenchContext } from '../context.js';
import { load } from '../load.js';
import { medianRatio, wrkRounds, type WrkRound } from '../wrk-rounds.js';

const ROUNDS = 3;
const TARGET_RATIO = 90;
const TARGET_MS = 1000;
const BATCH = 1000;

type Page = 'profile' | 'code';

export async function benchCardCodes(ctx: BenchContext, credentials: { email: string; password: string }) {
  const session = await signInAdmin(ctx.appUrl, credentials.email, credentials.password);
  let cookie = session.cookie;
  const post = async (path: string, fields: Record<string, string>): Promise<Record<string, unknown>> => {
    const form = formBody({ _csrf: session.csrf, ...fields });
    const res = await rawRequest(`${ctx.appUrl}${path}`, {
      method: 'POST',
      headers: { ...form.headers, accept: 'application/json', cookie },
      body: form.body,
    });
    if (res.status !== 200) throw new Error(`POST ${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
    cookie = cookieHeader(res, cookie);
    return JSON.parse(res.text) as Record<string, unknown>;
  };

  const started = performance.now();
  const made = await post('/admin/codes', { count: String(BATCH), kind: 'nfc', label: 'Bench' });
  const ms = performance.now() - started;
  const batch = Number(made.batch);
  const listed = await rawRequest(`${ctx.appUrl}/admin/codes?parti=${batch}`, {
    headers: { accept: 'application/json', cookie },
  });
  const codes = (JSON.parse(listed.text) as { codes: Array<{ code: string }> }).codes;
  if (codes.length === 0) throw new Error(`batch ${batch} lists no code`);
  console.log(`  ${BATCH} codes in one batch: ${Math.round(ms)} ms`);
  ctx.results.add({
    id: 'codes.batch.ms',
    what: `POST /admin/codes making ${BATCH.toLocaleString('en')} codes, one request`,
    value: round(ms),
    unit: 'ms',
    target: `< ${TARGET_MS} ms`,
    pass: ms < TARGET_MS,
  });

  const code = codes[0]!.code;
  await post(`/admin/codes/${code}/assign`, { customer_id: String(ctx.profile.id) });
  const urls: Record<Page, string> = {
    profile: `${ctx.appUrl}/${ctx.profile.slug}`,
    code: `${ctx.appUrl}/k/${code}`,
  };
  const tap = await rawRequest(urls.code, { headers: MOBILE_BROWSER_HEADERS });
  if (tap.status !== 302) throw new Error(`GET /k/${code} answered ${tap.status}`);

  const log = (r: number, figures: Record<Page, { rps: number }>) =>
    console.log(
      `  round ${r}: profile ${Math.round(figures.profile.rps)} req/s, /k/{code} ${Math.round(figures.code.rps)} req/s`,
    );
  let rounds = await wrkRounds(urls, ROUNDS, log);
  const tool = rounds ? 'wrk' : 'autocannon (wrk is not installed)';
  if (!rounds) {
    rounds = [];
    for (let r = 1; r <= ROUNDS; r += 1) {
      const options = { connections: 50, warmupS: 2, durationS: 8, headers: MOBILE_BROWSER_HEADERS };
      const figures = {} as Record<Page, { rps: number }>;
      for (const page of Object.keys(urls) as Page[]) figures[page] = await load({ url: urls[page], ...options });
      log(r, figures);
      rounds.push(figures as WrkRound<Page>);
    }
  }
  const median = medianRatio(rounds, 'code', 'profile');
  ctx.results.add({
    id: 'codes.tap.ratio',
    what: `GET /k/{code} (302 to the card) throughput / the profile's, ${tool}, median of ${ROUNDS} rounds`,
    value: round(median.ratio),
    unit: '%',
    target: `≥ ${TARGET_RATIO} %`,
    pass: median.ratio >= TARGET_RATIO,
  });
  await post(`/admin/codes/${code}/assign`, { customer_id: '' });
}
