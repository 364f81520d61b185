/**
 * q. The price list (issue 27) with 200 items, imported through the owner's CSV import as an
 * owner would: `GET /{slug}/fiyat-listesi` at 50 connections against hello world in alternating
 * rounds (the median round's ratio, as the profile's), its first render (HTML + CSS, gzip), and
 * the A4 PDF, drawn after an edit and kept while the list is unchanged, one request at a time.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { rawRequest } from '../../tests/helpers/raw-http.js';
import { MOBILE_BROWSER_HEADERS, round, type BenchContext } from '../context.js';
import { describeStatuses, load, percentile, type LoadResult } from '../load.js';
import { cpuSeconds } from '../proc-stats.js';
import { medianRatio, wrkRounds } from '../wrk-rounds.js';

const ITEMS = 200;
const CONNECTIONS = 50;
const ROUNDS = 3;
const WARMUP_S = 2;
const DURATION_S = 8;
const PDF_WARMUP = 2;
const PDF_MEASURED = 10;
const TARGETS = { ratio: 70, firstRenderKb: 30, pdfMs: 300 } as const;

/** A café's 200 items in 10 categories, with descriptions and labels: `kategori;urun;aciklama;fiyat;etiketler`. */
function csv(): string {
  const lines = ['kategori;urun;aciklama;fiyat;etiketler'];
  for (let i = 0; i < ITEMS; i += 1) {
    const labels = i % 3 === 0 ? 'Vegan, Glutensiz' : i % 3 === 1 ? 'Süt' : '';
    const kurus = 1000 + i * 137;
    const price = `${Math.floor(kurus / 100)},${String(kurus % 100).padStart(2, '0')}`;
    lines.push(
      `Kategori ${(i % 10) + 1} · Sıcak İçecekler;Ürün ${i + 1} Çılgın Şeftali;Günün taze malzemeleriyle ` +
        `hazırlanan ${i + 1}. ürün, yanında ılık pide ile;${price};${labels}`,
    );
  }
  return lines.join('\r\n');
}

/** The owner's import: the preview, then its confirm form posted back as a browser posts it. */
async function importList(ctx: BenchContext): Promise<void> {
  const base = `${ctx.appUrl}/edit/${ctx.profile.editToken}/price-list/import`;
  const form = new FormData();
  form.set('replace', '1');
  form.set('file', new Blob([csv()], { type: 'text/csv' }), 'liste.csv');
  const preview = await fetch(base, { method: 'POST', body: form });
  const html = await preview.text();
  const data = /<input type="hidden" name="data" value="([^"]+)">/.exec(html)?.[1];
  if (preview.status !== 200 || !data)
    throw new Error(`the price list import's preview answered ${preview.status}: ${html.slice(0, 300)}`);
  const done = await fetch(`${base}/confirm`, {
    method: 'POST',
    body: new URLSearchParams({ data, replace: '1' }),
    redirect: 'manual',
  });
  if (done.status !== 303) throw new Error(`the price list import's confirmation answered ${done.status}`);
}

