/**
 * d. Visitors' anonymous messages, sustained: each one must be committed before its 303.
 * The form needs a signed "form shown at" stamp at least 2 s old, taken from the page; each
 * request comes from another client address (X-Forwarded-For, honoured because the bench
 * starts the server with TRUST_PROXY=true), so the per-address limit of 30 accepted messages per
 * 10 minutes never answers 429.
 */
import type autocannon from 'autocannon';
import { setTimeout as sleep } from 'node:timers/promises';
import { clientAddress, inputValue, rawRequest } from '../../tests/helpers/raw-http.js';
import { MOBILE_BROWSER_HEADERS, type BenchContext } from '../context.js';
import { describeStatuses, load } from '../load.js';
import { cpuSeconds } from '../proc-stats.js';
import { randomMessage, seededRandom } from '../names.js';

const CONNECTIONS = 20;
const PROBE_S = 3;
/** The measured run sends a fixed number of messages, about this many seconds' worth. */
const MEASURED_S = 10;
const MIN_MESSAGES = 200;
const MAX_MESSAGES = 30_000;
const STAMP_AGE_MS = 2100;

/** Which server the messages go to, and the ids and words its figures are reported under. */
export interface MessagesTarget {
  appUrl: string;
  id: string;
  /** After "POST /{slug}/messages" in the figures' descriptions. */
  label: string;
}

/** One measured run of messages against one server. */
export interface MessagesRun {
  rate: number;
  redirects: number;
  responses: number;
  added: number;
  p99: number;
  allCommitted: boolean;
  /** The server's CPU time (user and system, every thread) per message of the measured run, when its pid is known. */
  cpuUs: number | null;
}

/** The messages' rate at `target` (the main server by default), reported; returns the measured messages per second. */
export async function benchMessages(
  ctx: BenchContext,
  target: MessagesTarget = { appUrl: ctx.appUrl, id: 'messages', label: '' },
): Promise<number> {
  const run = await measureMessages(
    ctx,
    target.appUrl,
    target.id,
    target.appUrl === ctx.appUrl ? ctx.server.pid : null,
  );
  reportMessages(ctx, target, [run]);
  if (target.id === 'messages')
    ctx.results.note(
      'Messages: every request carries its own X-Forwarded-For address (the server runs with TRUST_PROXY=true), ' +
        'so the per-address limit (10 per 10 minutes) is never reached and every message is a real insert.',
    );
  return run.rate;
}

/**
 * One run of messages against the server at `appUrl` (process `pid`): a probe, then a fixed number; `detailId` names
 * its raw figures.
 */
