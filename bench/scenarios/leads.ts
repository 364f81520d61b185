/**
 * o. Contact exchange (docs/product.md, Contact exchange): visitors' leads, sustained, beside the
 * messages' scenario d. Each one must be committed (with its day counter) before its 303. The
 * scenario turns the bench profile's form on through the owner's form, takes the signed stamp
 * and the notice version from the page, and gives each request its own client address
 * (X-Forwarded-For, TRUST_PROXY=true), so the per-address limit never answers 429.
 */
import type autocannon from 'autocannon';
import { setTimeout as sleep } from 'node:timers/promises';
import { clientAddress, inputValue, rawRequest } from '../../tests/helpers/raw-http.js';
import { MOBILE_BROWSER_HEADERS, type BenchContext } from '../context.js';
import { describeStatuses, load } from '../load.js';
import { cpuSeconds } from '../proc-stats.js';

const CONNECTIONS = 20;
const PROBE_S = 3;
/** The measured run sends a fixed number of leads, about this many seconds' worth. */
const MEASURED_S = 10;
const MIN_LEADS = 200;
const MAX_LEADS = 30_000;
const STAMP_AGE_MS = 2100;

export async function benchLeads(ctx: BenchContext): Promise<void> {
  const { profile } = ctx;
  const settings = new URLSearchParams({
    enabled: '1',
    prompt: 'Numaranızı bırakın, sizi arayalım.',
    notice: 'Veri sorumlusu: bench.',
    retention_months: '12',
  });
  for (const field of ['phone', 'email', 'note']) settings.append('fields', field);
  const saved = await rawRequest(`${ctx.appUrl}/edit/${profile.editToken}/leads/settings`, {
    method: 'POST',
    headers: { ...MOBILE_BROWSER_HEADERS, 'content-type': 'application/x-www-form-urlencoded' },
    body: settings.toString(),
  });
  if (saved.status !== 303) throw new Error(`turning the contact form on answered ${saved.status}`);
  const page = await rawRequest(`${ctx.appUrl}/${profile.slug}`, {
    headers: { ...MOBILE_BROWSER_HEADERS, 'accept-encoding': 'identity' },
  });
  const stamp = inputValue(page.text, 'form_started');
  const noticeVersion = inputValue(page.text, 'notice_version');
  await sleep(STAMP_AGE_MS); // the form refuses a post sooner than 2 s after the page was shown

  let sequence = 0;
  const setupRequest = (req: autocannon.Request): autocannon.Request => {
    sequence += 1;
    if (sequence >= 1 << 24) throw new Error('ran out of client addresses');
    const phone = `0532${String(sequence % 10_000_000).padStart(7, '0')}`;
    const body = new URLSearchParams({
      name: `Ziyaretçi ${sequence}`,
      phone,
      email: `ziyaretci${sequence}@ornek.com`,
      note: 'Salı öğleden sonra arayın.',
      consent: '1',
      form_started: stamp,
      notice_version: noticeVersion,
      alan_bos: '',
    }).toString();
    return {
      ...req,
      method: 'POST',
      path: `/${profile.slug}/leads`,
      headers: {
        ...MOBILE_BROWSER_HEADERS,
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': clientAddress(sequence),
      },
      body,
    };
  };
  const url = `${ctx.appUrl}/${profile.slug}/leads`;
  const countLeads = () => ctx.rows.count('select count(*) from leads where customer_id = ?', profile.id);

  // A short run to learn the rate, then a run of a fixed number of leads: with `amount`,
  // autocannon waits for every answer, so committed rows and 303s can be compared exactly.
  const probe = await load({ url, connections: CONNECTIONS, durationS: PROBE_S, setupRequest });
  const amount = Math.max(MIN_LEADS, Math.min(MAX_LEADS, Math.round(probe.rps * MEASURED_S)));
  // Leads in flight when the probe stopped are still being committed (seconds on a busy machine):
  // the count before the measured run is taken once it has stopped moving.
  let before = await countLeads();
  for (let settled = 0; settled < 3;) {
    await sleep(500);
    const now = await countLeads();
    settled = now === before ? settled + 1 : 0;
    before = now;
  }
  const cpuBefore = cpuSeconds(ctx.server.pid);
  const result = await load({ url, connections: CONNECTIONS, amount, setupRequest });
  const cpuAfter = cpuSeconds(ctx.server.pid);
  const added = (await countLeads()) - before;
  const redirects = result.statuses[303] ?? 0;
  const redirected = result.statuses[303] ?? 0;
  const cpuUs =
    cpuBefore !== null && cpuAfter !== null && redirected > 0 ? ((cpuAfter - cpuBefore) * 1e6) / redirected : null;
  console.log(
    `  leads: ${amount} sent, answers ${describeStatuses(result.statuses)}, ${added} rows added, server ` +
      `CPU ${cpuUs === null ? '?' : Math.round(cpuUs)} µs a lead`,
  );

  const rate = redirects / result.durationS;
  const allCommitted = added === redirects && redirects === result.responses && result.errors === 0;
  const r = ctx.results;
  // Compared with the messages' rate when scenario d ran first (`--only=messages,leads`).
  const messageRate = r.rows.find((row) => row.id === 'messages.rate')?.value ?? null;
  r.add({
    id: 'leads.rate',
    what: `POST /{slug}/leads: leads/s at ${CONNECTIONS} conn.`,
    value: rate,
    unit: 'leads/s',
    target:
      messageRate === null ? 'every 303 committed' : `every 303 committed, ≥ messages' ${Math.round(messageRate)}/s`,
    pass: allCommitted && (messageRate === null || rate >= messageRate),
  });
  r.add({
    id: 'leads.answers',
    what: 'Leads answered 303',
    value: redirects,
    unit: 'answers',
    target: '',
    pass: null,
    display: `${redirects.toLocaleString('en-US')} of ${result.responses.toLocaleString('en-US')} answers`,
  });
  r.add({
    id: 'leads.rows',
    what: 'Lead rows added to the database',
    value: added,
    unit: 'rows',
    target: '= 303 answers',
    pass: added === redirects,
  });
  r.add({ id: 'leads.p99', what: 'POST /{slug}/leads p99', value: result.p99, unit: 'ms', target: '', pass: null });
  ctx.results.detail('leads', { connections: CONNECTIONS, amount, rowsAdded: added, probe, result });
}