export async function benchPriceList(ctx: BenchContext): Promise<void> {
  const { results, profile } = ctx;
  await importList(ctx);
  const pageUrl = `${ctx.appUrl}/${profile.slug}/fiyat-listesi`;

  const page = await rawRequest(pageUrl, { headers: { ...MOBILE_BROWSER_HEADERS, 'accept-encoding': 'gzip' } });
  const html = page.headers['content-encoding'] === 'gzip' ? gunzipSync(page.body).toString('utf8') : page.text;
  const items = html.match(/<li class="pl-item/g)?.length ?? 0;
  if (page.status !== 200 || items !== ITEMS)
    throw new Error(`GET /${profile.slug}/fiyat-listesi answered ${page.status} with ${items} items`);
  const cssHref = /<link rel="stylesheet" href="([^"]+)">/.exec(html)?.[1];
  const css = cssHref
    ? (await rawRequest(new URL(cssHref, pageUrl).href, { headers: { 'accept-encoding': 'identity' } })).body
    : Buffer.alloc(0);
  const htmlGz = gzipSync(html).length;
  const cssGz = gzipSync(css).length;
  const firstKb = (htmlGz + cssGz) / 1024;
  console.log(
    `  first render: HTML ${round(Buffer.byteLength(html) / 1024)} KB (${round(htmlGz / 1024)} KB ` +
      `gzip, ${round(page.body.length / 1024)} KB as served), CSS ${round(cssGz / 1024)} KB gzip`,
  );
  results.add({
    id: 'pricelist.firstRender',
    what: `GET /{slug}/fiyat-listesi with ${ITEMS} items: first render (HTML + CSS), gzip`,
    value: round(firstKb),
    unit: 'KB',
    target: `≤ ${TARGETS.firstRenderKb} KB`,
    pass: firstKb <= TARGETS.firstRenderKb,
  });

  const rounds: Array<{ hello: LoadResult; list: LoadResult; ratio: number }> = [];
  for (let r = 1; r <= ROUNDS; r += 1) {
    const hello = await load({
      url: `${ctx.helloUrl}/`,
      connections: CONNECTIONS,
      warmupS: WARMUP_S,
      durationS: DURATION_S,
      headers: { ...MOBILE_BROWSER_HEADERS },
    });
    const list = await load({
      url: pageUrl,
      connections: CONNECTIONS,
      warmupS: WARMUP_S,
      durationS: DURATION_S,
      headers: { ...MOBILE_BROWSER_HEADERS },
    });
    const ratio = (list.rps / hello.rps) * 100;
    rounds.push({ hello, list, ratio });
    console.log(
      `  round ${r}: hello world ${Math.round(hello.rps)} req/s, /fiyat-listesi ${Math.round(list.rps)} ` +
        `req/s (${describeStatuses(list.statuses)}): ${ratio.toFixed(1)} %`,
    );
  }
  const allOk = rounds.every(({ list }) => (list.statuses[200] ?? 0) === list.responses && list.errors === 0);
  const median = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(ROUNDS / 2)]!;
  results.add({
    id: 'pricelist.rps',
    what: `GET /{slug}/fiyat-listesi (${ITEMS} items): req/s at 50 conn.${allOk ? '' : ' (NOT all 200!)'}`,
    value: median.list.rps,
    unit: 'req/s',
    target: '',
    pass: allOk ? null : false,
  });
  results.add({
    id: 'pricelist.ratio.autocannon',
    what: `GET /{slug}/fiyat-listesi throughput / hello world under autocannon (median of ${ROUNDS} rounds)`,
    value: median.ratio,
    unit: '%',
    target: '',
    pass: null,
  });
  // The target under wrk (bench/wrk-rounds.ts); without it, autocannon's ratio stands in.
  const wrk = await wrkRounds({ hello: `${ctx.helloUrl}/`, list: pageUrl }, ROUNDS, (r, { hello, list }) =>
    console.log(
      `  wrk round ${r}: hello world ${Math.round(hello.rps)} req/s, /fiyat-listesi ${Math.round(list.rps)} req/s: ` +
        `${((list.rps / hello.rps) * 100).toFixed(1)} %`,
    ),
  );
  const ratio = wrk ? medianRatio(wrk, 'list', 'hello').ratio : median.ratio;
  results.add({
    id: 'pricelist.ratio',
    what:
      `GET /{slug}/fiyat-listesi throughput / hello world, ` +
      `${wrk ? 'under wrk' : 'under autocannon: wrk is not installed'} (median of ${ROUNDS} rounds)`,
    value: ratio,
    unit: '%',
    target: `≥ ${TARGETS.ratio} %`,
    pass: allOk && ratio >= TARGETS.ratio,
  });
  results.add({
    id: 'pricelist.p99',
    what: 'GET /{slug}/fiyat-listesi p99',
    value: median.list.p99,
    unit: 'ms',
    target: '',
    pass: null,
  });

  // Each drawing follows a real edit (the owner saves the list's kind), which raises the version the PDF is kept for.
  const timedPdf = async (): Promise<number> => {
    const started = performance.now();
    const res = await rawRequest(`${pageUrl}.pdf`, { timeoutMs: 30_000 });
    const ms = performance.now() - started;
    if (res.status !== 200 || res.headers['content-type'] !== 'application/pdf')
      throw new Error(`GET /${profile.slug}/fiyat-listesi.pdf answered ${res.status}`);
    pdfBytes = res.body.length;
    return ms;
  };
  const edit = async () => {
    const res = await fetch(`${ctx.appUrl}/edit/${profile.editToken}/price-list/kind`, {
      method: 'POST',
      body: new URLSearchParams({ kind: 'menu' }),
      redirect: 'manual',
    });
    if (res.status !== 303) throw new Error(`saving the price list's kind answered ${res.status}`);
  };
  let pdfBytes = 0;
  for (let i = 0; i < PDF_WARMUP; i += 1) {
    await edit();
    await timedPdf();
  }
  const drawTimes: number[] = [];
  const cpuBefore = cpuSeconds(ctx.server.pid);
  for (let i = 0; i < PDF_MEASURED; i += 1) {
    await edit();
    drawTimes.push(await timedPdf());
  }
  const cpuAfter = cpuSeconds(ctx.server.pid);
  // The server's own CPU per drawing (and its edit): what drawing costs, whatever else keeps the machine busy.
  const cpuMs = cpuBefore !== null && cpuAfter !== null ? ((cpuAfter - cpuBefore) * 1000) / PDF_MEASURED : null;
  const heldTimes: number[] = [];
  for (let i = 0; i < PDF_MEASURED; i += 1) heldTimes.push(await timedPdf());
  drawTimes.sort((a, b) => a - b);
  heldTimes.sort((a, b) => a - b);
  const drawP50 = percentile(drawTimes, 50);
  console.log(
    `  PDF: ${round(pdfBytes / 1024)} KB; drawn after an edit ${drawTimes.map((ms) => Math.round(ms)).join(', ')} ms ` +
      `(server CPU ${cpuMs === null ? '?' : Math.round(cpuMs)} ms each, the edit included); ` +
      `kept ${heldTimes.map((ms) => Math.round(ms)).join(', ')} ms`,
  );
  results.add({
    id: 'pricelist.pdf.p50',
    what: `GET /{slug}/fiyat-listesi.pdf (${ITEMS} items, A4) drawn after an edit, p50 of ${PDF_MEASURED}`,
    value: round(drawP50),
    unit: 'ms',
    target: `< ${TARGETS.pdfMs} ms`,
    pass: drawP50 < TARGETS.pdfMs,
  });
  results.add({
    id: 'pricelist.pdf.cpu',
    what: "The same: the server's CPU time a drawing (its edit included)",
    value: cpuMs === null ? null : round(cpuMs),
    unit: 'ms',
    target: '',
    pass: null,
  });
  results.add({
    id: 'pricelist.pdf.held',
    what: 'GET /{slug}/fiyat-listesi.pdf again, unchanged (kept per version), p50',
    value: round(percentile(heldTimes, 50)),
    unit: 'ms',
    target: '',
    pass: null,
  });
  results.detail('priceList', {
    items: ITEMS,
    firstRender: { htmlGzip: htmlGz, cssGzip: cssGz, htmlRaw: Buffer.byteLength(html) },
    rounds: rounds.map((r) => ({ helloRps: r.hello.rps, listRps: r.list.rps, ratio: r.ratio })),
    wrkRounds: wrk?.map((r) => ({ helloRps: r.hello.rps, listRps: r.list.rps })) ?? null,
    pdfDrawMs: drawTimes,
    pdfHeldMs: heldTimes,
    pdfBytes,
  });
}