export async function measureMessages(
  ctx: BenchContext,
  appUrl: string,
  detailId: string,
  pid: number | null,
): Promise<MessagesRun> {
  const { profile } = ctx;
  const page = await rawRequest(`${appUrl}/${profile.slug}`, {
    headers: { ...MOBILE_BROWSER_HEADERS, 'accept-encoding': 'identity' },
  });
  const stamp = inputValue(page.text, 'form_started');
  await sleep(STAMP_AGE_MS); // the form refuses a post sooner than 2 s after the page was shown

  const random = seededRandom(42);
  let sequence = 0;
  const setupRequest = (req: autocannon.Request): autocannon.Request => {
    sequence += 1;
    if (sequence >= 1 << 24) throw new Error('ran out of client addresses');
    const body = new URLSearchParams({
      message: `${randomMessage(random)} (#${sequence})`,
      form_started: stamp,
      alan_bos: '',
    }).toString();
    return {
      ...req,
      method: 'POST',
      path: `/${profile.slug}/messages`,
      headers: {
        ...MOBILE_BROWSER_HEADERS,
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': clientAddress(sequence),
      },
      body,
    };
  };
  const url = `${appUrl}/${profile.slug}/messages`;
  const countMessages = () =>
    ctx.rows.count('select count(*) from anonymous_messages where customer_id = ?', profile.id);

  // A short run to learn the rate, then a run of a fixed number of messages: with `amount`,
  // autocannon waits for every answer, so committed rows and 303s can be compared exactly.
  const probe = await load({ url, connections: CONNECTIONS, durationS: PROBE_S, setupRequest });
  // Messages in flight when the probe stopped are still being committed (seconds, on a slow run): wait until none
  // lands.
  for (let last = -1, now = await countMessages(); now !== last; last = now, now = await countMessages())
    await sleep(500);
  const amount = Math.max(MIN_MESSAGES, Math.min(MAX_MESSAGES, Math.round(probe.rps * MEASURED_S)));
  const before = await countMessages();
  const cpuBefore = pid === null ? null : cpuSeconds(pid);
  const result = await load({ url, connections: CONNECTIONS, amount, setupRequest });
  const cpuAfter = pid === null ? null : cpuSeconds(pid);
  const added = (await countMessages()) - before;
  const redirects = result.statuses[303] ?? 0;
  const cpuUs =
    cpuBefore !== null && cpuAfter !== null && redirects > 0 ? ((cpuAfter - cpuBefore) * 1e6) / redirects : null;
  console.log(
    `  ${detailId}: ${amount} sent, answers ${describeStatuses(result.statuses)}, ${added} rows added, ` +
      `${Math.round(redirects / result.durationS)} msg/s, server ` +
      `CPU ${cpuUs === null ? '?' : Math.round(cpuUs)} µs a message`,
  );
  ctx.results.detail(detailId, { connections: CONNECTIONS, amount, rowsAdded: added, probe, result });
  return {
    rate: redirects / result.durationS,
    redirects,
    responses: result.responses,
    added,
    p99: result.p99,
    allCommitted: added === redirects && redirects === result.responses && result.errors === 0,
    cpuUs,
  };
}

/** The figures of one or more runs against like servers: the mean rate, the answers and rows summed, the worst p99. */
export function reportMessages(
  ctx: BenchContext,
  target: Omit<MessagesTarget, 'appUrl'>,
  runs: readonly MessagesRun[],
): number {
  const { id, label } = target;
  const rate = runs.reduce((sum, run) => sum + run.rate, 0) / runs.length;
  const redirects = runs.reduce((sum, run) => sum + run.redirects, 0);
  const responses = runs.reduce((sum, run) => sum + run.responses, 0);
  const added = runs.reduce((sum, run) => sum + run.added, 0);
  const r = ctx.results;
  r.add({
    id: `${id}.rate`,
    what: `POST /{slug}/messages${label}: messages/s at ${CONNECTIONS} conn.`,
    value: rate,
    unit: 'msg/s',
    target: 'every 303 committed',
    pass: runs.every((run) => run.allCommitted),
  });
  r.add({
    id: `${id}.answers`,
    what: `Messages answered 303${label}`,
    value: redirects,
    unit: 'answers',
    target: '',
    pass: null,
    display: `${redirects.toLocaleString('en-US')} of ${responses.toLocaleString('en-US')} answers`,
  });
  r.add({
    id: `${id}.rows`,
    what: `Message rows added to the database${label}`,
    value: added,
    unit: 'rows',
    target: '= 303 answers',
    pass: added === redirects,
  });
  r.add({
    id: `${id}.p99`,
    what: `POST /{slug}/messages${label} p99`,
    value: Math.max(...runs.map((run) => run.p99)),
    unit: 'ms',
    target: '',
    pass: null,
  });
  const cpu = runs.map((run) => run.cpuUs);
  if (cpu.every((us): us is number => us !== null)) {
    r.add({
      id: `${id}.cpu`,
      what: `Server CPU a message${label}`,
      value: Math.round(cpu.reduce((sum, us) => sum + us, 0) / cpu.length),
      unit: 'µs',
      target: '',
      pass: null,
    });
  }
  return rate;
}
