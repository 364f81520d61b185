/**
 * h. Link clicks as browsers send them (`<a ping>`: POST, text/ping, Ping-From/Ping-To), at 50
 * connections: each answered 204 at once and written in batches off the request path. Each
 * request comes from another client address (X-Forwarded-For, honoured because the bench starts
 * the server with TRUST_PROXY=true), so the per-address limit of 60 clicks per 10 minutes never
 * answers 429 and every request is a real click. After the run, once the recorder has flushed,
 * the counters must have grown by exactly the number of 204s.
 */
import type autocannon from 'autocannon';
import { setTimeout as sleep } from 'node:timers/promises';
import { clientAddress } from '../../tests/helpers/raw-http.js';
import { MOBILE_BROWSER_HEADERS, type BenchContext } from '../context.js';
import { describeStatuses, load } from '../load.js';

const CONNECTIONS = 50;
/**
 * A probe of `probeS` seconds learns the rate; the measured run then sends a fixed number of
 * clicks, about `measuredS` seconds' worth, within [min, max]. The recorder writes every 0.5 s:
 * the counters are read until they stop growing, at most `settleMs`.
 */
const RUN = { probeS: 3, measuredS: 10, min: 500, max: 100_000, settleMs: 5000 } as const;

export async function benchLinkClicks(ctx: BenchContext): Promise<void> {
  const { profile } = ctx;
  const linkId = await ctx.rows.count(
    'select min(id) from social_links where customer_id = ? and is_visible = true',
    profile.id,
  );
  if (!linkId) throw new Error(`the bench profile ${profile.slug} has no visible link`);
  const url = `${ctx.appUrl}/${profile.slug}/links/${linkId}/click`;
  const countClicks = () =>
    ctx.rows.count('select coalesce(sum(clicks), 0) from link_click_days where link_id = ?', linkId);

  let sequence = 0;
  const setupRequest = (req: autocannon.Request): autocannon.Request => {
    sequence += 1;
    if (sequence >= 1 << 24) throw new Error('ran out of client addresses');
    return {
      ...req,
      method: 'POST',
      path: `/${profile.slug}/links/${linkId}/click`,
      headers: {
        ...MOBILE_BROWSER_HEADERS,
        'content-type': 'text/ping',
        'ping-from': `${ctx.appUrl}/${profile.slug}`,
        'ping-to': 'https://instagram.com/aysekaya.seramik',
        'sec-fetch-site': 'same-origin',
        'sec-fetch-mode': 'no-cors',
        'x-forwarded-for': clientAddress(sequence),
      },
      body: 'PING',
    };
  };

  /** Reads the counters until two reads a flush apart agree. */
  async function settledCount(): Promise<number> {
    let last = await countClicks();
    for (let waited = 0; waited < RUN.settleMs; waited += 750) {
      await sleep(750);
      const next = await countClicks();
      if (next === last) return next;
      last = next;
    }
    return last;
  }

  // A short run to learn the rate, then a run of a fixed number of clicks: with `amount`,
  // autocannon waits for every answer, so counted clicks and 204s can be compared exactly.
  const probe = await load({ url, connections: CONNECTIONS, durationS: RUN.probeS, setupRequest });
  const amount = Math.max(RUN.min, Math.min(RUN.max, Math.round(probe.rps * RUN.measuredS)));
  const before = await settledCount();
  const result = await load({ url, connections: CONNECTIONS, amount, setupRequest });
  const added = (await settledCount()) - before;
  const accepted = result.statuses[204] ?? 0;
  console.log(
    `  clicks: ${amount} sent, answers ${describeStatuses(result.statuses)}, ${added} counted after the flush`,
  );

  const allCounted = added === accepted && accepted === result.responses && result.errors === 0;
  const r = ctx.results;
  r.add({
    id: 'clicks.rate',
    what: `POST /{slug}/links/{id}/click: clicks/s at ${CONNECTIONS} conn.`,
    value: accepted / result.durationS,
    unit: 'clicks/s',
    target: 'every 204 counted',
    pass: allCounted,
  });
  r.add({
    id: 'clicks.counted',
    what: 'Clicks added to the day counters after the flush',
    value: added,
    unit: 'clicks',
    target: '= 204 answers',
    pass: added === accepted,
    display: `${added.toLocaleString('en-US')} of ${accepted.toLocaleString('en-US')} answers 204`,
  });
  r.add({
    id: 'clicks.p99',
    what: 'POST /{slug}/links/{id}/click p99',
    value: result.p99,
    unit: 'ms',
    target: '',
    pass: null,
  });
  r.detail('clicks', { connections: CONNECTIONS, amount, linkId, counted: added, probe, result });
  r.note(
    'Clicks: every request carries its own X-Forwarded-For address (the server runs with TRUST_PROXY=true), ' +
      'so the per-address limit (60 per 10 minutes) is never reached and every click is counted.',
  );
}
