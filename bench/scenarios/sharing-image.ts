/**
 * k. The sharing image, `GET /{slug}/og.png`: its first request draws it (SVG text through librsvg
 * with our fonts, the photo composited, a palette PNG encoded: the first drawing of the process
 * also loads the fonts), every later one is served from memory. The first request's time is the
 * drawing's; the warm throughput is that of a cached image of 50-100 KB at 50 connections. The
 * memory a drawing takes shows as this phase's RSS and peak rise in "f. Server memory".
 */
import { rawRequest } from '../../tests/helpers/raw-http.js';
import { round, type BenchContext } from '../context.js';
import { describeStatuses, load } from '../load.js';

const CONNECTIONS = 50;
const WARMUP_S = 2;
const DURATION_S = 8;
const MAX_BYTES = 100_000;
/** A chat app's preview crawler: not a visitor, asks for the image once. */
const CRAWLER_HEADERS = { 'user-agent': 'WhatsApp/2.24.6.77 A', accept: 'image/*' };

export async function benchSharingImage(ctx: BenchContext): Promise<void> {
  const url = `${ctx.appUrl}/${ctx.profile.slug}/og.png`;
  const started = performance.now();
  const first = await rawRequest(url, { headers: CRAWLER_HEADERS, timeoutMs: 30_000 });
  const firstMs = performance.now() - started;
  const type = first.headers['content-type'];
  if (first.status !== 200 || !/^image\/(png|jpeg)$/.test(String(type)))
    throw new Error(`GET /${ctx.profile.slug}/og.png answered ${first.status} ${String(type)}`);
  console.log(
    `  first request (drawn, with the photo): ${Math.round(firstMs)} ` +
      `ms, ${type}, ${round(first.body.length / 1024)} KB`,
  );
  ctx.results.add({
    id: 'og.first.ms',
    what: 'GET /{slug}/og.png, first request (drawn; the fonts loaded too)',
    value: round(firstMs),
    unit: 'ms',
    target: '',
    pass: null,
  });
  ctx.results.add({
    id: 'og.size',
    what: `og.png with a photo, ${type}`,
    value: round(first.body.length / 1024),
    unit: 'KB',
    target: `< ${MAX_BYTES / 1000} KB`,
    pass: first.body.length < MAX_BYTES,
  });

  const warm = await load({
    url,
    connections: CONNECTIONS,
    warmupS: WARMUP_S,
    durationS: DURATION_S,
    headers: CRAWLER_HEADERS,
  });
  const ok = (warm.statuses['200'] ?? 0) === warm.responses && warm.errors === 0;
  console.log(
    `  warm: ${Math.round(warm.rps)} req/s, p50 ${round(warm.p50)} ms, p99 ${round(warm.p99)} ms ` +
      `(${describeStatuses(warm.statuses)})`,
  );
  ctx.results.add({
    id: 'og.warm.rps',
    what: `GET /{slug}/og.png from memory, ${CONNECTIONS} connections${ok ? '' : ' (NOT ALL 200!)'}`,
    value: round(warm.rps, 0),
    unit: 'req/s',
    target: '',
    pass: ok ? null : false,
  });
  ctx.results.add({
    id: 'og.warm.p99',
    what: 'og.png from memory, p99',
    value: round(warm.p99),
    unit: 'ms',
    target: '',
    pass: null,
  });
  ctx.results.detail('sharingImage', { firstMs, firstBytes: first.body.length, type, warm });
}
